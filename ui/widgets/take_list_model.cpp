#include "take_list_model.h"

#include "memory_meter.h"
#include "segment_check.h"

#include <QLocale>

namespace cosystudio::ui {

namespace {

// A segment's index carries its take's job id (ids are unique in the list),
// so that it still finds its take after rows above it came or went.
constexpr quintptr kTakeRow = 0;

QString seconds(qsizetype samples, int sampleRate) {
  return TakeListModel::tr("%1 s").arg(double(samples) / sampleRate, 0, 'f', 2);
}

// What an incomplete take holds, and what Resume does with it.
QString incompleteTip(const Take& take) {
  if (take.spec.isDubbing())
    return TakeListModel::tr("Incomplete: %1 of the %2 cues, up to %3 of the timeline, were made before the job "
                             "stopped. Resume (right-click) goes on from there.")
        .arg(take.madeParts).arg(take.plannedParts).arg(seconds(take.samples.size(), take.sampleRate));
  return take.spec.isScript()
             ? TakeListModel::tr("Incomplete: lines 1–%1 of %2 were made before the job stopped. Resume (right-click) "
                                 "goes on from line %3.")
                   .arg(take.madeParts).arg(take.plannedParts).arg(take.madeParts + 1)
             : TakeListModel::tr("Incomplete: segments 1–%1 of %2 were made before the job stopped. Resume "
                                 "(right-click) goes on from segment %3.")
                   .arg(take.madeParts).arg(take.plannedParts).arg(take.madeParts + 1);
}

// Memory around the job: allocated and reserved apart, since the caching
// allocator keeps what it freed.
QString memoryTip(const Take& take) {
  if (take.memoryAfter.hostResident <= 0) return {};  // a take read back from an earlier session
  QString memory = TakeListModel::tr("RAM %1 → %2")
                       .arg(formatBytes(take.memoryBefore.hostResident), formatBytes(take.memoryAfter.hostResident));
  if (take.memoryAfter.deviceTotal > 0)
    memory += TakeListModel::tr("\nVRAM allocated %1 → %2, reserved %3 → %4")
                  .arg(formatBytes(take.memoryBefore.deviceAllocated), formatBytes(take.memoryAfter.deviceAllocated),
                       formatBytes(take.memoryBefore.deviceReserved), formatBytes(take.memoryAfter.deviceReserved));
  return memory;
}

QString madeAt(const QDateTime& created) {
  const QLocale locale;
  return created.date() == QDate::currentDate() ? locale.toString(created.time(), QLocale::ShortFormat)
                                                 : locale.toString(created, QLocale::ShortFormat);
}

// A checked segment's data for the roles and columns of listening back.
QVariant checkData(const TakeCheck& check, int column, int role) {
  const HeardTry& kept = check.keptTry();
  switch (role) {
    case TakeListModel::CheckPassedRole: return check.passed();
    case TakeListModel::CheckTriesRole: return int(check.tries.size());
    case TakeListModel::ErrorRateRole: return kept.errorRate;
    case TakeListModel::SimilarityRole: return kept.similarity;
    case TakeListModel::RateRatioRole: return kept.rateRatio > 0 ? QVariant(kept.rateRatio) : QVariant();
    case TakeListModel::HeardRole: return kept.heard;
    case TakeListModel::FailureReasonsRole: return failureReasons(kept);
    default: break;
  }
  if (column != TakeListModel::CheckColumn) return {};
  if (role == Qt::DecorationRole) return checkMark(check.passed());
  if (role == Qt::ToolTipRole) return checkTip(check);
  if (role == Qt::DisplayRole) {
    QString shown = checkFigures(kept);
    if (check.tries.size() > 1) shown += TakeListModel::tr(" · %1 tries").arg(check.tries.size());
    // A failing one says what was heard at once; the tooltip has the differences.
    if (!check.passed()) {
      if (!kept.heard.isEmpty())
        shown += TakeListModel::tr(" · heard “%1”").arg(kept.heard);
      else if (const QStringList reasons = failureReasons(kept); !reasons.isEmpty())
        shown += QStringLiteral(" · ") + reasons.first();
    }
    return shown;
  }
  return {};
}

}  // namespace

// A script's segment: the line it was made from, whose own style it had.
const ScriptLine* scriptLineOf(const Take& take, const TakeSegment& segment) {
  const auto& lines = take.spec.script().lines;
  return segment.line >= 0 && std::size_t(segment.line) < lines.size() ? &lines[std::size_t(segment.line)] : nullptr;
}

// Every seed the take's segments were made with, the take's first: a segment
// made again, or a script line with a seed of its own, has its own (regeneratedSeed).
QList<quint64> seedsOf(const Take& take) {
  QList<quint64> seeds{take.seed};
  for (const TakeSegment& segment : take.segments)
    if (segment.regeneratedSeed && !seeds.contains(*segment.regeneratedSeed)) seeds << *segment.regeneratedSeed;
  return seeds;
}

TakeListModel::TakeListModel(QObject* parent) : QAbstractItemModel(parent) {}

QModelIndex TakeListModel::index(int row, int column, const QModelIndex& parent) const {
  if (!hasIndex(row, column, parent)) return {};
  if (!parent.isValid()) return createIndex(row, column, kTakeRow);
  return createIndex(row, column, quintptr(takes_[parent.row()].jobId));
}

QModelIndex TakeListModel::parent(const QModelIndex& child) const {
  if (!child.isValid() || child.internalId() == kTakeRow) return {};
  const int row = takeRow(child);
  return row < 0 ? QModelIndex() : createIndex(row, 0, kTakeRow);
}

int TakeListModel::rowCount(const QModelIndex& parent) const {
  if (!parent.isValid()) return int(takes_.size());
  if (parent.internalId() != kTakeRow || parent.column() != 0) return 0;
  // A take of one segment is that segment: nothing to unfold.
  const qsizetype segments = takes_[parent.row()].segments.size();
  return segments > 1 ? int(segments) : 0;
}

int TakeListModel::columnCount(const QModelIndex&) const { return ColumnCount; }

int TakeListModel::takeRow(const QModelIndex& index) const {
  if (!index.isValid()) return -1;
  if (index.internalId() == kTakeRow) return index.row();
  for (int row = 0; row < takes_.size(); ++row)
    if (takes_[row].jobId == index.internalId()) return row;
  return -1;
}

int TakeListModel::segmentRow(const QModelIndex& index) {
  return index.isValid() && index.internalId() != kTakeRow ? index.row() : -1;
}

QModelIndex TakeListModel::indexOf(int take, int segment) const {
  const QModelIndex row = index(take, 0);
  return segment < 0 ? row : index(segment, 0, row);
}

QVariant TakeListModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (Column(section)) {
    case NumberColumn: return tr("#");
    case TextColumn: return tr("Text");
    case CheckColumn: return tr("Check");
    case VoiceColumn: return tr("Voice");
    case InstructionColumn: return tr("Instruction");
    case SeedColumn: return tr("Seed");
    case LengthColumn: return tr("Length");
    case MadeColumn: return tr("Made");
    case RtfColumn: return tr("RTF");
    case ColumnCount: break;
  }
  return {};
}

