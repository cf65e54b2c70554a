// What synth's drivers (synth_text.cpp, synth_script.cpp, synth_subtitles.cpp)
// share around their own rendering: the model loaded with progress, the
// rendering shown on a status line and stopped by Ctrl-C, the audio and its
// subtitles written, and the results reported, on stdout as a line for people
// or as one --json object whose first keys every driver has.
#pragma once

#include "audio_output.h"
#include "engine_options.h"
#include "server_options.h"
#include "server_speech.h"
#include "voice_options.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace cosystudio::cli {

// Where a run's audio goes and how it is reported.
struct RenderOptions {
  EngineOptions engine;
  ServerOptions server;  // given: the speech is made there, and no model is loaded here
  std::string out;
  AudioOutputOptions output;
  bool json = false;
};

// One run, step by step; a driver checks what is cheap to check before it
// makes one, as the model loads then.
class RenderRun {
 public:
  explicit RenderRun(const RenderOptions& options);
  RenderRun(const RenderRun&) = delete;
  RenderRun& operator=(const RenderRun&) = delete;

  // This computer's engine, loaded unless the run is made on a server.
  Engine& engine() { return engine_; }
  // What makes the speech: that engine, or the server's (--server).
  SpeechMaker& speech() { return server_ ? server_->speech() : engine_; }
  // Where it is made, as --json says it: this computer's device, or "server URL".
  std::string whereMade() const;
  double loadSeconds() const { return loadSeconds_; }

  // The chosen voice, its clip analysed by the model; voiceSeconds() is how long that took.
  Voice prepareVoice(ChosenVoice& voice);
  double voiceSeconds() const { return voiceSeconds_; }

  // What `render(speech(), callbacks)` returns, made with callbacks that show
  // `progressLine` on the status line and stop the synthesis at Ctrl-C.
  template <typename Render>
  auto render(const std::function<std::string(const Progress&)>& progressLine, Render&& render);

  // The joined audio written to --out, and beside it the subtitles when they
  // are asked for: the cues `lines` gives, their words timed by `recognizer`
  // when --subtitle-chars or --word-timings ask for it (none: never timed).
  void write(const std::vector<float>& samples, int sampleRate, const std::function<SubtitleLines()>& lines,
             const Recognizer* recognizer);

  // The --json report on stdout: the files written, the sample rate, the
  // format, the loudness and audio_seconds, then `figures`.
  void printJson(const nlohmann::ordered_json& figures) const;
  // For people: `warnings` on stderr, then "wrote FILE: S s of audio at R Hz, "
  // and `summary`, and the loudness reached.
  void printSummary(const std::vector<std::string>& warnings, const std::string& summary) const;

 private:
  const RenderOptions& options_;
  Engine engine_;
  std::unique_ptr<ServerSpeech> server_;
  double loadSeconds_ = 0;
  double voiceSeconds_ = 0;
  WrittenAudio written_;
  std::string subtitlesPath_;  // empty: none written
  double audioSeconds_ = 0;
};

template <typename Render>
auto RenderRun::render(const std::function<std::string(const Progress&)>& progressLine, Render&& render) {
  SynthesisCallbacks callbacks;
  callbacks.onProgress = [&progressLine](const Progress& p) { statusLine(progressLine(p)); };
  callbacks.shouldStop = [] { return interruptRequested(); };
  decltype(render(speech(), callbacks)) made;
  {
    StopOnInterrupt interrupt;
    made = render(speech(), callbacks);
  }
  endStatusLine();
  return made;
}

}  // namespace cosystudio::cli
