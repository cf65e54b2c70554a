#include "reset_report.h"

#include "memory_meter.h"

#include <QMessageBox>

namespace cosystudio::ui {

namespace {

QString describeReport(const ResetReport& r, bool onGpu) {
  auto row = [onGpu](const QString& name, const MemoryStats& s) {
    const QString vram = onGpu ? QStringLiteral("<td>%1</td><td>%2</td>")
                                     .arg(formatBytes(s.deviceAllocated), formatBytes(s.deviceReserved))
                               : QString();
    return QStringLiteral("<tr><td>%1</td>%2<td>%3</td></tr>").arg(name, vram, formatBytes(s.hostResident));
  };
  const QString header = onGpu ? QObject::tr("<th>VRAM allocated</th><th>VRAM reserved</th>") : QString();
  const QString baseline =
      onGpu ? QObject::tr("What remains after the teardown is the baseline of the runtime (the CUDA context); "
                          "it is not a leak.")
            : QObject::tr("What remains after the teardown is the baseline of the runtime; it is not a leak.");
  return QObject::tr("<p>The engine was torn down in %1 s and reloaded in %2 s.</p>"
                     "<table cellspacing=6><tr><th></th>%3<th>RAM</th></tr>%4%5%6</table><p>%7</p>")
      .arg(r.teardownSeconds, 0, 'f', 2)
      .arg(r.reloadSeconds, 0, 'f', 2)
      .arg(header,
           row(QObject::tr("before"), r.before), row(QObject::tr("torn down"), r.afterTeardown),
           row(QObject::tr("reloaded"), r.afterReload), baseline);
}

}  // namespace

void showResetReport(QWidget* parent, const ResetReport& report) {
  const bool onGpu = report.before.deviceTotal > 0 || report.afterReload.deviceTotal > 0;
  auto* box = new QMessageBox(QMessageBox::Information, QObject::tr("Engine reset"), describeReport(report, onGpu),
                              QMessageBox::Ok, parent);
  box->setObjectName(QStringLiteral("resetReport"));
  box->setAttribute(Qt::WA_DeleteOnClose);
  box->open();
}

}  // namespace cosystudio::ui