QVariant TakeListModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
  const int row = takeRow(index);
  if (row < 0) return {};
  const Take& take = takes_[row];
  const int segmentIndex = segmentRow(index);
  if (segmentIndex >= 0) {
    const TakeSegment& segment = take.segments[segmentIndex];
    if (segment.check && (role >= CheckPassedRole || index.column() == CheckColumn))
      return checkData(*segment.check, index.column(), role);
    if (role == Qt::DisplayRole) {
      switch (index.column()) {
        // A dubbing's segment: its cue's number in the subtitles, as its warnings name it.
        case NumberColumn: return segment.cue > 0 ? tr("cue %1").arg(segment.cue) : tr("%1.").arg(segmentIndex + 1);
        case TextColumn: {
          QString status = segment.warnings.isEmpty() ? QString() : QStringLiteral("⚠ ");
          if (segment.regeneratedSeed) status += QStringLiteral("↻ ");
          return status + segment.text;
        }
        case VoiceColumn: return segment.speaker;  // a script's: who speaks it
        case InstructionColumn: {
          const ScriptLine* line = scriptLineOf(take, segment);
          return line ? QString::fromStdString(line->instruction) : QString();
        }
        case SeedColumn: return QString::number(segment.regeneratedSeed.value_or(take.seed));
        case LengthColumn: return seconds(segment.samples.size(), take.sampleRate);
        default: return {};
      }
    }
    if (role == Qt::ToolTipRole && index.column() == TextColumn) {
      QStringList tip = segment.warnings;
      if (segment.placedAt >= 0)
        tip.prepend(tr("Cue %1, spoken from %2 s").arg(segment.cue).arg(double(segment.placedAt) / take.sampleRate, 0, 'f', 3));
      if (segment.regeneratedSeed) tip << tr("Made again with seed %1").arg(*segment.regeneratedSeed);
      return tip.isEmpty() ? QVariant() : tip.join(QLatin1Char('\n'));
    }
    return {};
  }
  // A take of one segment is that segment: its check is the take's.
  if (take.segments.size() == 1 && take.segments[0].check &&
      (role >= CheckPassedRole || index.column() == CheckColumn))
    return checkData(*take.segments[0].check, index.column(), role);
  if (take.isChecked() && (role == CheckPassedRole || index.column() == CheckColumn)) {
    const QList<int> failing = take.segmentsFailing();
    if (role == CheckPassedRole) return failing.isEmpty();
    if (role == Qt::DecorationRole) return checkMark(failing.isEmpty());
    if (role == Qt::ToolTipRole) return takeCheckSummary(take);
    if (role == Qt::DisplayRole) {
      if (failing.isEmpty()) return tr("All pass");
      QStringList numbers;
      const QList<int> lines = take.linesFailing();
      for (const int n : lines.isEmpty() ? failing : lines) numbers << QString::number(n + 1);
      return lines.isEmpty() ? tr("Segments %1 fail").arg(numbers.join(QStringLiteral(", ")))
                             : tr("Lines %1 fail").arg(numbers.join(QStringLiteral(", ")));
    }
    return {};
  }
  if (role == Qt::DisplayRole) {
    switch (Column(index.column())) {
      case NumberColumn: return QString::number(take.jobId);
      case TextColumn: {
        QString text = take.label.isEmpty() ? take.spec.text.simplified() : take.label;
        if (take.isIncomplete()) text = tr("⏸ %1 of %2 · %3").arg(take.madeParts).arg(take.plannedParts).arg(text);
        return take.warnings().isEmpty() ? text : QStringLiteral("⚠ ") + text;
      }
      case VoiceColumn: return take.spec.voiceName;
      case InstructionColumn: return take.spec.instruction;
      case SeedColumn:
        return seedsOf(take).size() == 1 ? QString::number(take.seed) : tr("%1 (mixed)").arg(take.seed);
      case LengthColumn: return seconds(take.samples.size(), take.sampleRate);
      case MadeColumn: return madeAt(take.created);
      // None measured (an incomplete take, made by runs that stopped): blank, not 0.00.
      case RtfColumn: return take.realTimeFactor > 0 ? QString::number(take.realTimeFactor, 'f', 2) : QString();
      case CheckColumn:
      case ColumnCount: break;
    }
    return {};
  }
  if (role == Qt::ToolTipRole) {
    switch (Column(index.column())) {
      case TextColumn: {
        // A run-away segment: the user should listen and maybe regenerate with another seed.
        QStringList tip;
        if (take.isIncomplete()) tip << incompleteTip(take);
        if (!take.label.isEmpty()) tip << take.spec.text.simplified();
        tip << take.warnings();
        return tip.isEmpty() ? QVariant() : tip.join(QLatin1Char('\n'));
      }
      case VoiceColumn: {
        const QString& problem = saveProblems_[row];
        return problem.isEmpty() ? take.wavPath : problem;
      }
      case SeedColumn: {
        // Only here and in the column: data() runs for every cell the view paints.
        const QList<quint64> seeds = seedsOf(take);
        if (seeds.size() == 1) return {};
        QStringList others;
        for (qsizetype i = 1; i < seeds.size(); ++i) others << QString::number(seeds[i]);
        return tr("Made with seed %1; some segments with seed %2").arg(take.seed).arg(others.join(QStringLiteral(", ")));
      }
      case MadeColumn: {
        const QString when = QLocale().toString(take.created, QLocale::LongFormat);
        // A server's take names it (its address stands where a model folder would).
        const bool server = take.modelFolder.startsWith(QLatin1String("http://")) ||
                            take.modelFolder.startsWith(QLatin1String("https://"));
        return server ? tr("%1\nMade by the CosyStudio server at %2").arg(when, take.modelFolder) : when;
      }
      case LengthColumn:
      case RtfColumn: {
        const QString memory = memoryTip(take);
        return memory.isEmpty() ? QVariant() : memory;
      }
      default: return {};
    }
  }
  return {};
}

