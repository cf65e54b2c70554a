// The CosyStudio engine: loads an official Fun-CosyVoice3 model folder and
// turns text into speech in a cloned voice.
//
// The engine is synchronous and thread-confined: every method must be called
// from the thread that created it (the GUI runs it on a worker QThread, the
// CLI on its main thread); another thread stops a request through the
// request's own SynthesisCallbacks::shouldStop. This header includes no torch.
#pragma once

#include "cosystudio/audio/clip.h"
#include "cosystudio/user_message.h"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace cosystudio {

enum class DeviceKind { Cpu, Cuda };

struct Device {
  DeviceKind kind = DeviceKind::Cpu;
  int index = 0;  // CUDA device ordinal
};

// Numeric precision of the LLM and the flow estimator (the front end and HiFT
// always run in float32).
enum class Precision { Float32, BFloat16, Float16 };

// float32 on the CPU (the exact mode, and the fast one there until reduced
// precision is measured to pay), bfloat16 on CUDA.
Precision defaultPrecision(DeviceKind kind);

struct DeviceInfo {
  Device device;
  std::string name;         // "NVIDIA GeForce RTX 4090" or "CPU"
  int computeMajor = 0;     // CUDA compute capability
  int computeMinor = 0;
  int64_t totalBytes = 0;   // device memory (CUDA only)
};

// The CPU first, then every GPU this build sees. Listing opens no CUDA
// context (and takes no memory) on any GPU; sampleMemory() gives the free
// memory of one, deviceProblem() tries one.
std::vector<DeviceInfo> availableDevices();

// Empty when this build runs on `device`; otherwise why not (a GPU newer than
// the architectures the libtorch build was compiled for, a missing GPU, a
// driver too old). Runs a small computation on that GPU, so it opens that
// GPU's CUDA context and no other; Engine::load asks it too.
std::string deviceProblem(const Device& device);

// Why this build can use no GPU at all, with what to do: a CPU build, or the
// CUDA runtime's reason (no driver, a driver too old for this build's CUDA,
// no GPU); empty when it sees a GPU.
std::string gpuUnavailableReason();
// One line for --version and diagnostics: the GPUs this build can use, or
// "none, " and the reason.
std::string describeGpuUse();

// How the CPU computes. Debian's libtorch calls whichever libblas.so.3 the
// system provides (the netlib reference BLAS unless OpenBLAS is installed);
// PyPI's libtorch carries its own.
struct CpuBackend {
  std::string blas;      // "OpenBLAS", "MKL", "reference BLAS (netlib)", ...
  std::string blasPath;  // the library file, where one is loaded
  bool blasIsSlow = false;  // the reference BLAS: 15-35x slower than OpenBLAS
  int threads = 0;       // intra-op threads now in use
  int physicalCores = 0;
};
CpuBackend cpuBackend();
// "OpenBLAS (/usr/lib/.../libblas.so.3), 2 threads on 2 physical cores"
std::string describeCpuBackend(const CpuBackend& backend);

// Sets libtorch's intra-op threads (and the BLAS library's own, where it keeps
// separate ones); 0 means OMP_NUM_THREADS when it is set, else one per
// physical core.
void setCpuThreads(int threads);

struct MemoryStats {
  int64_t deviceAllocated = 0;  // bytes held by tensors (CUDA caching allocator)
  int64_t devicePeakAllocated = 0;  // the most held at once since the process started
  int64_t deviceReserved = 0;   // bytes the allocator keeps from the driver
  int64_t deviceFree = 0;       // free on the device as the driver reports it
  int64_t deviceTotal = 0;
  int64_t hostResident = 0;     // resident set size of this process
};

// Samples the current process and, when `device` is CUDA, that GPU.
MemoryStats sampleMemory(const Device& device);

// Hands freed host memory back to the operating system (the C library keeps
// freed blocks for reuse otherwise, so a torn-down model would still count in
// the resident set).
void releaseHostMemory();

// A problem found while checking a model folder: which file, and what is wrong.
struct ModelProblem {
  enum class Kind {
    NotAFolder,
    ModelInSubfolder,  // detail: the subfolder to choose instead
    OlderModel,        // a CosyVoice 1/2 folder
    Missing,
    NotAFile,
    Empty,             // an interrupted download?
    Unreadable,        // permissions?
    WrongFormat,       // damaged, or a Git LFS pointer
    NoLanguageModel,   // neither llm.rl.pt nor llm.pt
  };
  std::string file;
  Kind kind = Kind::Missing;
  std::string detail;
  std::string message;  // English, for the command line (the UI words its own)
};

// Checks that `folder` holds a complete, readable Fun-CosyVoice3 model folder
// and returns every problem at once (empty = usable). Recognises the common
// mistake of choosing the parent of the real folder.
std::vector<ModelProblem> checkModelFolder(const std::filesystem::path& folder);

