// The CosyStudio engine: loads an official Fun-CosyVoice3 model folder and
// turns text into speech in a cloned voice. This header and the ones it
// includes are the engine's whole public face; they include no torch.
//
//   using namespace cosystudio;
//   Engine engine;
//   LoadOptions options;
//   options.modelFolder = "Fun-CosyVoice3-0.5B-2512";
//   options.device = {DeviceKind::Cuda, 0};
//   engine.load(options);                            // throws EngineError naming the file that is wrong
//
//   SynthesisRequest request;                        // what to say, in whose voice
//   request.voice = engine.prepareVoice(audio::loadClip("me.wav"), "The words spoken in me.wav.");
//   request.text = "Hello from my cloned voice.";
//   SynthesisSettings settings;                      // how: mode, speed, seed, streaming, ...
//   SynthesisCallbacks callbacks;
//   callbacks.onAudio = [](const AudioChunk& chunk) { /* play chunk.samples */ };
//   SynthesisResult result = engine.synthesize(request, settings, callbacks);
//
//   ResetReport report = engine.reset();             // tear down, release the GPU cache, reload
//
// The engine is synchronous and thread-confined: every method must be called
// from the thread that created it (the GUI runs it on a worker QThread, the
// CLI on its main thread); another thread stops a request through the
// request's own SynthesisCallbacks::shouldStop.
#pragma once

#include "cosystudio/audio/clip.h"
#include "cosystudio/errors.h"
#include "cosystudio/mode.h"
#include "cosystudio/model_folder.h"
#include "cosystudio/runtime.h"
#include "cosystudio/user_message.h"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cosystudio {

// ---------------------------------------------------------------------------
// Synthesis

// How many prepared voices the engine (their device features) and the window
// (the voices themselves) keep between requests, and how many bytes of them
// (Voice::bytes() and the device copies), the least recently used dropped
// first. A voice of a 30 s clip at 48 kHz takes 6.2 MB (5.8 MB of clip, 0.5 MB
// of prompt mel) plus 0.5 MB of device features, so eight ordinary voices fit
// and the count decides; the clip's rate has no upper limit (30 s at 192 kHz
// is 23 MB), and then the bytes do. A session that runs for days holds at most
// 64 MiB of voices in each.
constexpr std::size_t kCachedVoices = 8;
constexpr std::size_t kCachedVoiceBytes = std::size_t(64) << 20;

struct VoiceData;

// A prepared voice: the prompt clip's features, computed once. Cheap to copy.
// Saved voice files carry the fingerprint of the model that computed them; a
// voice from another model is rebuilt from its clip when used.
class Voice {
 public:
  Voice();
  ~Voice();
  Voice(const Voice&);
  Voice& operator=(const Voice&);

  bool isValid() const;
  const std::string& transcript() const;
  double clipSeconds() const;
  // The prompt clip the voice was made from (mono), e.g. to listen to it.
  const std::vector<float>& clipSamples() const;
  int clipRate() const;
  const std::string& modelFingerprint() const;
  // Of the voice itself (its clip and transcript, not the model's features):
  // the same whichever model computed them or file holds them.
  std::string fingerprint() const;
  // The sizes of its features: speech tokens (25 per second) and flow-mel frames.
  std::size_t speechTokenCount() const;
  int64_t promptMelFrames() const;
  // Host memory the voice holds (its clip and features).
  std::size_t bytes() const;

  // Voice files hold no pickle: a small documented binary container.
  void save(const std::filesystem::path& file) const;
  static Voice load(const std::filesystem::path& file);
  // The voice of `clip` with no features yet: the engine that first speaks
  // with it computes them from the clip. A client of another machine's engine
  // has no model to compute them with; the server does. Throws EngineError
  // ("prompt clip: ...") when the clip breaks audio::ClipLimits{}.
  static Voice fromClip(const audio::Clip& clip, const std::string& transcript);

 private:
  friend struct VoiceInternals;  // the engine's access (pipeline/voice_data.h)
  std::shared_ptr<const VoiceData> data_;
};

