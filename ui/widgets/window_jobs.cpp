#include "window_jobs.h"

#include "clip_panel.h"
#include "dubbing_job.h"
#include "engine_session.h"
#include "file_dialogs.h"
#include "generate_panel.h"
#include "help_dialogs.h"
#include "job_check.h"
#include "job_parts.h"
#include "runaway_prompt.h"
#include "script_job.h"
#include "style_panel.h"
#include "text_panel.h"
#include "voice_library.h"
#include "window_status_bar.h"

#include <QFileInfo>

namespace cosystudio::ui {

WindowJobs::WindowJobs(EngineSession* session, const AppSettings& settings, const QString& modelFolder, QWidget* window)
    : QObject(window), session_(session), settings_(settings), modelFolder_(modelFolder), window_(window) {
  connect(session_, &EngineSession::jobRanAway, this, [this](const JobSpec& job, int segment, const QString& message) {
    offerRunawayRetry(window_, job, segment, message, [this, retry = job]() mutable {
      retry.settings.seed = randomSeed(seeds_);
      // Another seed makes every part anew: they go in a folder of their own.
      JobParts::drop(retry.partsFolder);
      retry.partsFolder.clear();
      session_->enqueue(retry);
    });
  });
}

JobSpec WindowJobs::jobFromPanels(QString* problem, bool script) {
  JobSpec job;
  job.text = panels_.text->textToSpeak().trimmed();
  job.instruction = panels_.style->instruction();
  panels_.style->writeSettings(job.settings);
  panels_.text->writeSettings(job.settings);
  job.settings.segmentTimeLimitSeconds = watchdogSeconds();
  if (panels_.style->randomSeed()) job.settings.seed = randomSeed(seeds_);
  VoiceLibrary* voices = panels_.voices;
  const auto fileOf = [voices](const QString& name) { return voices->fileFor(name); };
  if (script)
    *problem = makeScriptJob(job, voices->names(), voices->activeVoiceName(), fileOf, settings_.speakerPauseMs / 1000.0);
  if (job.isScript() || !problem->isEmpty()) return job;
  job.voiceFile = voices->activeVoiceFile();
  if (!job.voiceFile.isEmpty()) {
    job.voiceName = voices->activeVoiceName();
  } else {
    job.clip = panels_.clip->clipForEngine(problem);
    job.voiceName = QFileInfo(panels_.clip->sourcePath()).completeBaseName();
    if (job.settings.mode == Mode::ZeroShot) job.transcript = panels_.clip->transcript();
  }
  if (job.settings.mode == Mode::VoiceConversion) job.sourceClipPath = sourceClip_;
  return job;
}

double WindowJobs::watchdogSeconds() const { return settings_.watchdogSecondsFor(session_->model().device.kind); }

quint64 WindowJobs::generate() {
  panels_.status->clearStaleError();  // an error of an earlier action must not read as this one's
  if (panels_.style->mode() == Mode::VoiceConversion && sourceClip_.isEmpty()) chooseSourceClip();
  QString problem;
  const JobSpec job = jobFromPanels(&problem);
  if (problem.isEmpty()) problem = jobProblem(job);  // the clip panel says best what is wrong with the clip
  if (!problem.isEmpty()) {
    emit errorOccurred(problem);
    return 0;
  }
  if (const QStringList unknown = panels_.text->unknownTags(); !unknown.isEmpty())
    panels_.status->say(tr("Unknown tags will be spoken as text: %1").arg(unknown.join(QLatin1Char(' '))), 8000);
  return queueJob(job);
}

quint64 WindowJobs::dubSubtitles(const QString& path) {
  panels_.status->clearStaleError();
  QString problem;
  JobSpec job = jobFromPanels(&problem, false);
  if (problem.isEmpty()) problem = makeDubbingJob(job, path, settings_.dubbingMaxSpeedPercent / 100.0);
  if (problem.isEmpty()) problem = jobProblem(job);
  if (!problem.isEmpty()) {
    emit errorOccurred(problem);
    return 0;
  }
  panels_.status->say(
      tr("Dubbing %n cue(s) of %1", nullptr, int(job.dubbing().cues.size())).arg(QFileInfo(path).fileName()), 8000);
  return queueJob(job);
}

BookPanel::Recipe WindowJobs::bookRecipe(QString* problem) {
  QString ignored;  // showing the chapters as the panels would make them needs no usable clip
  BookPanel::Recipe recipe{jobFromPanels(problem ? problem : &ignored, false), std::nullopt,
                           modelChoice(settings_, modelFolder_)};
  if (!panels_.style->randomSeed()) recipe.askedSeed = recipe.base.settings.seed;
  return recipe;
}

void WindowJobs::makeChapters(bool again) {
  panels_.status->clearStaleError();
  QString problem;
  const BookPanel::Recipe recipe = bookRecipe(&problem);
  if (!problem.isEmpty()) return emit errorOccurred(problem);
  const QVector<JobSpec> jobs = panels_.book->chapterJobs(recipe, again);
  if (jobs.isEmpty()) return;
  if (problem = jobProblem(jobs.first()); !problem.isEmpty()) return emit errorOccurred(problem);
  for (JobSpec job : jobs) {
    job.id = queueJob(job);
    panels_.book->chapterQueued(job);
  }
  panels_.status->say(
      tr("%n chapter(s) of %1 queued", nullptr, int(jobs.size())).arg(jobs.first().chapter().bookTitle), 8000);
}

QString WindowJobs::prepareServedJob(JobSpec& job) {
  // Said to the client, in the API's language.
  if (session_->state() == EngineSession::State::Poisoned)
    return QStringLiteral("the engine had a GPU error that only a restart of CosyStudio can clear");
  if (!engineChosen()) return QStringLiteral("no model is chosen in CosyStudio");
  if (session_->state() == EngineSession::State::NoModel) emit modelWanted();  // unloaded when idle
  job.settings.segmentTimeLimitSeconds = watchdogSeconds();
  return {};
}

void WindowJobs::regenerate(const Take& take, int segment, const QString& text) {
  JobSpec job = regenerationJob(take, segment, text, randomSeed(seeds_));
  job.settings.segmentTimeLimitSeconds = watchdogSeconds();  // of the device now, not the take's
  session_->enqueue(job);
}

void WindowJobs::chooseSourceClip() {
  const QString path = chooseAudioFile(window_, tr("Open source clip"));
  if (!path.isEmpty()) setSourceClip(path);
}

bool WindowJobs::setSourceClip(const QString& path) {
  if (const QString problem = sourceClipProblem(path); !problem.isEmpty()) {
    emit errorOccurred(problem);
    return false;
  }
  sourceClip_ = path;
  panels_.status->say(tr("Source clip for voice conversion: %1").arg(path), 5000);
  return true;
}

bool WindowJobs::engineChosen() const { return !modelFolder_.isEmpty() || settings_.engineServer.use; }

quint64 WindowJobs::queueJob(const JobSpec& job) {
  if (session_->state() == EngineSession::State::NoModel) {
    if (engineChosen())
      emit modelWanted();
    else
      panels_.status->say(tr("The job waits until a model is loaded (Engine → Choose model folder)."), 8000);
  }
  if (session_->state() == EngineSession::State::Loading) panels_.generate->showStarting(tr("Loading model…"));
  if (!job.voiceFile.isEmpty()) panels_.voices->markUsed(job.voiceName);
  showCloningNoticeOnce(window_);
  return session_->enqueue(job);
}

}  // namespace cosystudio::ui

#include "moc_window_jobs.cpp"
