#include "export_settings.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>

#include <algorithm>

namespace cosystudio::ui {

namespace {

// A file format and a sample format as one combo-box value.
constexpr int kFormatKeyBase = 16;
int formatKey(audio::FileFormat file, audio::WavEncoding encoding) {
  return int(file) * kFormatKeyBase + int(encoding);
}

}  // namespace

ExportSettings::ExportSettings(QWidget* parent) : QWidget(parent) {
  encoding_ = new QComboBox(this);
  encoding_->setObjectName(QStringLiteral("exportEncoding"));
  // One item per file format and sample format: the item's data holds both.
  const auto addFormat = [this](const QString& name, audio::FileFormat file, audio::WavEncoding encoding) {
    encoding_->addItem(name, formatKey(file, encoding));
  };
  addFormat(tr("WAV 16-bit"), audio::FileFormat::Wav, audio::WavEncoding::PCM16);
  addFormat(tr("WAV 24-bit"), audio::FileFormat::Wav, audio::WavEncoding::PCM24);
  addFormat(tr("WAV 32-bit float"), audio::FileFormat::Wav, audio::WavEncoding::Float32);
  addFormat(tr("FLAC 16-bit"), audio::FileFormat::Flac, audio::WavEncoding::PCM16);
  addFormat(tr("FLAC 24-bit"), audio::FileFormat::Flac, audio::WavEncoding::PCM24);
  addFormat(tr("MP3"), audio::FileFormat::Mp3, audio::WavEncoding::PCM16);
  addFormat(tr("Ogg Opus"), audio::FileFormat::OggOpus, audio::WavEncoding::PCM16);
  encoding_->setToolTip(tr("Format of exported files: WAV and FLAC are lossless, MP3 and Ogg Opus small"));
  rate_ = new QComboBox(this);
  rate_->setObjectName(QStringLiteral("exportRate"));
  rate_->addItem(tr("24 kHz (model rate)"), 24000);
  rate_->addItem(tr("44.1 kHz"), 44100);
  rate_->addItem(tr("48 kHz"), 48000);
  rate_->setToolTip(tr("Exports at other rates are resampled with high-quality sinc interpolation"));
  pause_ = new QComboBox(this);
  pause_->setObjectName(QStringLiteral("exportPause"));
  pause_->addItem(tr("no pause"), 0.0);
  for (const double seconds : {0.25, 0.5, 1.0}) pause_->addItem(tr("%1 s pause").arg(seconds), seconds);
  pause_->setToolTip(tr("Silence added between segments in exported files"));
  loudness_ = new QComboBox(this);
  loudness_->setObjectName(QStringLiteral("exportLoudness"));
  loudness_->addItem(tr("loudness as generated"), QVariant());
  loudness_->addItem(tr("-16 LUFS (podcast)"), -16.0);
  loudness_->addItem(tr("-23 LUFS (broadcast)"), -23.0);
  loudness_->setToolTip(tr("Loudness of exported files (EBU R128). A peak guard keeps every export from clipping."));
  level_ = new QCheckBox(tr("Level segments"), this);
  level_->setObjectName(QStringLiteral("exportLevel"));
  level_->setToolTip(tr("Bring every segment of a long take to the same loudness in exported files"));
  trim_ = new QCheckBox(tr("Trim silence"), this);
  trim_->setObjectName(QStringLiteral("exportTrim"));
  trim_->setToolTip(tr("Cut long silence at the start and end of exported files"));
  subtitles_ = new QComboBox(this);
  subtitles_->setObjectName(QStringLiteral("exportSubtitles"));
  subtitles_->addItem(tr("no subtitles"), QVariant());
  subtitles_->addItem(tr("SRT subtitles"), int(text::SubtitleFormat::Srt));
  subtitles_->addItem(tr("WebVTT subtitles"), int(text::SubtitleFormat::WebVtt));
  subtitles_->setToolTip(tr("Subtitles written beside each exported file: one cue per segment, with the text as "
                            "you wrote it"));

  auto* row = new QHBoxLayout(this);
  row->setContentsMargins(0, 0, 0, 0);
  row->addWidget(encoding_);
  row->addWidget(rate_);
  row->addWidget(pause_);
  row->addWidget(loudness_);
  row->addWidget(level_);
  row->addWidget(trim_);
  row->addStretch(1);
}

ExportFormat ExportSettings::format() const {
  ExportFormat format;
  const int key = encoding_->currentData().toInt();
  format.file = audio::FileFormat(key / kFormatKeyBase);
  format.encoding = audio::WavEncoding(key % kFormatKeyBase);
  format.sampleRate = rate_->currentData().toInt();
  format.pauseSeconds = pause_->currentData().toDouble();
  if (loudness_->currentData().isValid()) format.loudnessLufs = loudness_->currentData().toDouble();
  format.levelSegments = level_->isChecked();
  format.trimSilence = trim_->isChecked();
  if (subtitles_->currentData().isValid()) format.subtitles = text::SubtitleFormat(subtitles_->currentData().toInt());
  return format;
}

void ExportSettings::setFormat(const ExportFormat& format) {
  encoding_->setCurrentIndex(std::max(0, encoding_->findData(formatKey(format.file, format.encoding))));
  rate_->setCurrentIndex(std::max(0, rate_->findData(format.sampleRate)));
  pause_->setCurrentIndex(std::max(0, pause_->findData(format.pauseSeconds)));
  loudness_->setCurrentIndex(format.loudnessLufs ? std::max(0, loudness_->findData(*format.loudnessLufs)) : 0);
  level_->setChecked(format.levelSegments);
  trim_->setChecked(format.trimSilence);
  subtitles_->setCurrentIndex(format.subtitles ? std::max(0, subtitles_->findData(int(*format.subtitles))) : 0);
}

QString ExportSettings::fileFormatName() const { return encoding_->currentText().section(QLatin1Char(' '), 0, 0); }

}  // namespace cosystudio::ui

#include "moc_export_settings.cpp"
