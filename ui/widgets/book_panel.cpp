#include "book_panel.h"

#include "elided_label.h"
#include "engine_session.h"
#include "job_queue_model.h"
#include "take_store.h"

#include "services/book/chapter_lines.h"
#include "services/book/text_hash.h"
#include "services/download/model_download.h"  // durationText

#include "cosystudio/voice_fingerprint.h"

#include <QDesktopServices>
#include <QDir>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QProgressBar>
#include <QPushButton>
#include <QTableView>
#include <QThreadPool>
#include <QUrl>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace cosystudio::ui {

namespace {

// What a chapter's file is written as: the output BookFolder::RenderInputs has
// by default (16-bit WAV at the model's rate, as made, with SRT subtitles).
ExportFormat chapterFormat() {
  ExportFormat format;
  format.subtitles = text::SubtitleFormat::Srt;
  return format;
}

// The fingerprint of the job's voice, without the engine: the same for a
// voice file and for the clip and transcript it was made from.
std::string jobVoiceFingerprint(const JobSpec& job) {
  if (job.voiceFile.isEmpty()) return voiceFingerprint(engineClip(job.clip), job.transcript.toStdString());
  try {
    return Voice::load(job.voiceFile.toStdString()).fingerprint();
  } catch (const std::exception&) {
    return {};  // the chapter's job says why it cannot be read
  }
}

}  // namespace

BookPanel::BookPanel(QWidget* parent) : QWidget(parent), model_(new BookChapterModel(this)) {
  writer_.setMaxThreadCount(1);
  title_ = new ElidedLabel(this);
  title_->setObjectName(QStringLiteral("bookTitle"));
  title_->setText(tr("No book is open: File → Open book… reads an EPUB, Markdown or text file into chapters."));
  table_ = new QTableView(this);
  table_->setObjectName(QStringLiteral("bookChapters"));
  table_->setModel(model_);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->verticalHeader()->hide();
  table_->horizontalHeader()->setSectionResizeMode(BookChapterModel::Title, QHeaderView::Stretch);
  table_->horizontalHeader()->setSectionResizeMode(BookChapterModel::State, QHeaderView::Stretch);
  for (int column : {BookChapterModel::Number, BookChapterModel::Characters})
    table_->horizontalHeader()->setSectionResizeMode(column, QHeaderView::ResizeToContents);
  progress_ = new QProgressBar(this);
  progress_->setObjectName(QStringLiteral("bookProgress"));
  progress_->setRange(0, 1000);
  progress_->setMinimumWidth(120);

  const auto button = [this](const QString& text, const char* name, const QString& tip) {
    auto* b = new QPushButton(text, this);
    b->setObjectName(QLatin1String(name));
    b->setToolTip(tip);
    return b;
  };
  makeRest_ = button(tr("&Make the rest"), "makeRestButton",
                     tr("Queue every chapter not made yet from its text with the voice and style in use"));
  makeAgain_ = button(tr("Make &again"), "makeAgainButton", tr("Queue the selected chapters, made or not"));
  stop_ = button(tr("S&top"), "stopBookButton", tr("Cancel the chapters waiting or being made; those made stay"));
  join_ = button(tr("&Join into one file"), "joinBookButton",
                 tr("Every chapter in one Opus file with chapter marks (book.opus), once all are made"));
  openFolder_ = button(tr("Open &folder"), "openBookFolderButton", {});

  auto* buttons = new QHBoxLayout;
  // One row under the chapters, so that the dock fits a laptop's screen.
  for (QPushButton* button : {makeRest_, makeAgain_, stop_}) buttons->addWidget(button);
  buttons->addWidget(progress_, 1);
  buttons->addWidget(join_);
  buttons->addWidget(openFolder_);
  auto* layout = new QVBoxLayout(this);
  // Little room above and below: the bottom dock's height is what a laptop's screen has least of.
  const QMargins margins = layout->contentsMargins();
  layout->setContentsMargins(margins.left(), 2, margins.right(), 2);
  layout->addWidget(title_);
  layout->addWidget(table_, 1);
  layout->addLayout(buttons);

  connect(makeRest_, &QPushButton::clicked, this, [this] { emit makeRequested(false); });
  connect(makeAgain_, &QPushButton::clicked, this, [this] { emit makeRequested(true); });
  connect(stop_, &QPushButton::clicked, this, [this] { emit stopRequested(pendingJobs()); });
  connect(join_, &QPushButton::clicked, this, &BookPanel::joinBook);
  connect(openFolder_, &QPushButton::clicked, this, [this] {
    QDir().mkpath(folder());
    QDesktopServices::openUrl(QUrl::fromLocalFile(folder()));
  });
  connect(table_->selectionModel(), &QItemSelectionModel::selectionChanged, this, &BookPanel::updateButtons);
  showProgress();
  updateButtons();
}

