// cosystudio-screenshots <out-dir> <model-folder> <prompt-clip> <book> [<recogniser>]: renders the
// window in its main states into PNG files for the README. Run it through
// take_screenshots.sh (Xvfb) so the pictures use a real window system.
#include "app_settings.h"
#include "book_panel.h"
#include "clip_panel.h"
#include "engine_session.h"
#include "history_panel.h"
#include "take_list_model.h"
#include "language.h"
#include "main_window.h"
#include "window_jobs.h"
#include "model_dialogs.h"
#include "model_folder_dialog.h"
#include "style_panel.h"
#include "text_panel.h"
#include "voice_library.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QScreen>
#include <QTemporaryDir>
#include <QTest>
#include <QTextStream>
#include <QPushButton>
#include <QTableView>
#include <QTreeView>

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
  if (args.size() != 5 && args.size() != 6) {
    QTextStream(stderr) << "usage: cosystudio-screenshots <out-dir> <model-folder> <prompt-clip> <book> [<recogniser>]\n";
    return 2;
  }
  // The UI language follows the system (LANGUAGE=zh_CN …); pictures of a
  // translated UI go into a sub-folder named after the language.
  const QString language = cosystudio::i18n::installTranslators();
  const bool translated = !language.isEmpty() && !language.startsWith(QLatin1String("en"));
  const QString out = translated ? QDir(args[1]).filePath(language) : args[1];
  const QString model = args[2], clip = args[3], bookFile = args[4];
  QDir().mkpath(out);
  bool ok = true;

  QTemporaryDir outputs;
  MainWindow window;
  window.setOutputsFolder(outputs.path());
  // The whole screen: take_screenshots.sh gives a 1280×720 one (a laptop's, what
  // the layout test holds the window to); a larger virtual screen shows the window there.
  window.resize(window.screen()->availableGeometry().size());
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
  const auto generate = [&] {
    if (window.jobs()->generate() && finished.wait(180000)) return true;
    QTextStream(stderr) << "generation did not finish: " << window.lastError() << '\n';
    return false;
  };
  if (!generate()) return 1;
  QTest::qWait(200);
  ok &= save(&window, out, QStringLiteral("04-take"));

  // A text of two segments: the history lists them under the take.
  window.textPanel()->setText(QStringLiteral("春天来了，公园里的花都开了。小朋友们在草地上奔跑，笑声传得很远很远。老人们坐在长"
                                             "椅上聊天，看着孩子们开心地玩耍。湖面上有几只白色的小船，正慢慢地划向远方。天空很"
                                             "蓝，白云像棉花一样柔软。我们沿着湖边的小路散步，一边走一边聊着过去的事情。傍晚的"
                                             "时候，夕阳把整个湖面染成了金色。大家都舍不得离开，希望明天还能再来这里。"));
  if (!generate()) return 1;
  auto* takes = window.historyPanel()->findChild<QTreeView*>(QStringLiteral("takes"));
  takes->expandAll();
  const int last = takes->model()->rowCount() - 1;
  takes->setCurrentIndex(window.historyPanel()->model()->indexOf(last, 1));
  QTest::qWait(200);
  ok &= save(&window, out, QStringLiteral("05-segments"));

  // Listening back (with a recogniser folder): a take whose segments pass and
  // one whose segments still fail after a retake, each with its mark and figures.
  if (args.size() == 6) {
    JobListening listening;
    listening.check = true;
    listening.recognizerFolder = args[5];
    listening.retakes = 0;
    listening.thresholds = cosystudio::CheckThresholds{10, -1, 100};  // the tiny model's random words pass these
    window.session()->setListening(listening, listening);
    if (!generate()) return 1;  // the text of two segments above
    listening.retakes = 1;
    listening.thresholds = {};  // the defaults, which they fail
    window.session()->setListening(listening, listening);
    if (!generate()) return 1;
    listening.check = false;
    window.session()->setListening(listening, listening);
    takes->collapseAll();
    const int checked = takes->model()->rowCount() - 1;
    takes->expand(window.historyPanel()->model()->indexOf(checked - 1));
    takes->expand(window.historyPanel()->model()->indexOf(checked));
    takes->setCurrentIndex(window.historyPanel()->model()->indexOf(checked, 0));
    takes->scrollToBottom();
    QTest::qWait(200);
    ok &= save(&window, out, QStringLiteral("10-segment-marks"));
  }

  // A script: lines given to two saved voices (one with a style of its own), one take, the segments naming who speaks.
  QSignalSpy voiceSaved(window.session(), &EngineSession::voiceSaved);
  QSignalSpy voiceFailed(window.session(), &EngineSession::voiceFailed);
  QString clipProblem;
  const PromptClip prompt = window.clipPanel()->clipForEngine(&clipProblem);
  QDir().mkpath(window.voiceLibrary()->folder());
  for (const QString& name : {QStringLiteral("Ann"), QStringLiteral("Bob")}) {
    window.session()->saveVoice(prompt, window.clipPanel()->transcript(), window.voiceLibrary()->fileFor(name));
    if (!voiceSaved.wait(120000)) {
      QTextStream(stderr) << "the voice was not saved: " << clipProblem
                          << (voiceFailed.isEmpty() ? QString() : voiceFailed.last().at(1).toString()) << '\n';
      return 1;
    }
  }
  window.voiceLibrary()->refresh();
  window.textPanel()->setText(QStringLiteral("Ann: 你听说了吗？明天要下雪了。\nBob (请用四川话表达。, 1.1x): 真的吗？那我们去堆雪人吧！\n"
                                             "Ann: 好啊，记得多穿点衣服。"));
  if (!generate()) return 1;
  takes->expandAll();
  takes->setCurrentIndex(window.historyPanel()->model()->indexOf(takes->model()->rowCount() - 1, 1));
  QTest::qWait(200);
  ok &= save(&window, out, QStringLiteral("06-script"));

  // Subtitles dubbed (File → Open subtitles…): the cues on their timeline in
  // the voice in use, one of them given no time to fit and flagged.
  QTemporaryDir subtitlesFolder;
  const QString subtitles = subtitlesFolder.filePath(QStringLiteral("scene.srt"));
  QFile srt(subtitles);
  srt.open(QIODevice::WriteOnly);
  srt.write("1\n00:00:00,400 --> 00:00:03,000\n你听说了吗？明天要下雪了。\n\n"
            "2\n00:00:03,400 --> 00:00:06,200\n真的吗？\n那我们去堆雪人吧！\n\n"
            "3\n00:00:06,500 --> 00:00:06,700\n好啊，记得多穿点衣服。\n");
  srt.close();
  window.voiceLibrary()->setActiveVoice(QStringLiteral("Ann"));
  window.textPanel()->setText(QString());  // what is dubbed is the subtitles, not the editor's text
  if (!window.jobs()->dubSubtitles(subtitles) || !finished.wait(180000)) {
    QTextStream(stderr) << "dubbing did not finish: " << window.lastError() << '\n';
    return 1;
  }
  takes->expandAll();
  takes->setCurrentIndex(window.historyPanel()->model()->indexOf(takes->model()->rowCount() - 1, 1));
  QTest::qWait(200);
  ok &= save(&window, out, QStringLiteral("07-dubbing"));

  // Tools → Serve on localhost, and the page of Settings that says how clients reach it.
  window.setServing(true);
  {
    AppSettings shown = AppSettings::load();
    loadServerToken(shown.server);
    SettingsDialog dialog(shown, &window);
    dialog.showServerPage();
    dialog.show();
    ok &= QTest::qWaitForWindowExposed(&dialog);
    ok &= save(&dialog, out, QStringLiteral("08-local-server"));
  }
  window.setServing(false);

  // A book (File → Open book…): its chapters made in the voice in use, one made with other settings.
  if (!window.openBook(bookFile)) return 1;
  BookPanel* book = window.bookPanel();
  book->findChild<QPushButton*>(QStringLiteral("makeRestButton"))->click();
  const auto allMade = [book] { return book->model()->allMade(); };
  if (!QTest::qWaitFor(allMade, 180000)) {
    QTextStream(stderr) << "the book was not made: " << window.lastError() << '\n';
    return 1;
  }
  book->findChild<QTableView*>(QStringLiteral("bookChapters"))->selectRow(1);
  QTest::qWait(200);
  ok &= save(&window, out, QStringLiteral("09-book"));
  return ok ? 0 : 1;
}
