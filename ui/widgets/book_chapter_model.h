// The chapters of the open book for the book view's table: number, title,
// length of text, and where each stands — made (its file's length), made from
// other text or settings, waiting in the queue, being made, failed, or to make.
#pragma once

#include "services/book/book_import.h"

#include <QAbstractTableModel>
#include <QVector>

namespace cosystudio::ui {

class BookChapterModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { Number, Title, Characters, State, ColumnCount };
  enum class Stage { ToMake, Outdated, Queued, Making, Made, Failed };
  struct Row {
    Stage stage = Stage::ToMake;
    double seconds = 0;  // Made, Outdated: the length of its file
    QString note;        // Making: how far; Failed: why
  };

  explicit BookChapterModel(QObject* parent = nullptr);

  void setBook(const services::Book& book);
  const services::Book& book() const { return book_; }
  int chapterCount() const { return int(book_.chapters.size()); }
  // Chapter `number` (1-based).
  const Row& row(int number) const { return rows_[number - 1]; }
  void setRow(int number, const Row& row);
  // Whether every chapter is made from its present text and settings.
  bool allMade() const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 private:
  QString stageText(const Row& row) const;

  services::Book book_;
  QVector<Row> rows_;
};

}  // namespace cosystudio::ui
