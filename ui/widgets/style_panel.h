// Voice and style: synthesis mode, instruction, speed, seed and streaming.
#pragma once

#include "cosystudio/engine.h"

#include <QWidget>

#include <optional>

class QAction;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSlider;
class QSpinBox;

namespace cosystudio::ui {

struct SessionState;

class StylePanel : public QWidget {
  Q_OBJECT

 public:
  explicit StylePanel(QWidget* parent = nullptr);

  Mode mode() const;
  void setMode(Mode mode);
  QString instruction() const;  // body only, empty when none
  void setInstruction(const QString& instruction);
  // Its part of the settings: the mode, the speed (1.0 while streaming),
  // streaming and the seed it shows.
  void writeSettings(SynthesisSettings& settings) const;
  void showSettings(const SynthesisSettings& settings);
  // Its part of what is kept across quitting (session_state.h).
  void saveSession(SessionState& state) const;
  void restoreSession(const SessionState& state);
  bool randomSeed() const;
  quint64 seed() const;
  void setSeed(quint64 seed, bool random);
  // Shows the seed a take actually used.
  void showUsedSeed(quint64 seed);
  // The seed shown by showUsedSeed(); nothing before the first take.
  std::optional<quint64> usedSeed() const;
  // Streaming plays what is made while it is made: with no audio output
  // (`reason` says why) it is off and the jobs are made whole.
  void setNoAudioOutput(const QString& reason);

 signals:
  void modeChanged(cosystudio::Mode mode);
  void message(const QString& text);

 private:
  void updateEnabled();
  void showPresetOfInstruction();

  QComboBox* mode_;
  QComboBox* preset_;
  QLineEdit* instruction_;
  QAction* instructionNote_;
  QSlider* speed_;
  QLabel* speedLabel_;
  QCheckBox* random_;
  QSpinBox* seed_;
  QLabel* usedSeed_;
  QCheckBox* stream_;
};

}  // namespace cosystudio::ui
