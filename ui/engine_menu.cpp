#include "engine_menu.h"

#include "engine_session.h"

#include <QAction>
#include <QKeySequence>

namespace cosystudio::ui {

EngineMenu::EngineMenu(EngineSession* session, QWidget* parent) : QMenu(tr("&Engine"), parent), session_(session) {
  setObjectName(QStringLiteral("engineMenu"));
  setToolTipsVisible(true);
  addAction(tr("Choose &model folder…"), this, &EngineMenu::chooseModelRequested);
  addAction(tr("&Settings…"), this, &EngineMenu::settingsRequested)->setShortcut(QKeySequence::Preferences);
  addSeparator();
  addAction(tr("&Generate"), this, &EngineMenu::generateRequested)->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
  cancel_ = addAction(tr("&Cancel job"), session, [session] { session->cancel(session->runningJob()); });
  cancel_->setShortcut(QKeySequence(Qt::Key_Escape));
  addSeparator();
  reset_ = addAction(tr("&Reset engine"), this, &EngineMenu::resetRequested);
  reset_->setObjectName(QStringLiteral("resetAction"));
  reset_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
  reset_->setToolTip(tr("Free every buffer the engine holds, release the GPU cache and reload; "
                        "clip, text, queue and takes are kept"));
  unload_ = addAction(tr("&Unload model"), session, &EngineSession::unload);
  unload_->setToolTip(tr("Free the model's memory for other programs"));
  restart_ = addAction(tr("Restart &application"), this, &EngineMenu::restartRequested);
  restart_->setObjectName(QStringLiteral("restartAction"));
  restart_->setToolTip(tr("After a device error only a new process can use the GPU again; "
                          "your text, clip, queue and settings are restored"));
  connect(session, &EngineSession::stateChanged, this, &EngineMenu::followState);
  followState();
}

void EngineMenu::followState() {
  using State = EngineSession::State;
  const State state = session_->state();
  const bool poisoned = state == State::Poisoned;
  const bool loaded = state == State::Ready || state == State::Busy;
  reset_->setEnabled(loaded);
  reset_->setStatusTip(poisoned ? tr("Reset cannot clear this device error; restart the application")
                                : reset_->toolTip());
  unload_->setEnabled(loaded);
  restart_->setVisible(poisoned);
  cancel_->setEnabled(state == State::Busy);
}

}  // namespace cosystudio::ui

#include "moc_engine_menu.cpp"
