#include "render_run.h"

#include <chrono>
#include <cstdio>

namespace cosystudio::cli {

RenderRun::RenderRun(const RenderOptions& options) : options_(options) {
  if (options_.server.given()) {
    server_ = std::make_unique<ServerSpeech>(options_.server);
    return;
  }
  const auto start = std::chrono::steady_clock::now();
  loadEngine(engine_, options_.engine);
  loadSeconds_ = secondsSince(start);
}

Voice RenderRun::prepareVoice(ChosenVoice& voice) {
  const auto start = std::chrono::steady_clock::now();
  Voice prepared = voice.prepared(engine_);
  voiceSeconds_ = secondsSince(start);
  return prepared;
}

std::string RenderRun::whereMade() const {
  return server_ ? "server " + options_.server.url : deviceName(engine_.options().device);
}

void RenderRun::write(const std::vector<float>& samples, int sampleRate, const std::function<SubtitleLines()>& lines,
                      const Recognizer* recognizer) {
  const AudioOutputOptions& output = options_.output;
  written_ = writeAudioOut(output, options_.out, samples, sampleRate);
  audioSeconds_ = double(samples.size()) / sampleRate;
  if (output.subtitles.empty()) return;
  const SubtitleLines cues = lines();
  const SubtitleWords words =
      recognizer && output.needsWords() ? timedWords(*recognizer, output, cues.segments) : SubtitleWords{};
  subtitlesPath_ =
      writeSubtitlesBeside(options_.out, output.subtitles, cues, sampleRate, written_.clip, words).string();
}

void RenderRun::printJson(const nlohmann::ordered_json& figures) const {
  nlohmann::ordered_json report{
      {"output", options_.out},
      {"subtitles", subtitlesPath_.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(subtitlesPath_)},
      {"sample_rate", written_.clip.sampleRate},
      {"format", options_.output.format}};
  report.update(masteringJson(written_));
  report["audio_seconds"] = audioSeconds_;
  report.update(figures);
  std::printf("%s\n", report.dump(2).c_str());
}

void RenderRun::printSummary(const std::vector<std::string>& warnings, const std::string& summary) const {
  for (const std::string& warning : warnings) std::fprintf(stderr, "warning: %s\n", warning.c_str());
  std::printf("wrote %s: %.2f s of audio at %d Hz, %s\n", options_.out.c_str(), audioSeconds_,
              written_.clip.sampleRate, summary.c_str());
  printMastering(written_);
}

}  // namespace cosystudio::cli
