// The Settings dialog's page for where speech is made (EngineServerSettings):
// by this computer's engine, from a model folder, or by the engine of a
// CosyStudio server elsewhere, at its address, with its token and, for a
// self-signed server, its certificate.
#pragma once

#include "app_settings.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QRadioButton;

namespace cosystudio::ui {

class EngineServerPage : public QWidget {
  Q_OBJECT

 public:
  explicit EngineServerPage(const EngineServerSettings& settings, QWidget* parent = nullptr);
  EngineServerSettings settings() const;
  // Why the page's choice cannot be used (an address that is none, a file that
  // is not there); empty when it can.
  QString problem() const;

 private:
  void enableServerFields();

  QRadioButton* local_;
  QRadioButton* remote_;
  QLineEdit* url_;
  QLineEdit* tokenFile_;
  QLineEdit* certificate_;
  QList<QWidget*> serverFields_;
};

}  // namespace cosystudio::ui
