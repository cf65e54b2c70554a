#include "book_chapter_model.h"

#include "services/download/model_download.h"  // durationText

#include <algorithm>

namespace cosystudio::ui {

BookChapterModel::BookChapterModel(QObject* parent) : QAbstractTableModel(parent) {}

void BookChapterModel::setBook(const services::Book& book) {
  beginResetModel();
  book_ = book;
  rows_ = QVector<Row>(book.chapters.size());
  endResetModel();
}

void BookChapterModel::setRow(int number, const Row& row) {
  rows_[number - 1] = row;
  emit dataChanged(index(number - 1, 0), index(number - 1, ColumnCount - 1));
}

bool BookChapterModel::allMade() const {
  return !rows_.isEmpty() &&
         std::all_of(rows_.begin(), rows_.end(), [](const Row& row) { return row.stage == Stage::Made; });
}

int BookChapterModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(rows_.size()); }

int BookChapterModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QString BookChapterModel::stageText(const Row& row) const {
  switch (row.stage) {
    case Stage::ToMake: return tr("to make");
    case Stage::Outdated: return tr("made from other text or settings (%1)").arg(services::durationText(row.seconds));
    case Stage::Queued: return tr("waiting in the queue");
    case Stage::Making: return row.note.isEmpty() ? tr("making") : tr("making: %1").arg(row.note);
    case Stage::Made: return tr("made (%1)").arg(services::durationText(row.seconds));
    case Stage::Failed: return tr("failed: %1").arg(row.note);
  }
  return {};
}

QVariant BookChapterModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rows_.size()) return {};
  const services::BookChapter& chapter = book_.chapters[index.row()];
  const Row& row = rows_[index.row()];
  if (role == Qt::DisplayRole) {
    switch (index.column()) {
      case Number: return index.row() + 1;
      case Title: return chapter.title;
      case Characters: return QLocale().toString(chapter.text.size());
      case State: return stageText(row);
    }
  } else if (role == Qt::ToolTipRole && index.column() == State) {
    return stageText(row);
  } else if (role == Qt::TextAlignmentRole && (index.column() == Number || index.column() == Characters)) {
    return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
  }
  return {};
}

QVariant BookChapterModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case Number: return tr("#");
    case Title: return tr("Chapter");
    case Characters: return tr("Characters");
    case State: return tr("State");
  }
  return {};
}

}  // namespace cosystudio::ui
