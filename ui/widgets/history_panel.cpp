#include "history_panel.h"

#include "engine_messages.h"
#include "engine_session.h"
#include "export_settings.h"
#include "file_dialogs.h"
#include "job_parts.h"
#include "memory_meter.h"
#include "session_state.h"
#include "take_export.h"
#include "take_list_model.h"
#include "take_transport.h"

#include <QAction>
#include <QClipboard>
#include <QComboBox>
#include <QDesktopServices>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QGuiApplication>
#include <QInputDialog>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSet>
#include <QTreeView>
#include <QUrl>
#include <QVBoxLayout>

namespace cosystudio::ui {

HistoryPanel::HistoryPanel(PcmPlayer* player, TakeStore* store, QWidget* parent)
    : QWidget(parent),
      store_(store),
      model_(new TakeListModel(this)),
      exporter_(new TakeExport(this)) {
  setObjectName(QStringLiteral("historyPanel"));
  list_ = new QTreeView(this);
  list_->setObjectName(QStringLiteral("takes"));
  list_->setModel(model_);
  list_->setUniformRowHeights(true);
  list_->setAllColumnsShowFocus(true);
  list_->header()->setStretchLastSection(false);
  list_->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
  list_->header()->setSectionResizeMode(TakeListModel::TextColumn, QHeaderView::Stretch);
  // The figures and what a failing segment was heard to say: wide, elided, widened by hand.
  list_->header()->setSectionResizeMode(TakeListModel::CheckColumn, QHeaderView::Interactive);
  list_->header()->resizeSection(TakeListModel::CheckColumn, 400);
  list_->setToolTip(tr("Takes of this session, with the segments of long ones; double-click to play, right-click "
                       "for more"));
  list_->setContextMenuPolicy(Qt::CustomContextMenu);

  transport_ = new TakeTransport(player, model_, [this] { return std::pair(currentIndex(), currentSegment()); }, this);
  exportSettings_ = new ExportSettings(this);
  regenerate_ = new QPushButton(tr("&Regenerate segment"), this);
  regenerate_->setObjectName(QStringLiteral("regenerateSegment"));
  edit_ = new QPushButton(tr("E&dit segment…"), this);
  edit_->setObjectName(QStringLiteral("editSegment"));
  exportOne_ = new QPushButton(tr("&Export…"), this);
  exportOne_->setObjectName(QStringLiteral("exportTake"));
  exportAllButton_ = new QPushButton(tr("Export &all…"), this);
  exportAllButton_->setObjectName(QStringLiteral("exportAll"));
  exportTakeAction_ = new QAction(tr("&Export take…"), this);
  exportTakeAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
  exportAllAction_ = new QAction(tr("Export &all takes…"), this);
  deleteAction_ = new QAction(tr("&Delete take"), this);
  deleteAction_->setShortcut(QKeySequence::Delete);
  deleteAction_->setShortcutContext(Qt::WidgetShortcut);
  list_->addAction(deleteAction_);
  undoDeleteAction_ = new QAction(tr("&Undo delete"), this);
  undoDeleteAction_->setShortcut(QKeySequence::Undo);
  undoDeleteAction_->setShortcutContext(Qt::WidgetShortcut);
  list_->addAction(undoDeleteAction_);

  // Actions on a row of their own: with the export settings beside them the
  // panel would be wider than a laptop screen.
  auto* actionRow = new QHBoxLayout;
  actionRow->addWidget(regenerate_);
  actionRow->addWidget(edit_);
  actionRow->addStretch(1);
  actionRow->addWidget(exportSettings_->subtitlesBox());
  actionRow->addWidget(exportOne_);
  actionRow->addWidget(exportAllButton_);

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(list_, 1);
  layout->addWidget(transport_);
  layout->addWidget(exportSettings_);
  layout->addLayout(actionRow);

  connect(list_, &QTreeView::doubleClicked, this, &HistoryPanel::playCurrent);
  connect(list_, &QTreeView::customContextMenuRequested, this, &HistoryPanel::showContextMenu);
  connect(deleteAction_, &QAction::triggered, this, &HistoryPanel::deleteCurrent);
  connect(undoDeleteAction_, &QAction::triggered, this, &HistoryPanel::undoDelete);
  connect(regenerate_, &QPushButton::clicked, this, &HistoryPanel::regenerateSegment);
  connect(edit_, &QPushButton::clicked, this, &HistoryPanel::editSegment);
  connect(exportOne_, &QPushButton::clicked, this, &HistoryPanel::exportCurrentWithDialog);
  connect(exportAllButton_, &QPushButton::clicked, this, &HistoryPanel::exportAll);
  connect(exportTakeAction_, &QAction::triggered, this, &HistoryPanel::exportCurrentWithDialog);
  connect(exportAllAction_, &QAction::triggered, this, &HistoryPanel::exportAll);
  connect(exporter_, &TakeExport::message, this, &HistoryPanel::message);
  connect(exporter_, &TakeExport::errorOccurred, this, &HistoryPanel::errorOccurred);
  connect(exporter_, &TakeExport::finished, this, &HistoryPanel::exportsFinished);
  connect(list_->selectionModel(), &QItemSelectionModel::currentChanged, transport_, &TakeTransport::showSelected);
  connect(list_->selectionModel(), &QItemSelectionModel::currentChanged, this, &HistoryPanel::updateActions);
  connect(model_, &QAbstractItemModel::rowsRemoved, this, &HistoryPanel::updateActions);
  connect(model_, &QAbstractItemModel::modelReset, this, &HistoryPanel::updateActions);
  updateActions();
  auto* playKey = new QAction(list_);
  playKey->setShortcut(Qt::Key_Space);
  playKey->setShortcutContext(Qt::WidgetShortcut);
  list_->addAction(playKey);
  connect(playKey, &QAction::triggered, this, &HistoryPanel::playCurrent);
}

void HistoryPanel::streamAudio(quint64 jobId, const QVector<float>& samples, int sampleRate) {
  transport_->streamAudio(jobId, samples, sampleRate);
}

void HistoryPanel::stopStream(quint64 jobId) { transport_->stopStream(jobId); }

void HistoryPanel::updateActions() {
  const int index = currentIndex();
  const bool selected = index >= 0;
  const bool dubbed = selected && takes()[index].spec.isDubbing();
  const bool hasText = selected && takes()[index].spec.settings.mode != Mode::VoiceConversion && !dubbed;
  const QString noTake = takes().isEmpty() ? tr("No takes yet: generate one first") : tr("Select a take first");
  const QString noText = !selected ? noTake
                         : dubbed ? tr("A dubbed cue is made to fit its time with the others: open the subtitles "
                                       "again to dub them again")
                                  : tr("A voice conversion has no text to make again");
  const auto offer = [](QObject* control, bool enabled, const QString& what, const QString& whyNot) {
    control->setProperty("enabled", enabled);
    control->setProperty("toolTip", enabled ? what : whyNot);
  };
  offer(regenerate_, hasText, tr("Make the selected segment (or one of the selected take's) again with a new seed"),
        noText);
  offer(edit_, hasText, tr("Change the text of the selected segment and make it again"), noText);
  const QString exportTip = tr("Save the selected take as WAV with a JSON file of its settings (Ctrl+E)");
  offer(exportOne_, selected, exportTip, noTake);
  offer(exportTakeAction_, selected, exportTip, noTake);
  const QString exportAllTip = tr("Save every take in the list to a folder");
  offer(exportAllButton_, !takes().isEmpty(), exportAllTip, tr("No takes yet: generate one first"));
  offer(exportAllAction_, !takes().isEmpty(), exportAllTip, tr("No takes yet: generate one first"));
  const bool saved = selected && !takes()[index].wavPath.isEmpty();
  offer(deleteAction_, saved, tr("Move the selected take's files to the trash (Undo brings them back)"),
        selected ? tr("The take is still being written") : noTake);
  offer(undoDeleteAction_, deleted_.has_value(), tr("Bring back the take deleted last"), tr("Nothing deleted"));
}

void HistoryPanel::follow(EngineSession* session) {
  connect(session, &EngineSession::jobStarted, this, [this](const JobSpec& job) {
    if (job.served) servedJob_ = job.id;
  });
  connect(session, &EngineSession::jobAudio, this, [this](quint64 id, const AudioChunk& chunk) {
    if (id != servedJob_) streamAudio(id, QVector<float>(chunk.samples.begin(), chunk.samples.end()), chunk.sampleRate);
  });
  connect(session, &EngineSession::jobFailed, this, [this](quint64 id) { stopStream(id); });
  connect(session, &EngineSession::jobRanAway, this, [this](const JobSpec& job) { stopStream(job.id); });
  connect(session, &EngineSession::jobFinished, this, [this](const Take& finished) {
    if (!finished.spec.served || keepServedTakes_) keepMadeTake(finished);
  });
  connect(session, &EngineSession::jobKeptParts, this, [this](const Take& partial) {
    keepMadeTake(partial);
    emit message(tr("Take #%1 keeps what the job made before it stopped; Resume (right-click) goes on from there.")
                     .arg(partial.jobId));
  });
}

void HistoryPanel::keepMadeTake(const Take& made) {
  // Listed at once; the store writes it in the background and reports to the list.
  const Take take = addFinishedTake(made);
  store_->save(take);
  if (!take.warnings().isEmpty())
    emit message(tr("Listen to take #%1: %2").arg(take.jobId).arg(take.warnings().join(QStringLiteral("; "))));
}

void HistoryPanel::recoverUnclaimedParts(EngineSession* session) {
  QSet<QString> waiting;
  for (const JobSpec& job : session->jobs()) waiting.insert(job.partsFolder);
  for (const QString& folder : JobParts::unclaimed(waiting)) {
    std::optional<Take> take = JobParts::keptTake(folder);
    if (!take) {
      JobParts::drop(folder);  // nothing whole was kept in it
      continue;
    }
    take->jobId = take->spec.id = session->newJobId();
    take->created = QFileInfo(folder).lastModified();
    keepMadeTake(*take);
    emit message(tr("Take #%1 keeps what a job made before CosyStudio stopped; Resume (right-click) goes on from "
                    "there.").arg(take->jobId));
  }
}

void HistoryPanel::supersedeIncomplete(const QString& folder, quint64 jobId) {
  for (int row = int(takes().size()) - 1; row >= 0; --row) {
    const Take& take = takes()[row];
    if (!take.isIncomplete() || take.spec.partsFolder != folder || take.jobId == jobId) continue;
    TakeStore::TrashedTake ignored;
    QString error;
    if (!take.wavPath.isEmpty() && !store_->moveToTrash(take, &ignored, &error)) continue;
    transport_->takeRemoved(row);
    model_->takeAt(row);
  }
}

quint64 HistoryPanel::showStoredTakes() {
  clear();
  QStringList problems;
  const QVector<Take> stored = store_->load(&problems);
  quint64 last = 0;
  for (const Take& take : stored) last = std::max(last, take.jobId);
  // Each take keeps the number its file name carries; one with none, or with
  // the number of an older take (two sessions once both counted from 1), gets
  // the next free one, in its files too.
  QSet<quint64> used;
  for (Take take : stored) {
    QString error;
    if ((take.jobId == 0 || used.contains(take.jobId)) && !store_->renumber(&take, ++last, &error)) problems << error;
    take.spec.id = take.jobId;
    used.insert(take.jobId);
    addTake(take);
  }
  if (!problems.isEmpty())
    emit message(tr("%n earlier take(s) could not be read back: %1", nullptr, int(problems.size()))
                     .arg(problems.constFirst()));
  return last;
}

void HistoryPanel::addTake(const Take& take) {
  model_->append(take);
  select(int(takes().size()) - 1);
}

void HistoryPanel::select(int take, int segment) {
  list_->setCurrentIndex(model_->indexOf(take, segment));
}

const QList<Take>& HistoryPanel::takes() const { return model_->takes(); }

Take HistoryPanel::addFinishedTake(const Take& finished) {
  Take take = finished;
  int remade = -1;  // the segment made again, in a spliced take
  if (const Take* whole = this->take(finished.spec.regenerates))
    if (const std::optional<Take> spliced = spliceRegeneratedSegment(*whole, finished)) {
      take = *spliced;
      remade = finished.spec.replacesSegment;
    }
  addTake(take);
  transport_->streamBecameTake(finished.jobId, int(takes().size()) - 1, remade);
  return take;
}

int HistoryPanel::waitingForFile(quint64 jobId) const {
  for (int i = 0; i < takes().size(); ++i)
    if (takes()[i].jobId == jobId && takes()[i].wavPath.isEmpty()) return i;
  return -1;
}

void HistoryPanel::markSaved(quint64 jobId, const QString& wavPath) {
  const int index = waitingForFile(jobId);
  if (index < 0) return;
  model_->setWavPath(index, wavPath);
  const Take saved = takes()[index];
  if (!saved.label.isEmpty()) store_->saveLabel(saved);  // named before it was written
  if (!saved.spec.partsFolder.isEmpty()) {
    supersedeIncomplete(saved.spec.partsFolder, jobId);
    // The parts are kept until the take is whole.
    if (saved.isIncomplete())
      JobParts::noteTake(saved.spec.partsFolder, wavPath);
    else
      JobParts::drop(saved.spec.partsFolder);
  }
  updateActions();
}

void HistoryPanel::markUnsaved(quint64 jobId, const QString& why) {
  const int index = waitingForFile(jobId);
  if (index < 0) {  // the list was read again from another folder meanwhile
    emit errorOccurred(why);
    return;
  }
  const QString kept = tr("The take stays in this list until you quit: export it (File → Export take…) to keep it.");
  model_->setSaveProblem(index, why + QLatin1Char('\n') + kept);
  emit errorOccurred(tr("Take #%1 could not be saved in the outputs folder.\n%2\n%3").arg(jobId).arg(why, kept));
}

void HistoryPanel::clear() {
  transport_->clear();
  model_->clear();
  deleted_.reset();
}

const Take* HistoryPanel::take(quint64 jobId) const {
  for (const Take& take : takes())
    if (take.jobId == jobId) return &take;
  return nullptr;
}

int HistoryPanel::currentIndex() const { return model_->takeRow(list_->currentIndex()); }

int HistoryPanel::currentSegment() const { return TakeListModel::segmentRow(list_->currentIndex()); }

ExportFormat HistoryPanel::exportFormat() const { return exportSettings_->format(); }

void HistoryPanel::setExportFormat(const ExportFormat& format) { exportSettings_->setFormat(format); }

void HistoryPanel::playCurrent() { transport_->playSelected(); }

bool HistoryPanel::exportCurrent(const QString& path) {
  const int index = currentIndex();
  if (index < 0) {
    emit errorOccurred(tr("Select a take to export."));
    return false;
  }
  return exporter_->one(takes()[index], path, exportFormat());
}

void HistoryPanel::exportCurrentWithDialog() {
  const int index = currentIndex();
  if (index < 0) return;
  const audio::FileFormat file = exportFormat().file;
  const QString suffix = QString::fromLatin1(audio::fileSuffix(file));
  const QString suggested =
      (takes()[index].wavPath.isEmpty() ? QStringLiteral("take") : QFileInfo(takes()[index].wavPath).completeBaseName()) +
      suffix;
  const QString path = chooseSavePath(this, tr("Export take"), FileKind::Export, suggested,
                                      tr("%1 files (*%2)").arg(exportSettings_->fileFormatName(), suffix));
  if (!path.isEmpty()) exportCurrent(path);
}

int HistoryPanel::segmentToRegenerate() {
  const int index = currentIndex();
  if (index < 0) return -1;
  const Take& take = takes()[index];
  if (take.spec.settings.mode == Mode::VoiceConversion) {
    emit errorOccurred(tr("A voice conversion has no text to make again; convert the source clip again instead."));
    return -1;
  }
  if (take.spec.isDubbing()) {
    emit errorOccurred(tr("A dubbed cue is made to fit its time with the others: open the subtitles again to dub "
                          "them again."));
    return -1;
  }
  if (currentSegment() >= 0 || take.segments.size() == 1) return std::max(0, currentSegment());
  bool ok = false;
  const int segment = QInputDialog::getInt(this, tr("Regenerate segment"),
                                           tr("Segment (1 to %1):").arg(take.segments.size()), 1, 1,
                                           int(take.segments.size()), 1, &ok);
  return ok ? segment - 1 : -1;
}

void HistoryPanel::regenerateSegment() {
  const int segment = segmentToRegenerate();
  if (segment < 0) return;
  const Take& take = takes()[currentIndex()];
  emit regenerateRequested(take, segment, take.segments[segment].text);
}

void HistoryPanel::editSegment() {
  const int segment = segmentToRegenerate();
  if (segment < 0) return;
  const Take take = takes()[currentIndex()];
  QInputDialog dialog(this);
  dialog.setWindowTitle(tr("Edit segment"));
  dialog.setLabelText(tr("Text of segment %1, made again when you press OK:").arg(segment + 1));
  dialog.setOption(QInputDialog::UsePlainTextEditForTextInput);
  dialog.setTextValue(take.segments[segment].text);
  // QInputDialog's editor does not wrap: a sentence would run off to the right.
  if (auto* editor = dialog.findChild<QPlainTextEdit*>()) editor->setLineWrapMode(QPlainTextEdit::WidgetWidth);
  dialog.resize(dialog.sizeHint().expandedTo(QSize(520, 240)));
  if (dialog.exec() != QDialog::Accepted) return;
  const QString text = dialog.textValue().trimmed();
  if (!text.isEmpty()) emit regenerateRequested(take, segment, text);
}

void HistoryPanel::showContextMenu(const QPoint& at) {
  const QModelIndex clicked = list_->indexAt(at);
  if (clicked.isValid()) list_->setCurrentIndex(clicked);
  updateActions();
  const bool selected = currentIndex() >= 0;
  QMenu menu(this);
  menu.setToolTipsVisible(true);  // a disabled action says why
  menu.addAction(tr("&Play"), this, &HistoryPanel::playCurrent)->setEnabled(selected);
  menu.addAction(exportTakeAction_);
  menu.addSeparator();
  menu.addAction(tr("&Regenerate segment"), this, &HistoryPanel::regenerateSegment)->setEnabled(regenerate_->isEnabled());
  menu.addAction(tr("E&dit segment…"), this, &HistoryPanel::editSegment)->setEnabled(edit_->isEnabled());
  menu.addSeparator();
  menu.addAction(tr("Re&name…"), this, &HistoryPanel::renameCurrent)->setEnabled(selected);
  menu.addAction(tr("&Copy text"), this, &HistoryPanel::copyCurrentText)->setEnabled(selected);
  const bool incomplete = selected && takes()[currentIndex()].isIncomplete();
  menu.addAction(tr("Re&sume"), this, [this] { emit resumeRequested(takes()[currentIndex()].spec); })
      ->setEnabled(incomplete);
  menu.addAction(tr("&Use these settings again"), this, [this] {
    if (currentIndex() >= 0) emit useSettingsRequested(takes()[currentIndex()]);
  })->setEnabled(selected);
  menu.addAction(tr("Show in &folder"), this, &HistoryPanel::showCurrentInFolder)
      ->setEnabled(selected && !takes()[currentIndex()].wavPath.isEmpty());
  menu.addSeparator();
  menu.addAction(deleteAction_);
  menu.addAction(undoDeleteAction_);
  menu.exec(list_->viewport()->mapToGlobal(at));
}

void HistoryPanel::deleteCurrent() {
  const int row = currentIndex();
  if (row < 0 || takes()[row].wavPath.isEmpty()) return;
  Deleted deleted{row, takes()[row], {}};
  QString error;
  if (!store_->moveToTrash(deleted.take, &deleted.files, &error)) {
    emit errorOccurred(error);
    return;
  }
  transport_->takeRemoved(row);
  model_->takeAt(row);
  emit message(tr("Take #%1 moved to the trash; Undo (Ctrl+Z in the list) brings it back.").arg(deleted.take.jobId));
  deleted_ = std::move(deleted);
  if (!takes().isEmpty()) select(std::min(row, int(takes().size()) - 1));
  updateActions();
}

void HistoryPanel::undoDelete() {
  if (!deleted_) return;
  QString error;
  if (!store_->restoreFromTrash(deleted_->files, &error)) {
    emit errorOccurred(error);
    return;
  }
  const int row = std::min(deleted_->row, int(takes().size()));
  transport_->takeInserted(row);
  model_->insert(row, deleted_->take);
  emit message(tr("Take #%1 is back.").arg(deleted_->take.jobId));
  deleted_.reset();
  select(row);
  updateActions();
}

void HistoryPanel::renameCurrent() {
  const int row = currentIndex();
  if (row < 0) return;
  bool ok = false;
  const QString label = QInputDialog::getText(this, tr("Rename take"), tr("Name of take #%1 (empty: its text):")
                                                                           .arg(takes()[row].jobId),
                                              QLineEdit::Normal, takes()[row].label, &ok)
                            .trimmed();
  if (!ok) return;
  model_->setLabel(row, label);
  store_->saveLabel(takes()[row]);
}

void HistoryPanel::copyCurrentText() {
  const int row = currentIndex();
  if (row < 0) return;
  const int segment = currentSegment();
  QGuiApplication::clipboard()->setText(segment < 0 ? takes()[row].spec.text : takes()[row].segments[segment].text);
  emit message(tr("Text copied."));
}

void HistoryPanel::showCurrentInFolder() {
  const int row = currentIndex();
  if (row < 0 || takes()[row].wavPath.isEmpty()) return;
  if (!QDesktopServices::openUrl(QUrl::fromLocalFile(QFileInfo(takes()[row].wavPath).absolutePath())))
    emit errorOccurred(tr("No file manager could be opened; the take is in %1")
                           .arg(QDir::toNativeSeparators(takes()[row].wavPath)));
}

void HistoryPanel::exportAll() {
  if (takes().isEmpty()) return;
  const QString folder = chooseFolder(this, tr("Export all takes to"), FileKind::Export);
  if (!folder.isEmpty()) exporter_->all(takes(), folder, exportFormat());
}

void HistoryPanel::saveSession(SessionState& state) const { state.exportFormat = exportFormat(); }

void HistoryPanel::restoreSession(const SessionState& state) { setExportFormat(state.exportFormat); }

}  // namespace cosystudio::ui
