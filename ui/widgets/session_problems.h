#pragma once

#include <QObject>

namespace cosystudio::ui {

class EngineSession;

// What went wrong in the engine's session, worded for the user: a model that
// could not be loaded (with none kept), a failed reset, job or saved voice, a
// GPU error only a restart clears; and the reset's report when one is done.
class SessionProblems : public QObject {
  Q_OBJECT

 public:
  // Reports on `window`, which shows the reset's report and each problem.
  SessionProblems(EngineSession* session, QWidget* window);

 signals:
  void problem(const QString& message);
};

}  // namespace cosystudio::ui
