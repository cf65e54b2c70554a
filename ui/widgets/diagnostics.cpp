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

// The CPU and the instruction sets this process can use (CPUID).
QJsonObject cpuJson() {
  const CpuFeatures cpu = cpuFeatures();
  return QJsonObject{
      {QStringLiteral("architecture"), QSysInfo::currentCpuArchitecture()},
      {QStringLiteral("vendor"), QString::fromStdString(cpu.vendor)},
      {QStringLiteral("brand"), QString::fromStdString(cpu.brand)},
      {QStringLiteral("family"), cpu.family},
      {QStringLiteral("model"), cpu.model},
      {QStringLiteral("avx2"), cpu.avx2},
      {QStringLiteral("avx512f"), cpu.avx512f},
      {QStringLiteral("avx512_bf16"), cpu.avx512_bf16},
      {QStringLiteral("avx512_vnni"), cpu.avx512_vnni},
      {QStringLiteral("avx_vnni"), cpu.avx_vnni},
      {QStringLiteral("amx_tile"), cpu.amx_tile},
      {QStringLiteral("amx_bf16"), cpu.amx_bf16},
      {QStringLiteral("amx_int8"), cpu.amx_int8},
      {QStringLiteral("description"), QString::fromStdString(describeCpuFeatures(cpu))},
      {QStringLiteral("precision"), QString::fromStdString(describeCpuPrecision())},
  };
}

// OpenBLAS, where it is loaded: the kernels it chose, and why they are slow.
QJsonObject blasJson() {
  const OpenBlasInfo blas = openBlasInfo();
  return QJsonObject{
      {QStringLiteral("library"), QString::fromStdString(cpuBackend().blas)},
      {QStringLiteral("openblas"), blas.loaded},
      {QStringLiteral("core"), QString::fromStdString(blas.coreName)},
      {QStringLiteral("config"), QString::fromStdString(blas.config)},
      {QStringLiteral("warning"), QString::fromStdString(blas.warning)},
  };
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
      {QStringLiteral("os"), QString::fromStdString(operatingSystem())},
      {QStringLiteral("kernel"), QSysInfo::kernelVersion()},
      {QStringLiteral("cpu"), cpuJson()},
      {QStringLiteral("cpu_backend"), QString::fromStdString(describeCpuBackend(cpuBackend()))},
      {QStringLiteral("blas"), blasJson()},
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