BookPanel::~BookPanel() { writer_.waitForDone(); }  // a chapter finished just before quitting is kept

QString BookPanel::folder() const { return folder_ ? QString::fromStdString(folder_->path().string()) : QString(); }

bool BookPanel::openBook(const QString& path, const QString& folder, QString* error) {
  services::Book book;
  try {
    book = services::importBook(path);
  } catch (const std::exception& e) {
    *error = QString::fromUtf8(e.what());
    return false;
  }
  writer_.waitForDone();  // the last book's files first
  folder_ = std::make_unique<services::BookFolder>(folder.toStdString());
  if (!folder_->readProblem().empty())
    emit said(tr("%1; every chapter is made again").arg(QString::fromStdString(folder_->readProblem())));
  bookPath_ = QFileInfo(path).absoluteFilePath();
  jobs_.clear();
  model_->setBook(book);
  title_->setText(tr("%1 · %n chapter(s) · %2", nullptr, model_->chapterCount())
                      .arg(book.title, QDir::toNativeSeparators(folder)));
  showProgress();
  updateButtons();
  return true;
}

std::string BookPanel::renderKey(const Recipe& recipe, quint64 seed) const {
  services::BookFolder::RenderInputs inputs;  // the output as chapterFormat() writes it
  inputs.voice = jobVoiceFingerprint(recipe.base);
  inputs.settings = recipe.base.settings;
  inputs.settings.seed = seed;
  inputs.instruction = recipe.base.instruction.toStdString();
  inputs.model = recipe.model.engineName().toStdString();  // a server by its address
  inputs.checkpoint = recipe.model.llmCheckpoint.toStdString();
  inputs.precision = recipe.model.precision;
  return services::BookFolder::renderKey(inputs);
}

void BookPanel::showRecipe(const Recipe& recipe) {
  if (!folder_) return;
  lastKey_ = renderKey(recipe, folder_->seedFor(recipe.askedSeed, recipe.base.settings.seed));
  const QList<int> pending = jobs_.values();
  for (int number = 1; number <= model_->chapterCount(); ++number) {
    if (pending.contains(number)) continue;
    BookChapterModel::Row row;
    const QString& text = model_->book().chapters[number - 1].text;
    if (const auto made = folder_->finished(number, services::textHash(text), lastKey_)) {
      row = {BookChapterModel::Stage::Made, made->value("seconds", 0.0), {}};
    } else if (const auto entry = folder_->entry(number)) {
      row = {BookChapterModel::Stage::Outdated, entry->value("seconds", 0.0), {}};
    }
    model_->setRow(number, row);
  }
  showProgress();
  updateButtons();
}

QVector<JobSpec> BookPanel::chapterJobs(const Recipe& recipe, bool again) {
  QVector<JobSpec> jobs;
  if (!folder_) return jobs;
  const quint64 seed = folder_->seedFor(recipe.askedSeed, recipe.base.settings.seed);
  const std::string key = renderKey(recipe, seed);
  lastKey_ = key;
  QList<int> numbers;
  if (again) {
    for (const QModelIndex& index : table_->selectionModel()->selectedRows()) numbers << index.row() + 1;
    std::sort(numbers.begin(), numbers.end());
  } else {
    for (int number = 1; number <= model_->chapterCount(); ++number) numbers << number;
  }
  const QList<int> pending = jobs_.values();
  for (int number : numbers) {
    const services::BookChapter& chapter = model_->book().chapters[number - 1];
    const std::string textHash = services::textHash(chapter.text);
    if (pending.contains(number) || (!again && folder_->finished(number, textHash, key))) continue;
    if (again) services::ChapterLines::drop(folder_->path(), number);  // made again means from its first paragraph
    JobSpec job = recipe.base;
    job.text = chapter.text;
    job.settings.seed = seed;
    job.settings.stream = false;
    job.kind = JobSpec::Chapter{bookPath_, model_->book().title, folder(), number, model_->chapterCount(), chapter.title,
                   QString::fromStdString(textHash), QString::fromStdString(key)};
    jobs << job;
  }
  if (jobs.isEmpty()) {
    emit said(again ? tr("Select the chapters to make again.") : tr("Every chapter is made."));
    return jobs;
  }
  // The seed is in book.json before a paragraph is made, so that a chapter
  // stopped halfway resumes with it; on the writer's thread, the only one
  // that writes book.json. A folder that cannot be written is said when the
  // first chapter is recorded.
  (void)QtConcurrent::run(&writer_, [folder = folder_->path(), book = bookPath_.toStdString(),
                                     title = model_->book().title, seed] {
    try {
      services::BookFolder written(folder);
      written.describe(book, title);
      written.begin(seed);
    } catch (const std::exception&) {
    }
  });
  return jobs;
}

