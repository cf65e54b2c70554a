// Where CosyStudio keeps what it makes (voices, takes, recordings, the saved
// queue): one folder named CosyStudio in the user's data folder.
#pragma once

#include <QString>
#include <QStringList>

namespace cosystudio::services {

// ~/.local/share/CosyStudio on Linux. QStandardPaths::AppDataLocation would
// give ~/.local/share/CosyStudio/CosyStudio, the organisation and the
// application both being "CosyStudio" (the organisation names QSettings' file).
QString appDataFolder();

// Saved voices, one NAME.voice file each, as the CLI writes and reads them
// (voice save, synth --voice, serve --voices).
inline constexpr char kVoiceSuffix[] = ".voice";
// appDataFolder()/voices.
QString voicesFolder();

// Moves what earlier versions kept in AppDataLocation into appDataFolder(),
// entry by entry; called at start before the window reads any of it. Returns
// one line for each entry that could not be moved (empty when all moved or
// there was nothing to move); those stay where they were and the move is tried
// again at the next start.
QStringList moveEarlierAppData();

// A path saved before the move (a take's prompt clip that was a recording, a
// queued job's voice) as it is after it; any other path as it is.
QString movedAppDataPath(const QString& path);

}  // namespace cosystudio::services
