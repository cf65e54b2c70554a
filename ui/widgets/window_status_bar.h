// The main window's status bar: messages on the left, elided to the room they
// have with the whole text as tooltip; the memory meter and the engine's state
// on the right. It follows the session: its state, the steps of a load, and
// the outcomes that need no more than a line (errors are the window's).
#pragma once

#include "engine_session.h"

#include <QDeadlineTimer>
#include <QStatusBar>

class QLabel;

namespace cosystudio::ui {

class ElidedLabel;
class MemoryMeter;

class WindowStatusBar : public QStatusBar {
  Q_OBJECT

 public:
  // Watches `session`'s memory (MemoryMonitor) and says when it keeps growing.
  explicit WindowStatusBar(EngineSession* session, QWidget* parent = nullptr);

  // Shows `text` for `ms` milliseconds (0: until the next message).
  void say(const QString& text, int ms = 5000);
  // An error's first sentence: it stays until the next message, or until
  // clearStaleError() when the next action starts, so it never reads as that one's.
  void sayError(const QString& text);
  void clearStaleError();
  // What the local speech server does (serverNote()); empty hides it.
  void showServer(const QString& note);
  // The message shown, whole (currentMessage() is what fits).
  const QString& fullMessage() const { return full_; }

  const MemoryMeter* memoryMeter() const { return memory_; }

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  void showElided();
  void follow(EngineSession* session);
  void showEngineState();
  // The model is loaded: how long it took, and why it runs on the CPU if it does.
  void showLoaded(double seconds);
  // The engine's CUDA graphs gave way to eager runs (MemoryStats::cudaGraphFailure).
  void sayGraphFailure(const MemoryStats& stats);

  QLabel* server_;
  ElidedLabel* engineState_;
  MemoryMeter* memory_;
  EngineSession* session_;
  QString gpuNotice_;  // why the CPU runs the model, said with the next load
  QString graphFailure_;  // the last one said
  QString full_;
  QDeadlineTimer expires_;
  bool showingError_ = false;
};

}  // namespace cosystudio::ui
