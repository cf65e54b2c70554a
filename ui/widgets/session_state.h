// What the user was working on, kept across quitting: the text, the clip and
// its selection, the style, the export format, the window's layout and how
// fast this machine made the last take. The
// one place that names these QSettings keys: load() at start, save() on quitting.
#pragma once

#include "take_store.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace cosystudio::ui {

struct SessionState {
  QString text;
  SynthesisSettings settings;  // as the panels show them (the watchdog comes from Settings)
  QString clip;  // the prompt clip's file; its selection in frames (-1: to the end)
  qint64 clipIn = 0;
  qint64 clipOut = -1;
  QString transcript;
  QString voice;       // the saved voice in use; empty = the clip
  QString sourceClip;  // voice conversion
  QString book;        // the book open in the book view (book_panel.h)
  QString instruction;
  bool randomSeed = true;
  std::optional<quint64> usedSeed;  // the style panel's "used:", of the last take made here
  // Seconds of making per second of speech, of the last whole take made here:
  // the text panel's "about … to make here". 0: none made yet.
  double realTimeFactor = 0;
  ExportFormat exportFormat;
  QByteArray windowGeometry;  // QWidget::saveGeometry()
  QByteArray windowState;     // QMainWindow::saveState()

  static SessionState load();
  void save() const;
  // The panels as `take` was made: its text, voice or clip, style and the seed it used.
  static SessionState ofTake(const Take& take);
};

// The model folder last chosen: remembered as soon as it is chosen, not only on quitting.
QString rememberedModelFolder();
void rememberModelFolder(const QString& folder);

}  // namespace cosystudio::ui
