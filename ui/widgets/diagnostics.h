// A diagnostics report for bug reports: versions, devices, settings, the
// engine's state, recent errors and the memory history, as one JSON file.
#pragma once

#include "cosystudio/engine.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QVector>

namespace cosystudio::ui {

// What only the window knows.
struct DiagnosticsContext {
  QString modelFolder;
  QString engineState;
  QStringList recentErrors;            // oldest first
  QVector<MemoryStats> memoryHistory;  // the status-bar meter's samples, oldest first
};

// The report; versions, devices and settings are read here.
QByteArray diagnosticsJson(const DiagnosticsContext& context);
// Writes the report to `path` whole or not at all; false when it cannot be written.
bool saveDiagnostics(const QString& path, const DiagnosticsContext& context);

// The errors the window showed, the newest kept for the report.
class ErrorLog {
 public:
  static constexpr int kKept = 20;

  void record(const QString& message);
  QString last() const { return last_; }
  const QStringList& recent() const { return recent_; }  // "time message", oldest first

 private:
  QString last_;
  QStringList recent_;
};

}  // namespace cosystudio::ui
