// The catalogues cover the current sources: lupdate runs on a copy of each .ts
// (as `update_translations` would), and every message must then be finished,
// with the placeholders, shortcut and markup of its source text.
#include "instruction_presets.h"
#include "language.h"

#include <QCoreApplication>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

namespace {

struct Message {
  QString context;
  QString source;
  bool numerus = false;
  bool finished = false;
  QStringList translations;  // one per plural form
  QString where() const { return context + QStringLiteral(" / \"") + source + QLatin1Char('"'); }
};

QList<Message> readTs(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) qFatal("cannot read %s", qPrintable(path));
  QList<Message> messages;
  QString context;
  Message message;
  QXmlStreamReader xml(&file);
  while (!xml.atEnd()) {
    if (xml.readNext() != QXmlStreamReader::StartElement) continue;
    if (xml.name() == u"name") {
      context = xml.readElementText();
    } else if (xml.name() == u"message") {
      message = Message{context, {}, xml.attributes().value(QLatin1String("numerus")) == u"yes", false, {}};
    } else if (xml.name() == u"source") {
      message.source = xml.readElementText();
    } else if (xml.name() == u"translation") {
      const auto type = xml.attributes().value(QLatin1String("type"));
      message.finished = type.isEmpty();
      if (!message.numerus) message.translations << xml.readElementText();
      if (type != u"obsolete" && type != u"vanished") messages << message;
    } else if (xml.name() == u"numerusform") {
      messages.last().translations << xml.readElementText();
    }
  }
  if (xml.hasError()) qFatal("%s: %s", qPrintable(path), qPrintable(xml.errorString()));
  return messages;
}

// The .ts file after lupdate has merged the current sources into a copy of it.
QList<Message> updatedCatalogue(const QString& name, const QStringList& extraOptions = {}) {
  static QTemporaryDir work;
  const QString copy = work.filePath(name);
  QFile::remove(copy);
  if (!QFile::copy(QStringLiteral(TRANSLATIONS_DIR "/") + name, copy)) qFatal("cannot copy %s", qPrintable(name));
  QFile(copy).setPermissions(QFile::ReadOwner | QFile::WriteOwner);
  QProcess lupdate;
  lupdate.setProcessChannelMode(QProcess::MergedChannels);
  lupdate.start(QStringLiteral(LUPDATE), QString::fromLatin1(LUPDATE_OPTIONS).split(QLatin1Char(' ')) + extraOptions +
                                             QStringList{QStringLiteral("@" TR_SOURCES_LIST), QStringLiteral("-ts"), copy});
  if (!lupdate.waitForFinished(120000) || lupdate.exitCode() != 0)
    qFatal("lupdate failed: %s", lupdate.readAll().constData());
  return readTs(copy);
}

// %1…%99 and %n, sorted, so that order changes (natural in Chinese) still match.
QStringList placeholders(const QString& text) {
  static const QRegularExpression re(QStringLiteral("%(\\d{1,2}|n)"));
  QStringList found;
  for (const auto& m : re.globalMatch(text)) found << m.captured();
  found.sort();
  return found;
}

QStringList tags(const QString& text) {
  static const QRegularExpression re(QStringLiteral("</?[a-zA-Z][^>]*>"));
  QStringList found;
  for (const auto& m : re.globalMatch(text)) found << m.captured();
  found.sort();
  return found;
}

// The mnemonic letter of "&Open…" (not "&&" or an entity such as "&lt;").
QString mnemonic(const QString& text) {
  static const QRegularExpression re(QStringLiteral("(?<!&)&([A-Za-z0-9])(?![a-z]+;)"));
  const auto m = re.match(text);
  return m.hasMatch() ? m.captured(1).toLower() : QString();
}

}  // namespace

class TranslationsTest : public QObject {
  Q_OBJECT

 private slots:
  void chineseIsComplete() {
    const QList<Message> messages = updatedCatalogue(QStringLiteral("cosystudio_zh_CN.ts"));
    QVERIFY(messages.size() > 100);
    QStringList problems;
    for (const Message& m : messages) {
      const bool empty = m.translations.isEmpty() ||
                         std::any_of(m.translations.begin(), m.translations.end(),
                                     [](const QString& t) { return t.trimmed().isEmpty(); });
      if (!m.finished || empty) problems << QStringLiteral("untranslated: ") + m.where();
    }
    QVERIFY2(problems.isEmpty(), qPrintable(QStringLiteral("\n") + problems.join(QLatin1Char('\n')) +
                                            QStringLiteral("\nRun the update_translations target, then "
                                                           "translate these in translations/cosystudio_zh_CN.ts.")));
  }

