#include "diagnostics.h"

#include "memory_meter.h"

#include "cosystudio/engine.h"
#include "cosystudio/version.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QSettings>
#include <QSysInfo>

namespace cosystudio::ui {

namespace {

QJsonArray devicesJson() {
  QJsonArray devices;
  for (const DeviceInfo& info : availableDevices())
    devices << QJsonObject{
        {QStringLiteral("name"), QString::fromStdString(info.name)},
        {QStringLiteral("cuda_index"), info.device.kind == DeviceKind::Cuda ? QJsonValue(info.device.index) : QJsonValue()},
        {QStringLiteral("compute_capability"),
         QStringLiteral("%1.%2").arg(info.computeMajor).arg(info.computeMinor)},
        {QStringLiteral("total_bytes"), double(info.totalBytes)},
    };
  return devices;
}

QJsonObject settingsJson() {
  const QSettings settings;
  QJsonObject json;
  for (const QString& key : settings.allKeys()) {
    const QVariant value = settings.value(key);
    // Window geometry and dock state are binary blobs of no use in a report.
    if (value.typeId() != QMetaType::QByteArray) json.insert(key, QJsonValue::fromVariant(value));
  }
  return json;
}

}  // namespace

QByteArray diagnosticsJson(const DiagnosticsContext& context) {
  QJsonArray memory;
  for (const MemoryStats& m : context.memoryHistory) memory << memoryJson(m);
  const QJsonObject report{
      {QStringLiteral("created"), QDateTime::currentDateTime().toString(Qt::ISODate)},
      {QStringLiteral("app"), QStringLiteral("CosyStudio %1").arg(QString::fromLatin1(kVersion))},
      {QStringLiteral("libtorch"), QString::fromLatin1(torchBuildDescription())},
      {QStringLiteral("qt"), QString::fromLatin1(qVersion())},
      {QStringLiteral("os"), QSysInfo::prettyProductName()},
      {QStringLiteral("kernel"), QSysInfo::kernelVersion()},
      {QStringLiteral("cpu"), QSysInfo::currentCpuArchitecture()},
      {QStringLiteral("cpu_backend"), QString::fromStdString(describeCpuBackend(cpuBackend()))},
      {QStringLiteral("devices"), devicesJson()},
      {QStringLiteral("gpu"), QString::fromStdString(describeGpuUse())},
      {QStringLiteral("engine_state"), context.engineState},
      {QStringLiteral("model_folder"), context.modelFolder},
      {QStringLiteral("settings"), settingsJson()},
      {QStringLiteral("recent_errors"), QJsonArray::fromStringList(context.recentErrors)},
      {QStringLiteral("memory_history"), memory},
  };
  return QJsonDocument(report).toJson();
}

bool saveDiagnostics(const QString& path, const DiagnosticsContext& context) {
  QSaveFile file(path);
  return file.open(QIODevice::WriteOnly) && file.write(diagnosticsJson(context)) >= 0 && file.commit();
}

void ErrorLog::record(const QString& message) {
  last_ = message;
  recent_ << QDateTime::currentDateTime().toString(Qt::ISODate) + QLatin1Char(' ') + message;
  if (recent_.size() > kKept) recent_.removeFirst();
}

}  // namespace cosystudio::ui