// What to say, in whose voice: the inputs of one request.
struct SynthesisRequest {
  std::string text;         // UTF-8, may hold pronunciation/paralinguistic markup
  std::string instruction;  // Instruct mode, e.g. "请用四川话表达。"
  Voice voice;
  audio::Clip sourceClip;           // VoiceConversion only: the speech to re-voice, in memory
  std::optional<int> onlySegment;   // regenerate one segment of a long text (0-based)
  // The text is one segment as a result gave it (SegmentResult::text, maybe
  // edited): spoken as it is, not normalised or split again (normalising
  // model text again can change it). The transcript is still normalised.
  bool textIsSegment = false;
};

// How to say it: plain values a front end keeps, saves and shows
// (settings_json.h spells them for files).
struct SynthesisSettings {
  Mode mode = Mode::ZeroShot;
  double speed = 1.0;      // kMinSpeed .. kMaxSpeed (request_rules.h)
  uint64_t seed = 0;       // the sampler is reseeded with it before every segment
  bool stream = false;     // deliver audio while it is generated
  bool normalize = true;   // false = raw text, no normalisation
  // Numbers, dates, times, money and units read as words before the official
  // rules (the engine's stand-in for wetext); false = the official rules alone.
  bool readNumbers = true;
  // Watchdog: a segment still generating after this many seconds is stopped
  // and reported (0 = no limit; the token cap of 20 per text token always applies).
  double segmentTimeLimitSeconds = 0;
};

// Preparing: the request is checked and the text split, before the first
// segment; Done: every segment is made (the result follows).
enum class Stage { Preparing, Text, SpeechTokens, Mel, Waveform, Done };

struct Progress {
  Stage stage = Stage::Preparing;
  int segment = 0;        // 0-based
  int segmentCount = 0;
  int tokens = 0;         // speech tokens generated so far in this segment
  int flowStep = -1;      // Stage::Mel: the Euler step the flow has reached (0-based); -1 before the first
  double elapsedSeconds = 0;
};

struct AudioChunk {
  int segment = 0;
  std::vector<float> samples;  // mono, sampleRate Hz
  int sampleRate = 24000;
  bool segmentDone = false;    // last chunk of this segment
};

struct SegmentResult {
  std::string text;            // the text the model received for this segment
  std::string userText;        // the user's words it was made from, before normalisation (subtitles show these)
  std::vector<float> samples;  // 24 kHz mono
  int speechTokens = 0;
  // The language model hit its token cap (20 per text token) without choosing
  // to stop: the audio is kept, but the segment probably babbles or repeats.
  bool reachedTokenCap = false;
  // The model stopped at once and made no speech: `samples` is empty and a
  // warning says so. The other segments are kept, so that this one can be
  // made again alone (another seed usually cures it); a request none of whose
  // segments made speech fails instead.
  bool madeNoSpeech = false;
  std::vector<std::string> warnings;  // user-readable, e.g. that token cap
};

struct SynthesisCallbacks {
  std::function<void(const AudioChunk&)> onAudio;
  std::function<void(const Progress&)> onProgress;
  // Polled before each segment, at every LLM token and flow step and before
  // the vocoder: true stops this request with Cancelled. It belongs to the
  // request, so nothing carries over to the next one. Called on the engine's
  // thread; to stop from another, read a flag that thread sets.
  std::function<bool()> shouldStop;
  // Segments made by an earlier run of this same request (same text, voice,
  // settings, model and precision), kept by the caller so that a long text
  // stopped halfway resumes at the segment it stopped in. Each segment is
  // seeded afresh, so a kept segment is the one an uninterrupted run makes.
  // `made(i, text)` gives segment i when one was kept from that text; `keep`
  // is given each segment as soon as it is made. Only the request itself uses
  // them: a check's retakes, a script's lines and dubbed cues do not.
  struct SegmentStore {
    std::function<std::optional<SegmentResult>(int segment, const std::string& text)> made;
    std::function<void(int segment, int segmentCount, const SegmentResult& result)> keep;
  } store;
};