  void chineseKeepsPlaceholdersShortcutsAndMarkup() {
    QStringList problems;
    for (const Message& m : updatedCatalogue(QStringLiteral("cosystudio_zh_CN.ts"))) {
      for (const QString& t : m.translations) {
        if (t.isEmpty()) continue;
        if (placeholders(t) != placeholders(m.source))
          problems << QStringLiteral("placeholders differ: %1 → \"%2\"").arg(m.where(), t);
        if (tags(t) != tags(m.source)) problems << QStringLiteral("markup differs: %1 → \"%2\"").arg(m.where(), t);
        if (mnemonic(t) != mnemonic(m.source))
          problems << QStringLiteral("shortcut differs: %1 → \"%2\"").arg(m.where(), t);
      }
    }
    QVERIFY2(problems.isEmpty(), qPrintable(QStringLiteral("\n") + problems.join(QLatin1Char('\n'))));
  }

  void englishHasEveryPluralForm() {
    const QList<Message> messages = updatedCatalogue(QStringLiteral("cosystudio_en.ts"), {QStringLiteral("-pluralonly")});
    QStringList problems;
    for (const Message& m : messages) {
      if (!m.numerus) continue;
      if (!m.finished || m.translations.size() != 2 ||
          std::any_of(m.translations.begin(), m.translations.end(), [](const QString& t) { return t.isEmpty(); }))
        problems << m.where();
    }
    QVERIFY2(problems.isEmpty(), qPrintable(QStringLiteral("plural forms missing:\n") + problems.join('\n')));
  }

  // A language with no catalogue of its own reads English, plural forms included.
  void aLanguageWithoutACatalogueReadsEnglish() {
    QSettings().setValue(QLatin1String(cosystudio::i18n::kLanguageSettingsKey), QStringLiteral("fr_FR"));
    QCOMPARE(cosystudio::i18n::installTranslators(), QStringLiteral("en"));
    QCOMPARE(QCoreApplication::translate("cosystudio::ui::TextPanel", "%n character(s)", nullptr, 7),
             QStringLiteral("7 characters"));
    QSettings().remove(QLatin1String(cosystudio::i18n::kLanguageSettingsKey));
  }

  void settingsOverrideLoadsTheCatalogue() {
    QVERIFY(cosystudio::i18n::availableLanguages().contains(QStringLiteral("zh_CN")));
    QVERIFY(cosystudio::i18n::availableLanguages().contains(QStringLiteral("en")));
    QSettings().setValue(QLatin1String(cosystudio::i18n::kLanguageSettingsKey), QStringLiteral("zh_CN"));
    QCOMPARE(cosystudio::i18n::installTranslators(), QStringLiteral("zh_CN"));
    QCOMPARE(QCoreApplication::translate("main", "CosyVoice3 model folder to load."),
             QStringLiteral("要加载的 CosyVoice3 模型文件夹。"));
    QCOMPARE(QCoreApplication::translate("cosystudio::ui::WindowStatusBar", "The model was unloaded after %n idle minute(s); "
                                         "it loads again for the next job.", nullptr, 3),
             QStringLiteral("空闲 3 分钟后已卸载模型；下次任务时会重新加载。"));
    // Strings translated outside a QObject reach the catalogue under the context lupdate gave them.
    QCOMPARE(cosystudio::ui::instructionPresets().constFirst().label, QStringLiteral("粤语"));
    QCOMPARE(cosystudio::ui::kindName(cosystudio::ui::InstructionPreset::Kind::Emotion), QStringLiteral("情感"));
  }
};

int main(int argc, char** argv) {
  // A private settings file: the test writes the language override.
  QTemporaryDir config;
  qputenv("XDG_CONFIG_HOME", config.path().toLocal8Bit());
  QCoreApplication app(argc, argv);
  QCoreApplication::setOrganizationName(QStringLiteral("CosyStudioTest"));
  QCoreApplication::setApplicationName(QStringLiteral("translations_test"));
  TranslationsTest test;
  return QTest::qExec(&test, argc, argv);
}

#include "translations_test.moc"
