// Tools → Serve on localhost: the local speech server (speech_server.h) on the
// window's engine. A request becomes a job in the window's queue, shown there
// as an API job and cancelled there like any other (its client then gets an
// error); its take joins the history unless the settings say otherwise. A
// request to listen (X-CosyStudio-Check, or "check") is heard as the window
// listens (Settings → Listening), its figures answered as `serve` answers
// them; a client that listens itself has its speaker compared here, and may
// reset the engine as Engine → Reset engine does.
#pragma once

#include "app_settings.h"

#include "services/server/speech_server.h"

#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <set>

namespace cosystudio::ui {

class EngineSession;

// Readies a served job as the window readies its own (the watchdog of the
// device, the model loaded again when it was unloaded), or says why none can
// run now (no model chosen).
using PrepareServedJob = std::function<QString(JobSpec& job)>;

// The server's engine: the window's queue.
class QueuedSpeechEngine : public services::SpeechEngine {
  Q_OBJECT

 public:
  QueuedSpeechEngine(EngineSession* session, PrepareServedJob prepare, QObject* parent = nullptr);

  // Ready while a model is loaded; not during a load or a reset.
  services::EngineReadiness readiness() const override;
  Precision precision() const override;
  std::variant<quint64, services::ApiError> enqueue(const services::SpeechJob& job) override;
  std::variant<quint64, services::ApiError> enqueue(const services::EngineErrand& errand) override;
  void cancel(quint64 id) override;

 private:
  // The job was served: its report goes to the server once, and it is forgotten.
  bool ended(quint64 id) { return jobs_.erase(id) > 0; }
  void resetEnded(const std::function<void(quint64 id)>& answer);

  EngineSession* session_;
  PrepareServedJob prepare_;
  std::set<quint64> jobs_;    // served, not ended yet
  std::set<quint64> resets_;  // asked for, answered when the session's reset ends
};

class WindowSpeechServer : public QObject {
  Q_OBJECT

 public:
  WindowSpeechServer(EngineSession* session, PrepareServedJob prepare, QObject* parent = nullptr);
  ~WindowSpeechServer() override;

  // Serves as `settings` say, in place of any server before (whose requests
  // are cancelled); false with `error` when that address cannot be listened on.
  bool start(const ServerSettings& settings, QString* error);
  void stop();
  // Tools → Serve on localhost: starts (the first start makes the token: with
  // one, no web page can use the server, server_access.h) or stops, and
  // records in `settings.enabled` whether it serves; false with `error` when
  // it cannot start.
  bool serve(bool on, ServerSettings& settings, QString* error);
  bool isRunning() const { return server_ != nullptr; }
  // "http://127.0.0.1:8880/v1"; empty while stopped.
  QString url() const;
  int activeRequests() const;

 signals:
  // Started, stopped, or the number of requests changed.
  void changed();

 private:
  QueuedSpeechEngine engine_;
  std::unique_ptr<services::SpeechServer> server_;
};

// One line on what the server does, for the status bar: its address, whether
// other machines can reach it, and the requests it is answering; empty while stopped.
QString serverNote(const WindowSpeechServer& server, const ServerSettings& settings);

}  // namespace cosystudio::ui
