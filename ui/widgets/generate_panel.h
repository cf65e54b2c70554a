// The dock beside the text: voice and style, Generate and Cancel, the queue
// (a view on the session's JobQueueModel) and the running job's progress with
// its live figures.
#pragma once

#include "job.h"

#include <QElapsedTimer>
#include <QWidget>

class QLabel;
class QListView;
class QProgressBar;
class QPushButton;

namespace cosystudio::ui {

class EngineSession;
class StylePanel;

class GeneratePanel : public QWidget {
  Q_OBJECT

 public:
  // Shows `session`'s queue, and the progress of its jobs.
  explicit GeneratePanel(EngineSession* session, QWidget* parent = nullptr);

  StylePanel* style() const { return style_; }
  QPushButton* generateButton() const { return generate_; }
  QPushButton* cancelButton() const { return cancel_; }

 public slots:
  void showProgress(const cosystudio::Progress& progress);
  void showFinished(const cosystudio::ui::Take& take);
  // The job ended without a take: "cancelled", "failed", "ran away".
  void showEnded(const QString& how);
  // A job starts (or waits for the model): `what` is happening before its first step.
  void showStarting(const QString& what);
  // Who will speak the next job, said above Generate: the saved voice `voice`,
  // or else the prompt clip from `clipFile` (empty: none yet).
  // `cast`: the saved voices a script's lines name (then they speak, not `voice` or the clip).
  void showSpeaker(const QString& voice, const QString& clipFile, const QStringList& cast = {});

 signals:
  void generateRequested();
  // Cancel: the selected job, or the running one when none is selected.
  void cancelRequested(quint64 jobId);
  void cancelAllRequested();
  // A waiting job to row `row` of the queue (Run next, Move up, Move down).
  void moveRequested(quint64 jobId, int row);

 private:
  quint64 selectedJob() const;  // 0 when none is selected
  void showQueueMenu(const QPoint& at);
  void updateQueueControls();

  StylePanel* style_;
  QLabel* speaker_;
  QPushButton* generate_;
  QPushButton* cancel_;
  QListView* queue_;
  QPushButton* remove_;
  QProgressBar* progress_;
  QLabel* figures_;
  QElapsedTimer running_;    // since the running job started
  double doneAtStart_ = -1;  // the part of it done at its first progress; -1: none yet
};

}  // namespace cosystudio::ui