void BookPanel::chapterQueued(const JobSpec& job) {
  if (jobs_.isEmpty()) {  // a new run: its own progress and time left
    runCharacters_ = doneCharacters_ = 0;
    runningShare_ = 0;
    runningChapter_ = 0;
    runClock_.start();
  }
  jobs_.insert(job.id, job.chapter().number);
  runCharacters_ += job.text.size();
  model_->setRow(job.chapter().number, {BookChapterModel::Stage::Queued, 0, {}});
  showProgress();
  updateButtons();
}

void BookPanel::follow(EngineSession* session) {
  connect(session, &EngineSession::jobProgress, this, &BookPanel::jobProgress);
  connect(session, &EngineSession::jobFinished, this, &BookPanel::jobFinished);
  connect(session, &EngineSession::jobFailed, this, &BookPanel::jobFailed);
  const JobQueueModel* queue = session->queue();
  connect(queue, &QAbstractItemModel::rowsAboutToBeRemoved, this, [this, queue](const QModelIndex&, int first, int last) {
    // A job that ran leaves from the head, no longer waiting, and ends in jobFinished or jobFailed.
    for (int row = first; row <= last; ++row)
      if (queue->state(row) == JobQueueModel::JobState::Waiting) jobFailed(queue->jobs()[row].id, {}, true);
  });
}

void BookPanel::jobProgress(quint64 id, const Progress& progress) {
  const auto it = jobs_.constFind(id);
  if (it == jobs_.constEnd()) return;
  runningChapter_ = it.value();
  runningShare_ = progress.segmentCount > 0 ? double(progress.segment) / progress.segmentCount : 0.0;
  model_->setRow(runningChapter_, {BookChapterModel::Stage::Making, 0,
                                   tr("segment %1 of %2").arg(progress.segment + 1).arg(progress.segmentCount)});
  showProgress();
}

void BookPanel::jobFinished(const Take& take) {
  // Whether this panel queued it or not (the window's language was switched
  // meanwhile, or another book opened): its job says where it belongs.
  if (!take.spec.isChapter()) return;
  const bool ours = jobs_.remove(take.jobId) > 0;
  if (ours) {
    doneCharacters_ += take.spec.text.size();
    runningShare_ = 0;
  }
  if (take.spec.chapter().folder == folder())
    model_->setRow(take.spec.chapter().number, {BookChapterModel::Stage::Making, 0, tr("writing its file")});
  writeChapter(take);
  showProgress();
  updateButtons();
}

void BookPanel::jobFailed(quint64 id, const QString& message, bool cancelled) {
  if (!jobs_.contains(id)) return;
  const int number = jobs_.take(id);
  runCharacters_ -= model_->book().chapters[number - 1].text.size();
  runningShare_ = 0;
  model_->setRow(number, cancelled ? BookChapterModel::Row{}
                                   : BookChapterModel::Row{BookChapterModel::Stage::Failed, 0, message});
  showProgress();
  updateButtons();
}

void BookPanel::writeChapter(const Take& take) {
  const JobSpec::Chapter chapter = take.spec.chapter();
  const QString stem = QString::fromStdString(services::BookFolder::chapterStem(chapter.number, chapter.count, chapter.title));
  const QString path = QDir(chapter.folder).filePath(stem + QStringLiteral(".wav"));
  auto* watcher = new QFutureWatcher<QString>(this);
  connect(watcher, &QFutureWatcher<QString>::finished, this, [this, watcher, chapter, path, seconds = take.durationSeconds()] {
    watcher->deleteLater();
    --writing_;
    const QString error = watcher->result();
    if (chapter.folder == folder()) {
      reloadFolder();
      if (error.isEmpty())
        model_->setRow(chapter.number, {BookChapterModel::Stage::Made, seconds, {}});
      else
        model_->setRow(chapter.number, {BookChapterModel::Stage::Failed, 0, error});
    }
    if (error.isEmpty())
      emit said(tr("Chapter %1 written to %2").arg(chapter.number).arg(QDir::toNativeSeparators(path)));
    else
      emit errorShown(tr("Chapter %1 cannot be written: %2").arg(chapter.number).arg(error));
    showProgress();
    updateButtons();
  });
  ++writing_;
  // The file, then its record in book.json, both on the writer's thread: a
  // chapter finished just before quitting or a language switch is kept, and
  // only that thread ever writes book.json.
  watcher->setFuture(QtConcurrent::run(&writer_, [take, path]() -> QString {
    const JobSpec::Chapter& chapter = take.spec.chapter();
    try {
      QDir().mkpath(QFileInfo(path).absolutePath());
      exportTake(take, path, chapterFormat());
      const QFileInfo wav(path);
      services::BookFolder book(chapter.folder.toStdString());
      book.describe(chapter.book.toStdString(), chapter.bookTitle);
      book.record({{"number", chapter.number},
                   {"title", chapter.title.toStdString()},
                   {"file", wav.fileName().toStdString()},
                   {"subtitles", (wav.completeBaseName() + QStringLiteral(".srt")).toStdString()},
                   {"seconds", take.durationSeconds()},
                   {"seed", take.seed},
                   {"text_sha256", chapter.textHash.toStdString()},
                   {"render_key", chapter.renderKey.toStdString()}});
      return {};
    } catch (const std::exception& e) {
      return QString::fromUtf8(e.what());
    }
  }));
  updateButtons();
}

