// The export choices under the takes: file and sample format, rate, the pause
// between segments, loudness, segment levelling, silence trimming, and the
// subtitles written beside each file. One ExportFormat in, one out.
#pragma once

#include "take_store.h"

#include <QWidget>

class QCheckBox;
class QComboBox;

namespace cosystudio::ui {

class ExportSettings : public QWidget {
  Q_OBJECT

 public:
  explicit ExportSettings(QWidget* parent = nullptr);

  ExportFormat format() const;
  void setFormat(const ExportFormat& format);
  // The subtitles' box, which the takes panel lays out beside its export buttons.
  QComboBox* subtitlesBox() const { return subtitles_; }
  // The chosen file format's name ("WAV", "MP3"), for a save dialog's filter.
  QString fileFormatName() const;

 private:
  QComboBox* encoding_;
  QComboBox* rate_;
  QComboBox* pause_;
  QComboBox* loudness_;
  QCheckBox* level_;
  QCheckBox* trim_;
  QComboBox* subtitles_;
};

}  // namespace cosystudio::ui
