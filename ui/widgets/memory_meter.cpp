#include "memory_meter.h"

#include "services/result_json.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>

namespace cosystudio::ui {

namespace {
constexpr int kHistoryLength = 120;
constexpr int kGraphWidth = 90;
}  // namespace

QString formatBytes(qint64 bytes) {
  return QLocale().formattedDataSize(bytes, 1, QLocale::DataSizeTraditionalFormat);
}

QJsonObject memoryJson(const MemoryStats& m) {
  return QJsonDocument::fromJson(QByteArray::fromStdString(services::memoryJson(m).dump())).object();
}

MemoryMeter::MemoryMeter(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("memoryMeter"));
  setMinimumWidth(220);
}

QString MemoryMeter::describe(const MemoryStats& s) {
  if (s.deviceTotal > 0)
    return tr("VRAM %1 allocated · %2 reserved · %3 free · RAM %4")
        .arg(formatBytes(s.deviceAllocated), formatBytes(s.deviceReserved), formatBytes(s.deviceFree),
             formatBytes(s.hostResident));
  return tr("RAM %1").arg(formatBytes(s.hostResident));
}

void MemoryMeter::add(const MemoryStats& stats) {
  history_ << stats;
  if (history_.size() > kHistoryLength) history_.removeFirst();
  QString tip = describe(stats) + QLatin1Char('\n') +
                tr("Graph: host memory (and VRAM reserved/allocated on a GPU) over the last %1 samples")
                    .arg(history_.size());
  if (!stats.cudaGraphFailure.empty())
    tip += QLatin1Char('\n') + tr("GPU: %1").arg(QString::fromStdString(stats.cudaGraphFailure));
  setToolTip(tip);
  update();
}

void MemoryMeter::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  const QPalette& pal = palette();
  const QRect graph(0, 1, kGraphWidth, height() - 2);
  p.fillRect(graph, pal.base());
  p.setPen(pal.color(QPalette::Mid));
  p.drawRect(graph.adjusted(0, 0, -1, -1));
  if (history_.isEmpty()) return;

  const MemoryStats& last = history_.last();
  const bool gpu = last.deviceTotal > 0;
  qint64 top = 1;
  for (const MemoryStats& s : history_)
    top = std::max<qint64>({top, gpu ? s.deviceTotal : s.hostResident, s.hostResident});
  auto line = [&](auto value, const QColor& color) {
    QPainterPath path;
    for (int i = 0; i < history_.size(); ++i) {
      const double x = graph.left() + double(i) / std::max(1, kHistoryLength - 1) * graph.width();
      const double y = graph.bottom() - double(value(history_[i])) / top * (graph.height() - 2);
      i == 0 ? path.moveTo(x, y) : path.lineTo(x, y);
    }
    p.setPen(QPen(color, 1.5));
    p.drawPath(path);
  };
  line([](const MemoryStats& s) { return s.hostResident; }, pal.color(QPalette::Text));
  if (gpu) {
    line([](const MemoryStats& s) { return s.deviceReserved; }, QColor(0xff9800));
    line([](const MemoryStats& s) { return s.deviceAllocated; }, pal.color(QPalette::Highlight));
  }
  p.setPen(pal.color(QPalette::WindowText));
  const QRect text = rect().adjusted(kGraphWidth + 6, 0, 0, 0);
  p.drawText(text, Qt::AlignVCenter | Qt::AlignLeft,
             fontMetrics().elidedText(describe(last), Qt::ElideRight, text.width()));
}

}  // namespace cosystudio::ui
