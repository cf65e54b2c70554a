#include "app_settings.h"

#include "language.h"

#include <QSettings>

namespace cosystudio::ui {

namespace {

constexpr char kDeviceKind[] = "engine/deviceKind";
constexpr char kDeviceIndex[] = "engine/deviceIndex";
constexpr char kPrecision[] = "engine/precision";
constexpr char kLlmCheckpoint[] = "engine/llmCheckpoint";
constexpr char kRetentionDays[] = "outputs/retentionDays";
constexpr char kIdleUnloadMinutes[] = "engine/idleUnloadMinutes";
constexpr char kWatchdogSeconds[] = "engine/watchdogSeconds";
constexpr char kCpuThreads[] = "engine/cpuThreads";
constexpr char kAudioOutput[] = "audio/output";
constexpr char kOutputsFolder[] = "outputs/folder";

}  // namespace

AppSettings AppSettings::load() {
  const QSettings s;
  AppSettings a;
  a.device.kind = DeviceKind(s.value(QLatin1String(kDeviceKind), 0).toInt());
  a.device.index = s.value(QLatin1String(kDeviceIndex), 0).toInt();
  a.precision = Precision(s.value(QLatin1String(kPrecision), int(Precision::Float32)).toInt());
  a.llmCheckpoint = s.value(QLatin1String(kLlmCheckpoint)).toString();
  a.retentionDays = s.value(QLatin1String(kRetentionDays), 0).toInt();
  a.idleUnloadMinutes = s.value(QLatin1String(kIdleUnloadMinutes), 0).toInt();
  a.watchdogSeconds = s.value(QLatin1String(kWatchdogSeconds), a.watchdogSeconds).toInt();
  a.cpuThreads = s.value(QLatin1String(kCpuThreads), 0).toInt();
  a.language = s.value(QLatin1String(i18n::kLanguageSettingsKey)).toString();
  a.audioOutput = s.value(QLatin1String(kAudioOutput)).toByteArray();
  a.outputsFolder = s.value(QLatin1String(kOutputsFolder)).toString();
  return a;
}

void AppSettings::save() const {
  QSettings s;
  s.setValue(QLatin1String(kDeviceKind), int(device.kind));
  s.setValue(QLatin1String(kDeviceIndex), device.index);
  s.setValue(QLatin1String(kPrecision), int(precision));
  s.setValue(QLatin1String(kLlmCheckpoint), llmCheckpoint);
  s.setValue(QLatin1String(kRetentionDays), retentionDays);
  s.setValue(QLatin1String(kIdleUnloadMinutes), idleUnloadMinutes);
  s.setValue(QLatin1String(kWatchdogSeconds), watchdogSeconds);
  s.setValue(QLatin1String(kCpuThreads), cpuThreads);
  s.setValue(QLatin1String(i18n::kLanguageSettingsKey), language);
  s.setValue(QLatin1String(kAudioOutput), audioOutput);
  s.setValue(QLatin1String(kOutputsFolder), outputsFolder);
}

}  // namespace cosystudio::ui