struct SynthesisResult {
  std::vector<SegmentResult> segments;
  std::vector<float> samples;  // all segments joined with a short crossfade (audio/crossfade.h)
  int sampleRate = 24000;
  uint64_t seed = 0;
  double firstAudioSeconds = 0;  // time to the first audio chunk
  double totalSeconds = 0;
  double realTimeFactor() const;
  std::vector<std::string> warnings() const;  // every segment's, in order
  // Sets `samples` to the segments joined with the crossfade: what the engine
  // gives, made again from segments kept apart.
  void joinSegments();
};

// Which model to load, and where and how it runs.
struct LoadOptions {
  std::filesystem::path modelFolder;
  // kRlCheckpoint or kBaseCheckpoint; empty = the first of llmCheckpoints().
  // After Engine::load, options() names the one loaded.
  std::string llmCheckpoint;
  Device device;
  Precision precision = Precision::Float32;
  // CPU threads for the networks, set on the engine's thread (OpenMP keeps
  // the count per thread); 0 = setCpuThreads's default.
  int cpuThreads = 0;
};

// Before/after figures of Engine::reset().
struct ResetReport {
  MemoryStats before;
  MemoryStats afterTeardown;
  MemoryStats afterReload;
  double teardownSeconds = 0;
  double reloadSeconds = 0;
};

// What makes speech from a voice: this process's Engine, or the engine of
// another machine reached over the network (the window's remote engine). The
// pipeline's longer jobs (scripts, dubbing, listening back) need only this.
class SpeechMaker {
 public:
  virtual ~SpeechMaker() = default;
  // The voice of `clip`, already cut to the part to clone.
  virtual Voice prepareVoice(const audio::Clip& clip, const std::string& transcript) = 0;
  virtual SynthesisResult synthesize(const SynthesisRequest& request, const SynthesisSettings& settings,
                                     const SynthesisCallbacks& callbacks = {}) = 0;
  // How alike the speaker of `samples` (mono, e.g. a made segment) is to
  // `voice`: the cosine of their speaker embeddings, in -1..1.
  virtual double speakerSimilarity(const std::vector<float>& samples, int sampleRate, const Voice& voice) = 0;
};

class Engine final : public SpeechMaker {
 public:
  Engine();
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // Checks the whole folder first (every problem at once), then loads.
  // `onStep` reports "what is loading" messages for a progress display.
  // Throws EngineError; ModelKept when the new model failed to load and the
  // one loaded before is loaded again.
  void load(const LoadOptions& options, const std::function<void(const std::string&)>& onStep = {});
  // Frees every tensor the engine owns and releases the CUDA cache.
  void unload();
  // unload() + load() with the same options, in-process, measured.
  ResetReport reset();
  // One short synthesis with a stand-in voice, so that the first real request
  // does not pay for first-call setup (kernel selection, allocator growth).
  // Returns the seconds it took.
  double warmUp();
  bool isLoaded() const;
  // After an unrecoverable device error the engine refuses work until the
  // process restarts.
  bool isPoisoned() const;
  const LoadOptions& options() const;

  // The voice of `clip`, already cut to the part to clone (any channel count,
  // mixed down as the official loader does), in memory so that a caller who
  // trims or records need not write a file; audio::loadClip reads one. Throws
  // EngineError ("prompt clip: ...") when the clip breaks audio::ClipLimits{}.
  Voice prepareVoice(const audio::Clip& clip, const std::string& transcript) override;
  SynthesisResult synthesize(const SynthesisRequest& request, const SynthesisSettings& settings,
                             const SynthesisCallbacks& callbacks = {}) override;

  MemoryStats memory() const;

  // How alike the speaker of `samples` (mono, e.g. a made segment) is to
  // `voice`: the cosine of their CAM++ embeddings, from the model folder's
  // speaker encoder, in -1..1. Throws EngineError for audio too short to embed.
  double speakerSimilarity(const std::vector<float>& samples, int sampleRate, const Voice& voice) override;

 private:
  struct Impl;
  void loadModel(const LoadOptions& options, const std::function<void(const std::string&)>& onStep);

  std::unique_ptr<Impl> impl_;
};

}  // namespace cosystudio
