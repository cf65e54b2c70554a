#include "language.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QLocale>
#include <QPointer>
#include <QSettings>
#include <QTranslator>

namespace cosystudio::i18n {

namespace {

const QString kPrefix = QStringLiteral("cosystudio_");

// <prefix>/bin/cosystudio → <prefix>/share/cosystudio/translations, then the
// catalogues embedded at build time.
QStringList catalogueFolders() {
  return {QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("../share/cosystudio/translations")),
          QStringLiteral(":/i18n")};
}

bool install(QTranslator* translator, const QLocale& locale, const QString& name, const QString& folder) {
  if (!translator->load(locale, name, QStringLiteral("_"), folder)) return false;
  QCoreApplication::installTranslator(translator);
  return true;
}

}  // namespace

QStringList availableLanguages() {
  QStringList languages;
  for (const QString& folder : catalogueFolders())
    for (const QString& file : QDir(folder).entryList({kPrefix + QStringLiteral("*.qm")}, QDir::Files)) {
      const QString name = file.mid(kPrefix.size()).chopped(3);
      if (!languages.contains(name)) languages << name;
    }
  languages.sort();
  return languages;
}

QString installTranslators() {
  // Called again when the language changes: the catalogues of the last call go.
  static QPointer<QTranslator> own, qt;
  for (QTranslator* installed : {own.data(), qt.data()})
    if (installed) {
      QCoreApplication::removeTranslator(installed);
      delete installed;
    }
  const QString chosen = QSettings().value(QLatin1String(kLanguageSettingsKey)).toString();
  const QLocale locale = chosen.isEmpty() ? QLocale::system() : QLocale(chosen);
  QLocale::setDefault(locale);
  // QTranslator::load walks the locale's UI languages in order of preference.
  // English has a catalogue of its own so that "en" ahead of "zh_CN" in that
  // list picks English instead of falling through to Chinese.
  auto* app = QCoreApplication::instance();
  own = new QTranslator(app);
  bool loaded = false;
  for (const QString& folder : catalogueFolders())
    if ((loaded = install(own, locale, kPrefix.chopped(1), folder))) break;
  // A language without a catalogue, or the C locale, reads the English one:
  // the source strings alone would show "7 take(s)".
  for (const QString& folder : catalogueFolders())
    if (!loaded && (loaded = install(own, QLocale(QLocale::English), kPrefix.chopped(1), folder))) break;
  if (!loaded) {
    delete own;
    return {};
  }
  qt = new QTranslator(app);
  if (!install(qt, QLocale(own->language()), QStringLiteral("qtbase"),
               QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
    delete qt;
  return own->language();
}

}  // namespace cosystudio::i18n
