#include "session_problems.h"

#include "engine_session.h"
#include "reset_report.h"

#include <QFileInfo>
#include <QWidget>

namespace cosystudio::ui {

SessionProblems::SessionProblems(EngineSession* session, QWidget* window) : QObject(window) {
  connect(session, &EngineSession::loadFailed, this, [this](const QString& message, bool previousKept) {
    if (!previousKept) emit problem(tr("The model could not be loaded: %1").arg(message));
  });
  connect(session, &EngineSession::resetDone, window, [window](const ResetReport& report) {
    showResetReport(window, report);
  });
  connect(session, &EngineSession::resetFailed, this, [this](const QString& message) {
    emit problem(tr("The engine could not be reset: %1\nNo model is loaded now: choose one with Engine → Choose model "
                    "folder…; the queue, text, clip and takes are kept.")
                     .arg(message));
  });
  connect(session, &EngineSession::jobFailed, this, [this](quint64 id, const QString& message, bool cancelled) {
    if (!cancelled) emit problem(tr("Job #%1 failed: %2").arg(id).arg(message));
  });
  connect(session, &EngineSession::voiceFailed, this, [this](const QString& file, const QString& message) {
    emit problem(tr("The voice %1 could not be saved: %2").arg(QFileInfo(file).completeBaseName(), message));
  });
  connect(session, &EngineSession::poisoned, this, [this](const QString& message) {
    emit problem(tr("The GPU reported an error that only a restart can clear (%1). Use Engine → "
                    "Restart application; your text, clip and settings are kept.")
                     .arg(message));
  });
}

}  // namespace cosystudio::ui

#include "moc_session_problems.cpp"
