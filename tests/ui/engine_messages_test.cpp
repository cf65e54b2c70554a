// The engine's messages reach the user in the user's language: its sentences
// translated, the file names and numbers in them kept as they are.
#include "engine_messages.h"
#include "language.h"

#include "cosystudio/audio/clip.h"
#include "cosystudio/engine.h"

#include <QSettings>
#include <QStandardPaths>
#include <QTest>

using namespace cosystudio;

namespace {

// The message of what `work` throws, as the window shows it.
template <typename Work>
QString shown(Work&& work) {
  try {
    work();
  } catch (const std::exception& e) {
    return ui::errorText(e);
  }
  return QStringLiteral("(nothing was thrown)");
}

const QString kMissing = QStringLiteral("/nonexistent/100%1 take.wav");

}  // namespace

class EngineMessagesTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  void englishIsTheEnginesOwnText() {
    QCOMPARE(ui::translated(*audio::limitViolation(audio::Clip{}, audio::ClipLimits{})),
             QStringLiteral("contains no audio samples"));
  }

  // A file that cannot be read: one sentence naming the file by its name, a
  // blank line, then the details with the whole path.
  void anUnreadableFileIsOneSentenceThenTheDetails() {
    QCOMPARE(shown([] { audio::loadClip(kMissing.toStdString()); }),
             QStringLiteral("“100%1 take.wav” does not exist.\n\n'") + kMissing + QStringLiteral("': file not found"));
    audio::ClipInfo info;
    info.sampleRate = 8000;
    info.frames = 8000 * 5;
    // Failures that are not about reading a file have no sentence of their own.
    QCOMPARE(ui::errorText(audio::AudioError(*audio::limitViolation(info, audio::ClipLimits{}))),
             QStringLiteral("sample rate 8000 Hz is below the 16000 Hz minimum; use a recording made at 16 kHz or more"));
  }

  void chineseTranslatesSentencesAndKeepsTheirValues() {
    QSettings().setValue(QLatin1String(i18n::kLanguageSettingsKey), QStringLiteral("zh_CN"));
    QCOMPARE(i18n::installTranslators(), QStringLiteral("zh_CN"));
    QSettings().remove(QLatin1String(i18n::kLanguageSettingsKey));

    // A file name holding "%1" stays as it is: arguments are never searched for placeholders.
    const QString missing = shown([] { audio::loadClip(kMissing.toStdString()); });
    QCOMPARE(missing.section(QStringLiteral("\n\n"), 1), QStringLiteral("“%1”：找不到文件").arg(kMissing));
    // A sentence inside a sentence, with its number.
    audio::ClipInfo info;
    info.sampleRate = 8000;
    info.frames = 8000 * 5;
    QCOMPARE(ui::translated(*audio::limitViolation(info, audio::ClipLimits{})),
             QStringLiteral("采样率 8000 Hz 低于最低要求 16000 Hz；请使用 16 kHz 或更高采样率的录音"));
    // A request to an engine without a model.
    Engine engine;
    QCOMPARE(shown([&] { engine.synthesize({}, {}); }), QStringLiteral("尚未加载模型"));
    // Text the engine does not mark (a library's own words) is shown as it is.
    QCOMPARE(ui::errorText(EngineError(std::string("libfoo: bad thing"))), QStringLiteral("libfoo: bad thing"));
  }
};

QTEST_MAIN(EngineMessagesTest)
#include "engine_messages_test.moc"
