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

}  // namespace cosystudio::ui
