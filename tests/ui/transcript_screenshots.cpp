// cosystudio-transcript-screenshots <out-dir> <recogniser-folder> <prompt-clip>:
// the window with the prompt clip's transcript as the recogniser heard it, then
// with a typed transcript the clip does not say, into
// <out-dir>/transcript-heard-<language>.png and transcript-mismatch-<language>.png.
// The language follows the system (LANGUAGE=zh_CN …). Run it through
// take_screenshots.sh (Xvfb, a 1280×720 screen).
#include "clip_panel.h"
#include "heard_transcript.h"
#include "language.h"
#include "main_window.h"
#include "text_panel.h"
#include "transcriber.h"

#include <QApplication>
#include <QDir>
#include <QScreen>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTextStream>

using namespace cosystudio::ui;

namespace {

bool save(QWidget* widget, const QString& path) {
  QApplication::processEvents();
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
    QTextStream(stderr) << "usage: cosystudio-transcript-screenshots <out-dir> <recogniser-folder> <prompt-clip>\n";
    return 2;
  }
  const QString language = cosystudio::i18n::installTranslators();
  const QString suffix = language.isEmpty() || language.startsWith(QLatin1String("en")) ? QStringLiteral("en") : language;
  const QString out = args[1], recognizer = args[2], clip = args[3];
  QDir().mkpath(out);

  QTemporaryDir outputs;
  MainWindow window;
  window.setOutputsFolder(outputs.path());
  window.transcriber()->setFolder(recognizer);
  window.resize(window.screen()->availableGeometry().size());
  window.show();
  if (!QTest::qWaitForWindowExposed(&window)) return 1;
  window.textPanel()->setText(QStringLiteral("八百标兵奔北坡，北坡炮兵并排跑。"));
  auto* heard = window.clipPanel()->findChild<HeardTranscript*>();
  const auto reaches = [heard](HeardTranscript::State state) {
    if (QTest::qWaitFor([&] { return heard->state() == state; }, 120000)) return true;
    QTextStream(stderr) << "the transcript was not " << int(state) << " but " << int(heard->state()) << '\n';
    return false;
  };

  // Opened with an empty transcript: the recogniser writes it.
  if (!window.openClip(clip) || !reaches(HeardTranscript::State::Heard)) return 1;
  QTest::qWait(200);
  bool ok = save(&window, QDir(out).filePath(QStringLiteral("transcript-heard-%1.png").arg(suffix)));

  // A transcript typed for another clip: what the clip seems to say, under it.
  window.clipPanel()->setTranscript(suffix == QLatin1String("en") ? QStringLiteral("I hope you will do even better than me.")
                                                                  : QStringLiteral("希望你以后能够做的比我还好呦。"));
  if (!reaches(HeardTranscript::State::Differs)) return 1;
  QTest::qWait(200);
  ok &= save(&window, QDir(out).filePath(QStringLiteral("transcript-mismatch-%1.png").arg(suffix)));
  return ok ? 0 : 1;
}