void BookPanel::joinBook() {
  if (!folder_ || !model_->allMade()) return;
  // The joined file's path, or why there is none.
  using Joined = std::pair<QString, QString>;
  auto* watcher = new QFutureWatcher<Joined>(this);
  connect(watcher, &QFutureWatcher<Joined>::finished, this, [this, watcher] {
    watcher->deleteLater();
    --writing_;
    reloadFolder();
    const auto [file, error] = watcher->result();
    if (error.isEmpty())
      emit said(tr("The book in one file: %1").arg(QDir::toNativeSeparators(file)));
    else
      emit errorShown(tr("The book cannot be joined into one file: %1").arg(error));
    updateButtons();
  });
  ++writing_;
  updateButtons();
  const std::filesystem::path folder = folder_->path();
  const services::Book book = model_->book();
  const std::string key = lastKey_;
  watcher->setFuture(QtConcurrent::run(&writer_, [folder, book, key]() -> Joined {
    try {
      return {QString::fromStdString(services::BookFolder(folder).writeJoined(book, key).string()), {}};
    } catch (const std::exception& e) {
      return {{}, QString::fromUtf8(e.what())};
    }
  }));
}

void BookPanel::reloadFolder() { folder_ = std::make_unique<services::BookFolder>(folder_->path()); }

void BookPanel::showProgress() {
  const int count = model_->chapterCount();
  int made = 0, outdated = 0;
  for (int number = 1; number <= count; ++number) {
    const BookChapterModel::Stage stage = model_->row(number).stage;
    made += stage == BookChapterModel::Stage::Made;
    outdated += stage == BookChapterModel::Stage::Outdated;
  }
  if (jobs_.isEmpty() || runCharacters_ <= 0) {
    progress_->setValue(count ? made * 1000 / count : 0);
    QString text;
    if (outdated > 0)  // their files are there: "0 of 3 made" alone reads as if they were lost
      text = tr("%1 of %n chapter(s) made; %2 made from other text or settings", nullptr, count)
                 .arg(made)
                 .arg(outdated);
    else if (count > 0)
      text = tr("%1 of %n chapter(s) made", nullptr, count).arg(made);
    showProgressText(text);
    return;
  }
  const qsizetype runningChars =
      runningChapter_ > 0 && jobs_.values().contains(runningChapter_)
          ? model_->book().chapters[runningChapter_ - 1].text.size()
          : 0;
  const double done = (double(doneCharacters_) + runningShare_ * double(runningChars)) / double(runCharacters_);
  progress_->setValue(int(std::clamp(done, 0.0, 1.0) * 1000));
  QString text = tr("%1 of %n chapter(s) made; %2 to go in this run", nullptr, count).arg(made).arg(jobs_.size());
  const double elapsed = runClock_.elapsed() / 1000.0;
  if (done > 0.01 && elapsed > 0) text += tr(", about %1 left").arg(services::durationText(elapsed / done * (1.0 - done)));
  showProgressText(text);
}

void BookPanel::showProgressText(QString text) {
  progress_->setToolTip(text);
  progress_->setFormat(text.replace(u'%', QStringLiteral("%%")));  // the bar's own %p, %v and %m stay out
}

void BookPanel::updateButtons() {
  const bool book = hasBook();
  const bool idle = writing_ == 0;
  makeRest_->setEnabled(book && idle && !model_->allMade());
  makeAgain_->setEnabled(book && idle && table_->selectionModel()->hasSelection());
  stop_->setEnabled(!jobs_.isEmpty());
  join_->setEnabled(book && idle && jobs_.isEmpty() && model_->allMade());
  openFolder_->setEnabled(book);
}

}  // namespace cosystudio::ui