// The language-model checkpoints a folder may hold: the RL-tuned one (lower
// error rates in the release's evaluation) and the base one.
inline constexpr char kRlCheckpoint[] = "llm.rl.pt";
inline constexpr char kBaseCheckpoint[] = "llm.pt";
// Those of the two that `folder` holds, the RL-tuned one first.
std::vector<std::string> llmCheckpoints(const std::filesystem::path& folder);
// `wanted` when the folder holds it, the first of llmCheckpoints() when
// `wanted` is empty; throws EngineError (below) naming the missing file.
std::string chooseLlmCheckpoint(const std::filesystem::path& folder, const std::string& wanted);

// Thrown when the engine cannot do what was asked; what() is user-readable,
// message() translatable (user_message.h).
class EngineError : public UserError {
 public:
  using UserError::UserError;
};

// ---------------------------------------------------------------------------
// Synthesis

enum class Mode {
  ZeroShot,         // clip + its transcript, then the text
  CrossLingual,     // clip only (no transcript); text in any language
  Instruct,         // clip + an instruction (dialect, emotion, speed, role)
  VoiceConversion,  // a source clip re-spoken in the voice of the prompt clip; no text
};

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
  // Host memory the voice holds (its clip and features).
  std::size_t bytes() const;

  // Voice files hold no pickle: a small documented binary container.
  void save(const std::filesystem::path& file) const;
  static Voice load(const std::filesystem::path& file);

  struct Data;
  explicit Voice(std::shared_ptr<const Data> data);
  const std::shared_ptr<const Data>& data() const { return data_; }

 private:
  std::shared_ptr<const Data> data_;
};

struct SynthesisRequest {
  Mode mode = Mode::ZeroShot;
  std::string text;         // UTF-8, may hold pronunciation/paralinguistic markup
  std::string instruction;  // Instruct mode, e.g. "请用四川话表达。"
  Voice voice;
  std::filesystem::path sourceClip;  // VoiceConversion only
  double speed = 1.0;                // 0.5 .. 2.0
  uint64_t seed = 0;                 // the sampler is reseeded with it before every segment
  bool stream = false;     // deliver audio while it is generated
  bool normalize = true;   // false = raw text, no normalisation
  // Numbers, dates, times, money and units read as words before the official
  // rules (the engine's stand-in for wetext); false = the official rules alone.
  bool readNumbers = true;
  std::optional<int> onlySegment;  // regenerate one segment of a long text
  // Watchdog: a segment still generating after this many seconds is stopped
  // and reported (0 = no limit; the token cap of 20 per text token always applies).
  double segmentTimeLimitSeconds = 0;
};

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

struct SynthesisCallbacks {
  std::function<void(const AudioChunk&)> onAudio;
  std::function<void(const Progress&)> onProgress;
  // Polled before each segment, at every LLM token and flow step and before
  // the vocoder: true stops this request with Cancelled. It belongs to the
  // request, so nothing carries over to the next one. Called on the engine's
  // thread; to stop from another, read a flag that thread sets.
  std::function<bool()> shouldStop;
};

struct SegmentResult {
  std::string text;            // the text the model received for this segment
  std::vector<float> samples;  // 24 kHz mono
  int speechTokens = 0;
  // The language model hit its token cap (20 per text token) without choosing
  // to stop: the audio is kept, but the segment probably babbles or repeats.
  bool reachedTokenCap = false;
  std::vector<std::string> warnings;  // user-readable, e.g. that token cap
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
};

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

class Engine {
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
  Voice prepareVoice(const audio::Clip& clip, const std::string& transcript);
  SynthesisResult synthesize(const SynthesisRequest& request, const SynthesisCallbacks& callbacks = {});

  MemoryStats memory() const;

  struct Impl;

 private:
  void loadModel(const LoadOptions& options, const std::function<void(const std::string&)>& onStep);

  std::unique_ptr<Impl> impl_;
};

// A new model failed to load (what() says why) and the model loaded before it
// is loaded again: the engine is still usable, options() naming that model.
class ModelKept : public EngineError {
 public:
  using EngineError::EngineError;
};

class Cancelled : public EngineError {
 public:
  Cancelled() : EngineError("cancelled") {}
};

// A segment outran SynthesisRequest::segmentTimeLimitSeconds: the request was
// stopped; another seed usually cures it.
class RunawaySegment : public EngineError {
 public:
  RunawaySegment(int segment, UserMessage message) : EngineError(std::move(message)), segment_(segment) {}
  int segment() const { return segment_; }  // 0-based

 private:
  int segment_;
};

}  // namespace cosystudio
