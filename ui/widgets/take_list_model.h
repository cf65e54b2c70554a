// The takes as a tree model: each take a row, the segments of a take of
// several under it. HistoryPanel owns it and alone changes it; the view reads it.
#pragma once

#include "job.h"

#include <QAbstractItemModel>
#include <QList>

namespace cosystudio::ui {

class TakeListModel : public QAbstractItemModel {
  Q_OBJECT

 public:
  enum Column { NumberColumn, TextColumn, CheckColumn, VoiceColumn, InstructionColumn, SeedColumn, LengthColumn, MadeColumn,
                RtfColumn, ColumnCount };

  // What listening back found (TakeCheck), in every column of a checked
  // segment's row (of a take of one segment, the take's row); the view shows
  // the mark (Qt::DecorationRole) and the figures in CheckColumn.
  enum Role {
    CheckPassedRole = Qt::UserRole + 1,  // bool; none when not checked (of a take: every segment passes)
    CheckTriesRole,     // int: the tries made (the first and each retake)
    ErrorRateRole,      // double: the kept try's character or word error rate
    SimilarityRole,     // double: its speaker similarity
    RateRatioRole,      // double: its speaking rate against the voice's; none when unknown
    HeardRole,          // QString: what the recogniser heard
    FailureReasonsRole  // QStringList: why it fails, in the user's language
  };

  explicit TakeListModel(QObject* parent = nullptr);

  QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
  QModelIndex parent(const QModelIndex& child) const override;
  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  const QList<Take>& takes() const { return takes_; }
  // The take row of an index (also of a segment's); -1 for none.
  int takeRow(const QModelIndex& index) const;
  // The segment of an index; -1 for a take's own row.
  static int segmentRow(const QModelIndex& index);
  // The take's row (segment -1) or one of its segments, in column 0.
  QModelIndex indexOf(int take, int segment = -1) const;

  void insert(int row, const Take& take);
  void append(const Take& take) { insert(int(takes_.size()), take); }
  Take takeAt(int row);
  void clear();
  void setWavPath(int row, const QString& wavPath);
  // Why the take's file could not be written, shown on it until it is.
  void setSaveProblem(int row, const QString& problem);
  void setLabel(int row, const QString& label);

 private:
  QList<Take> takes_;
  QList<QString> saveProblems_;  // per take
};

// The seeds a take was made with: its own, and any its segments were made
// again with. More than one means its segments differ in their randomness.
QList<quint64> seedsOf(const Take& take);

}  // namespace cosystudio::ui
