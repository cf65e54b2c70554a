// cosystudio-screenshots <out-dir> <model-folder> <prompt-clip>: renders the
// window in its main states into PNG files for the README. Run it through
// take_screenshots.sh (Xvfb) so the pictures use a real window system.
#include "clip_panel.h"
#include "engine_session.h"
#include "history_panel.h"
#include "language.h"
#include "main_window.h"
#include "model_dialogs.h"
#include "style_panel.h"
#include "text_panel.h"

#include <QApplication>
#include <QDir>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTextStream>

using namespace cosystudio::ui;

namespace {

bool save(QWidget* widget, const QString& folder, const QString& name) {
  QApplication::processEvents();
  const QString path = QDir(folder).filePath(name + QStringLiteral(".png"));
  const bool ok = widget->grab().save(path);
  QTextStream(stdout) << (ok ? "wrote " : "FAILED ") << path << '\n';
  return ok;
}

}  // namespace

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QStandardPaths::setTestModeEnabled(true);
  const QStringList args = app.arguments();
  if (args.size() != 4) {
    QTextStream(stderr) << "usage: cosystudio-screenshots <out-dir> <model-folder> <prompt-clip>\n";
    return 2;
  }
  // The UI language follows the system (LANGUAGE=zh_CN …); pictures of a
  // translated UI go into a sub-folder named after the language.
  const QString language = cosystudio::i18n::installTranslators();
  const bool translated = !language.isEmpty() && !language.startsWith(QLatin1String("en"));
  const QString out = translated ? QDir(args[1]).filePath(language) : args[1];
  const QString model = args[2], clip = args[3];
  QDir().mkpath(out);
  bool ok = true;

  QTemporaryDir outputs;
  MainWindow window;
  window.setOutputsFolder(outputs.path());
  window.resize(1280, 800);
  window.show();
  ok &= QTest::qWaitForWindowExposed(&window);
  ok &= save(&window, out, QStringLiteral("01-empty"));

  {
    QTemporaryDir broken;
    ModelFolderDialog dialog(broken.path(), &window);
    dialog.show();
    ok &= save(&dialog, out, QStringLiteral("02-model-folder-check"));
  }

  QSignalSpy loaded(window.session(), &EngineSession::loaded);
  window.setModelFolder(model);
  loaded.wait(120000);
  window.openClip(clip);
  window.clipPanel()->setSelection(2400, window.clipPanel()->outFrame() - 1200);
  window.clipPanel()->setTranscript(QStringLiteral("希望你以后能够做的比我还好呦。"));
  window.textPanel()->setText(QStringLiteral("八百标兵奔北坡，北坡炮兵并排跑。她[h][ào]干净[breath]，"
                                             "<strong>每天</strong>都打扫房间[giggle]。"));
  ok &= save(&window, out, QStringLiteral("03-clip-and-text"));

  QSignalSpy finished(window.session(), &EngineSession::jobFinished);
  if (window.generate() && finished.wait(180000)) {
    QTest::qWait(200);
    ok &= save(&window, out, QStringLiteral("04-take"));
  } else {
    QTextStream(stderr) << "generation did not finish: " << window.lastError() << '\n';
    ok = false;
  }
  return ok ? 0 : 1;
}
