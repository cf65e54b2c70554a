// The takes of this session: listen, seek, export. A take of several
// segments lists them under it: each can be played, made again with a new
// seed, or edited and made again.
#pragma once

#include "job.h"
#include "take_store.h"

#include <QVector>
#include <QWidget>

#include <optional>

class QAction;
class QPushButton;
class QTreeView;

namespace cosystudio::ui {

class EngineSession;
class ExportSettings;
class TakeExport;
class PcmPlayer;
struct SessionState;
class TakeListModel;
class TakeTransport;

class HistoryPanel : public QWidget {
  Q_OBJECT

 public:
  // `store` keeps the takes' files: labels are written to it, deleted takes go
  // through it to the trash.
  HistoryPanel(PcmPlayer* player, TakeStore* store, QWidget* parent = nullptr);

  // Lists the takes `session` makes (saving each to the store) and plays their
  // streams; a served request's stream is its client's, and its take is listed
  // only while setKeepServedTakes() says so.
  void follow(EngineSession* session);
  void setKeepServedTakes(bool keep) { keepServedTakes_ = keep; }
  // The takes of earlier sessions, read back from the store with the numbers
  // their files carry (message() names files that could not be read); returns
  // the highest number, after which the session's jobs go on.
  quint64 showStoredTakes();
  void addTake(const Take& take);
  // A take the engine just made, added before its file is written (see
  // markSaved()): a regenerated segment comes back spliced into a copy of the
  // take it was made from, which stays as it was. A stream of the job (see
  // streamAudio()) plays on in the transport as that take, or as the segment
  // made again. Returns the take as added.
  Take addFinishedTake(const Take& finished);
  // What jobs that stopped before they could say so (CosyStudio quit with the
  // queue dropped, or was killed) made, found in their parts folders
  // (job_parts.h) that no job waiting in `session` resumes: each an incomplete
  // take numbered by the session.
  void recoverUnclaimedParts(EngineSession* session);
  void clear();
  const QList<Take>& takes() const;
  TakeListModel* model() const { return model_; }
  const Take* take(quint64 jobId) const;  // nullptr when not in the history
  int currentIndex() const;    // the selected take (also when one of its segments is selected)
  int currentSegment() const;  // the selected segment of that take; -1 = the take itself
  ExportFormat exportFormat() const;
  void setExportFormat(const ExportFormat& format);
  // Its part of what is kept across quitting (session_state.h).
  void saveSession(SessionState& state) const;
  void restoreSession(const SessionState& state);
  // Exports the selected take in the background and says so in message()
  // (where, and the loudness reached when there is a target), or why not in
  // errorOccurred(); false when nothing was started.
  bool exportCurrent(const QString& path);
  // For the File menu: enabled, like the panel's buttons, only when they can
  // act, with the reason as tooltip otherwise.
  QAction* exportTakeAction() const { return exportTakeAction_; }
  QAction* exportAllAction() const { return exportAllAction_; }

 public slots:
  void playCurrent();
  void exportCurrentWithDialog();
  void exportAll();
  void regenerateSegment();
  void editSegment();
  // The selected take's files go to the trash; undoDelete() brings the last one back.
  void deleteCurrent();
  void undoDelete();
  void renameCurrent();
  void copyCurrentText();
  void showCurrentInFolder();
  // The outcome of writing a take added by addFinishedTake() to the outputs folder.
  void markSaved(quint64 jobId, const QString& wavPath);
  void markUnsaved(quint64 jobId, const QString& why);
  // Audio of a job still generating (EngineSession::jobAudio): its first chunk
  // starts playing in the transport, whose length grows with every chunk until
  // addFinishedTake(). Once stopped, the job's stream stays stopped.
  void streamAudio(quint64 jobId, const QVector<float>& samples, int sampleRate);
  // The job failed, was cancelled or ran away: its stream stops, and the
  // transport shows the selection again.
  void stopStream(quint64 jobId);

 signals:
  void errorOccurred(const QString& message);
  void message(const QString& text);
  // An export started by exportCurrent() or exportAll() has ended, written or not.
  void exportsFinished();
  // Asks for segment `segment` (0-based) of `take` to be made again from
  // `text` (its own text, or the user's edit of it).
  void regenerateRequested(const cosystudio::ui::Take& take, int segment, const QString& text);
  // Asks for the panels to be set as the take was made (text, voice, style, its seed).
  void useSettingsRequested(const cosystudio::ui::Take& take);
  // Asks for the job of an incomplete take to go on where it stopped.
  void resumeRequested(const cosystudio::ui::JobSpec& job);

 private:
  TakeStore* store_;
  TakeListModel* model_;
  QTreeView* list_;
  TakeTransport* transport_;
  ExportSettings* exportSettings_;
  QPushButton* regenerate_;
  QPushButton* edit_;
  QPushButton* exportOne_;
  QPushButton* exportAllButton_;
  QAction* exportTakeAction_;
  QAction* exportAllAction_;
  QAction* deleteAction_;
  QAction* undoDeleteAction_;
  // The take deleted last, for Undo: where it was in the list and where its files went.
  struct Deleted {
    int row = -1;
    Take take;
    TakeStore::TrashedTake files;
  };
  std::optional<Deleted> deleted_;
  TakeExport* exporter_;
  // The take of this session still waiting for its file; -1 when none (a take
  // read back from the folder has its file, whatever id it was given).
  int waitingForFile(quint64 jobId) const;
  quint64 servedJob_ = 0;  // the served request running now: its audio is not played here
  bool keepServedTakes_ = true;
  // Which segment to make again (asking when a take of several is selected); -1 = none.
  int segmentToRegenerate();
  void updateActions();
  void showContextMenu(const QPoint& at);
  // Lists a take the session made, whole or not, and has it written.
  void keepMadeTake(const Take& made);
  // Take `jobId` holds all that the job of parts folder `folder` made so far:
  // the incomplete takes it was resumed from go to the trash.
  void supersedeIncomplete(const QString& folder, quint64 jobId);
  void select(int take, int segment = -1);
};

}  // namespace cosystudio::ui
