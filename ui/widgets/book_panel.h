// The book view (File → Open book…, or a book dropped on the window): the
// chapters of an EPUB, Markdown or text book (book_import.h) and where each
// stands in the book's folder (book_folder.h, shared with `cosystudio-cli book`).
// Make the rest queues every chapter not yet made from its present text, voice
// and style as a job of its own; each finished chapter is written at once to
// NN-title.wav with its subtitles and recorded in book.json, so quitting loses
// only the chapter under way and opening the book again shows it where it
// stopped. Join into one file writes book.opus with a chapter mark each.
#pragma once

#include "book_chapter_model.h"
#include "job.h"

#include "services/book/book_folder.h"

#include <QElapsedTimer>
#include <QHash>
#include <QThreadPool>
#include <QWidget>

#include <memory>
#include <optional>

class QProgressBar;
class QPushButton;
class QTableView;

namespace cosystudio::ui {

class ElidedLabel;
class EngineSession;
class JobQueueModel;

class BookPanel : public QWidget {
  Q_OBJECT

 public:
  explicit BookPanel(QWidget* parent = nullptr);
  ~BookPanel() override;

  // Imports the book at `path`, to be made into `folder` (created when its
  // first chapter is written). False, with `error` naming the file, when it
  // cannot be read; the book shown before stays.
  bool openBook(const QString& path, const QString& folder, QString* error);
  bool hasBook() const { return folder_ != nullptr; }
  QString bookPath() const { return bookPath_; }
  QString folder() const;
  BookChapterModel* model() const { return model_; }

  // What the chapters are made with: the job the panels describe, the seed
  // asked for (none: the panels draw a random one, and the book keeps its
  // own), and the model as Settings load it. A chapter made with another
  // voice, style or model is made again (BookFolder::renderKey).
  struct Recipe {
    JobSpec base;
    std::optional<quint64> askedSeed;
    ModelChoice model;
  };
  // Marks each chapter made, made from other text or settings, or to make, as `recipe` would find it.
  void showRecipe(const Recipe& recipe);
  // The jobs that make the chapters not made with `recipe` (again: the
  // chapters selected, made or not), in order; chapterQueued() is told each
  // one's id once queued.
  QVector<JobSpec> chapterJobs(const Recipe& recipe, bool again);
  void chapterQueued(const JobSpec& job);
  // The chapter jobs queued or running.
  QList<quint64> pendingJobs() const { return jobs_.keys(); }

  // Follows the session's chapter jobs: their progress and ends, and a chapter
  // job taken out of its queue while it waits (Stop, or Remove in the queue)
  // goes back to the chapters to make.
  void follow(EngineSession* session);
  void jobProgress(quint64 id, const Progress& progress);
  void jobFinished(const Take& take);
  void jobFailed(quint64 id, const QString& message, bool cancelled);

 signals:
  // Make the rest (again = false) or Make again (the selected chapters).
  void makeRequested(bool again);
  void stopRequested(const QList<quint64>& jobs);
  void errorShown(const QString& message);
  void said(const QString& message);

 private:
  std::string renderKey(const Recipe& recipe, quint64 seed) const;
  void writeChapter(const Take& take);
  void joinBook();
  // Reads book.json again, after the writer's thread changed it.
  void reloadFolder();
  void showProgress();
  void showProgressText(QString text);
  void updateButtons();

  BookChapterModel* model_;
  std::unique_ptr<services::BookFolder> folder_;
  QString bookPath_;
  std::string lastKey_;  // of the recipe shown or run last: what Join checks the chapters against
  QHash<quint64, int> jobs_;  // chapter jobs queued or running → chapter number
  QThreadPool writer_;        // one thread: chapter files and the joined file, in order, off the window's thread
  int writing_ = 0;           // of those, queued or being written

  // This run's progress: characters of the chapters queued, of those finished,
  // and the running chapter's share of its segments.
  qsizetype runCharacters_ = 0, doneCharacters_ = 0;
  double runningShare_ = 0;
  int runningChapter_ = 0;
  QElapsedTimer runClock_;

  ElidedLabel* title_;
  QTableView* table_;
  QProgressBar* progress_;
  QPushButton* makeRest_;
  QPushButton* makeAgain_;
  QPushButton* stop_;
  QPushButton* join_;
  QPushButton* openFolder_;
};

}  // namespace cosystudio::ui
