#include "take_export.h"

#include "engine_messages.h"

#include <QDir>
#include <QFileInfo>
#include <QtConcurrent/QtConcurrentRun>

namespace cosystudio::ui {

TakeExport::TakeExport(QObject* parent) : QObject(parent), watcher_(new QFutureWatcher<Outcome>(this)) {}

bool TakeExport::one(const Take& take, const QString& path, const ExportFormat& format) {
  return start({{take, path}}, format, [path](const Outcome& outcome) {
    return tr("Exported %1").arg(path) + masteringNote(outcome.last, outcome.format.loudnessLufs);
  });
}

bool TakeExport::all(const QList<Take>& takes, const QString& folder, const ExportFormat& format) {
  QVector<QPair<Take, QString>> files;
  for (const Take& take : takes) {
    const QString name = (take.wavPath.isEmpty() ? QStringLiteral("take-%1").arg(take.jobId)
                                                 : QFileInfo(take.wavPath).completeBaseName()) +
                         QString::fromLatin1(audio::fileSuffix(format.file));
    files.append({take, QDir(folder).filePath(name)});
  }
  return start(std::move(files), format, [folder](const Outcome& outcome) {
    const QString held =
        outcome.format.loudnessLufs
            ? tr("; %n short of the loudness target (see each file's sidecar)", nullptr, outcome.heldBack)
            : tr("; %n turned down so as not to clip", nullptr, outcome.heldBack);
    return tr("Exported %n take(s) to %1", nullptr, outcome.done).arg(folder) +
           (outcome.heldBack > 0 ? held : QString());
  });
}

bool TakeExport::start(QVector<QPair<Take, QString>> files, const ExportFormat& format,
                       std::function<QString(const Outcome&)> describe) {
  if (running_) {
    emit message(tr("An export is still being written; try again when it is done."));
    return false;
  }
  running_ = true;
  watcher_->disconnect(this);
  connect(watcher_, &QFutureWatcher<Outcome>::finished, this, [this, describe = std::move(describe)] {
    running_ = false;
    const Outcome outcome = watcher_->result();
    if (!outcome.error.isEmpty())
      emit errorOccurred(outcome.error);
    else
      emit message(describe(outcome));
    emit finished();
  });
  watcher_->setFuture(QtConcurrent::run([files = std::move(files), format] {
    Outcome outcome;
    outcome.format = format;
    try {
      for (const auto& [take, path] : files) {
        outcome.last = exportTake(take, path, format);
        outcome.heldBack += outcome.last.peakLimited ? 1 : 0;
        ++outcome.done;
      }
    } catch (const std::exception& e) {
      outcome.error = errorText(e);
    }
    return outcome;
  }));
  return true;
}

QString TakeExport::masteringNote(const audio::MasteringReport& mastering, std::optional<double> target) {
  if (target && mastering.loudnessAfter) {
    const QString reached = tr(" at %1 LUFS").arg(*mastering.loudnessAfter, 0, 'f', 1);
    if (mastering.peakLimited)
      return reached + tr(", %1 dB short of the %2 LUFS target: its peaks would have needed more than %3 dB of "
                          "limiting")
                           .arg(mastering.heldBackDb, 0, 'f', 1)
                           .arg(*target, 0, 'f', 0)
                           .arg(audio::kMaxLimitingDb, 0, 'f', 0);
    if (mastering.limitedDb > 0)
      return reached + tr(", peaks limited by up to %1 dB").arg(mastering.limitedDb, 0, 'f', 1);
    return reached;
  }
  return mastering.peakLimited ? tr(", turned down %1 dB so that it does not clip").arg(mastering.heldBackDb, 0, 'f', 1)
                               : QString();
}

}  // namespace cosystudio::ui

#include "moc_take_export.cpp"
