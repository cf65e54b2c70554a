// The Engine menu: the model, Settings, Generate and Cancel, Reset, Unload,
// and Restart after a device error. Each action is enabled only when the
// session's state lets it act.
#pragma once

#include <QMenu>

class QAction;

namespace cosystudio::ui {

class EngineSession;

class EngineMenu : public QMenu {
  Q_OBJECT

 public:
  explicit EngineMenu(EngineSession* session, QWidget* parent = nullptr);

 signals:
  void chooseModelRequested();
  void settingsRequested();
  void generateRequested();
  void resetRequested();
  void restartRequested();

 private:
  void followState();

  EngineSession* session_;
  QAction* cancel_;
  QAction* reset_;
  QAction* unload_;
  QAction* restart_;
};

}  // namespace cosystudio::ui
