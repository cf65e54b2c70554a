// One synthesis request end to end (CosyVoice3Model.tts as the official
// CosyVoice3 class drives it): text front end, LLM, then flow + HiFT per
// token2wav call, streaming or not.
#pragma once

#include "cosystudio/engine.h"
#include "llm/cosyvoice3_lm.h"
#include "llm/ras_sampler.h"
#include "pipeline/model.h"
#include "pipeline/stream_schedule.h"
#include "pipeline/voice_features.h"

#include <ATen/ATen.h>

#include <functional>
#include <map>

namespace cosystudio {

// One vocoder call of a segment.
struct HiftCallTrace {
  int64_t melFrames = 0;
  int64_t samples = 0;  // the whole output, the samples earlier calls delivered included
  at::Tensor f0;        // (1, F') float64
};

// What one text segment went through, for parity checks. The synthesizer
// keeps its working state apart and records this only for
// SynthesisHooks::onSegment (the mels and F0 of every call would otherwise
// stay in memory until the segment ends).
struct SegmentTrace {
  at::Tensor flowPromptTokens;  // (P) the prompt as the flow sees it
  at::Tensor flowPromptMel;     // (M, 80)
  at::Tensor speakerEmbedding;  // (E)
  std::vector<int32_t> promptTextIds, textIds;
  std::vector<int64_t> llmPromptTokens;  // zero-shot only: the prompt's speech tokens the LLM continues
  at::Tensor lmInput;
  std::vector<int64_t> llmTokens;   // as sampled
  std::vector<int64_t> flowTokens;  // after the silent-token filter
  std::vector<TokenChunk> token2wavCalls;  // in order, streaming chunks then the final call
  std::vector<at::Tensor> flowMels;  // flow output per token2wav call
  std::vector<HiftCallTrace> hiftCalls;
};

struct SynthesisHooks {
  RasSampler::DrawHook draw;  // replaces the sampler's random draws
  // Replaces the seeded sampler altogether (parity in reduced precision: the
  // official tokens, step by step, so every later stage stays comparable).
  TokenSampler* sampler = nullptr;
  CosyVoice3LM::StepObserver decodeStep;  // sees every LLM decode step, stop included
  std::function<void(int segment, const SegmentTrace&)> onSegment;  // set: every segment is traced
  // Sees, and may spoil, each flow output before it is checked (fault injection).
  std::function<void(at::Tensor& mel)> flowOutput;
};

class Synthesizer {
 public:
  explicit Synthesizer(Model& model);

  // `voice` holds the prompt clip's features on the model's device. Throws
  // EngineError for unusable requests and Cancelled once callbacks.shouldStop
  // returns true. Run again after a failure (out of memory), the same
  // synthesizer keeps the segments it finished and sends callbacks.onAudio
  // only the samples it has not sent yet: the listener hears each sample once.
  SynthesisResult run(const SynthesisRequest& request, const SynthesisSettings& settings, const VoiceFeatures& voice,
                      const SynthesisCallbacks& callbacks, const SynthesisHooks& hooks = {});

 private:
  struct Prompt;
  struct Segment;
  void generateSegment(Segment& segment);
  void token2wav(Segment& segment, const TokenChunk& scheduled);
  void throwIfCancelled() const;
  void report(Stage stage, const Segment* segment, int flowStep = -1) const;
  void traceSegment(const Segment& segment) const;

  Model& model_;
  const SynthesisRequest* request_ = nullptr;
  const SynthesisSettings* settings_ = nullptr;
  const SynthesisCallbacks* callbacks_ = nullptr;
  const SynthesisHooks* hooks_ = nullptr;
  double startSeconds_ = 0;
  double firstAudioSeconds_ = -1;
  int segmentCount_ = 0;
  // Kept across runs: the segments finished, by index, and how many samples
  // of each segment the listener has received.
  std::map<int, SegmentResult> finished_;
  std::map<int, int64_t> samplesSent_;
};

}  // namespace cosystudio
