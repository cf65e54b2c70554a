// The user-interface language: the Settings override, or else the system
// locale. Catalogues are looked up next to the installed app first (so a
// language can be added or corrected without rebuilding), then in the ones
// embedded in the binary.
#pragma once

#include <QString>
#include <QStringList>

namespace cosystudio::i18n {

// QSettings key holding a locale name such as "zh_CN" or "en"; empty or absent
// means "follow the system".
inline constexpr char kLanguageSettingsKey[] = "ui/language";

// Locale names that have a CosyStudio catalogue, e.g. {"en", "zh_CN"}.
QStringList availableLanguages();

// Installs CosyStudio's catalogue and Qt's own (standard buttons and dialogs)
// for the chosen language on the running application. Returns the locale name
// of the catalogue loaded, or an empty string when the source text (English)
// is shown. Call after the organisation and application names are set, and
// again after the language setting changed (the earlier catalogues are removed).
QString installTranslators();

}  // namespace cosystudio::i18n
