// Status-bar memory meter: VRAM allocated / reserved / free and host RSS, with
// a small graph of the last minutes. Allocated and reserved are shown apart,
// because the CUDA caching allocator keeps memory that looks like a leak.
#pragma once

#include "cosystudio/engine.h"

#include <QJsonObject>
#include <QVector>
#include <QWidget>

namespace cosystudio::ui {

class MemoryMeter : public QWidget {
  Q_OBJECT

 public:
  explicit MemoryMeter(QWidget* parent = nullptr);

  void add(const MemoryStats& stats);
  const QVector<MemoryStats>& history() const { return history_; }
  QSize sizeHint() const override { return {260, 20}; }

  static QString describe(const MemoryStats& stats);

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  QVector<MemoryStats> history_;
};

QString formatBytes(qint64 bytes);
// The figures as JSON, for take sidecars and the diagnostics report.
QJsonObject memoryJson(const MemoryStats& memory);

}  // namespace cosystudio::ui