void TakeListModel::insert(int row, const Take& take) {
  beginInsertRows({}, row, row);
  takes_.insert(row, take);
  saveProblems_.insert(row, QString());
  endInsertRows();
}

Take TakeListModel::takeAt(int row) {
  beginRemoveRows({}, row, row);
  Take take = takes_.takeAt(row);
  saveProblems_.removeAt(row);
  endRemoveRows();
  return take;
}

void TakeListModel::clear() {
  beginResetModel();
  takes_.clear();
  saveProblems_.clear();
  endResetModel();
}

void TakeListModel::setWavPath(int row, const QString& wavPath) {
  takes_[row].wavPath = wavPath;
  saveProblems_[row].clear();
  emit dataChanged(index(row, VoiceColumn), index(row, VoiceColumn), {Qt::ToolTipRole});
}

void TakeListModel::setSaveProblem(int row, const QString& problem) {
  saveProblems_[row] = problem;
  emit dataChanged(index(row, VoiceColumn), index(row, VoiceColumn), {Qt::ToolTipRole});
}

void TakeListModel::setLabel(int row, const QString& label) {
  takes_[row].label = label;
  emit dataChanged(index(row, TextColumn), index(row, TextColumn));
}

}  // namespace cosystudio::ui

#include "moc_take_list_model.cpp"
