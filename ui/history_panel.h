// The takes of this session: listen, seek, export.
#pragma once

#include "job.h"
#include "take_store.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;
class QSlider;
class QTreeWidget;

namespace cosystudio::ui {

class PcmPlayer;

class HistoryPanel : public QWidget {
  Q_OBJECT

 public:
  HistoryPanel(PcmPlayer* player, QWidget* parent = nullptr);

  void addTake(const Take& take);
  const QList<Take>& takes() const { return takes_; }
  const Take* take(quint64 jobId) const;  // nullptr when not in the history
  int currentIndex() const;
  ExportFormat exportFormat() const;
  void setExportFormat(const ExportFormat& format);
  // Exports the selected take; returns false (and says why) on failure.
  bool exportCurrent(const QString& path, QString* error);

 public slots:
  void playCurrent();
  void exportCurrentWithDialog();
  void exportAll();
  void regenerateSegment();

 signals:
  void errorOccurred(const QString& message);
  void message(const QString& text);
  // Asks for segment `segment` (0-based) of `take` to be generated again.
  void regenerateRequested(const cosystudio::ui::Take& take, int segment);

 private:
  PcmPlayer* player_;
  QTreeWidget* list_;
  QPushButton* play_;
  QSlider* seek_;
  QLabel* time_;
  QComboBox* encoding_;
  QComboBox* rate_;
  QList<Take> takes_;
  int playing_ = -1;
};

}  // namespace cosystudio::ui
