// The Settings dialog's page for listening back (ListeningSettings): whether
// each segment made is checked, how often a failing one is made again, and the
// three bounds a segment must keep to pass.
#pragma once

#include "app_settings.h"

#include <QWidget>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace cosystudio::ui {

class ListeningPage : public QWidget {
  Q_OBJECT

 public:
  // `installed`: whether the recogniser is in its folder; without it the page says how to get it.
  ListeningPage(const ListeningSettings& settings, bool installed, QWidget* parent = nullptr);
  ListeningSettings settings() const;

 private:
  void enableBounds();

  QCheckBox* check_;
  QSpinBox* textRetakes_;
  QSpinBox* partsRetakes_;
  QDoubleSpinBox* maxErrorRate_;
  QDoubleSpinBox* minSimilarity_;
  QDoubleSpinBox* maxRateRatio_;
  QLabel* note_;
};

}  // namespace cosystudio::ui
