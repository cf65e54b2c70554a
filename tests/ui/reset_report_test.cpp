// The reset report speaks of VRAM and the CUDA context only on a GPU.
#include "memory_meter.h"
#include "reset_report.h"

#include <QMessageBox>
#include <QWidget>
#include <QtTest>

using namespace cosystudio;
using namespace cosystudio::ui;

class ResetReportTest : public QObject {
  Q_OBJECT

 private slots:
  void vramAndTheCudaContextOnlyOnAGpu() {
    ResetReport report;
    report.before.hostResident = 900ll << 20;
    report.afterTeardown.hostResident = 200ll << 20;
    report.afterReload.hostResident = 880ll << 20;
    report.teardownSeconds = 0.25;
    report.reloadSeconds = 2.5;
    for (const bool onGpu : {false, true}) {
      // A GPU's memory is sampled with its size (sampleMemory), this computer's or a server's.
      for (MemoryStats* m : {&report.before, &report.afterTeardown, &report.afterReload})
        m->deviceTotal = onGpu ? 80ll << 30 : 0;
      QWidget parent;
      showResetReport(&parent, report);
      auto* box = parent.findChild<QMessageBox*>(QStringLiteral("resetReport"));
      QVERIFY(box);
      QVERIFY(box->isVisible());  // open(), not exec(): the window goes on
      const QString text = box->text();
      QVERIFY2(text.contains(QStringLiteral("0.25 s")) && text.contains(QStringLiteral("2.50 s")), qPrintable(text));
      QVERIFY2(text.contains(formatBytes(report.afterReload.hostResident)), qPrintable(text));
      QCOMPARE(text.contains(QStringLiteral("VRAM")), onGpu);
      QCOMPARE(text.contains(QStringLiteral("CUDA")), onGpu);
      box->close();
    }
  }
};

QTEST_MAIN(ResetReportTest)
#include "reset_report_test.moc"
