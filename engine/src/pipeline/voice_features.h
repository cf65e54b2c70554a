// A voice's features on the engine's device, and how they are computed from a
// clip (the official frontend's _extract_speech_token, _extract_spk_embedding
// and _extract_speech_feat).
#pragma once

#include "cosystudio/audio/clip.h"
#include "pipeline/model.h"
#include "pipeline/voice_data.h"

#include <ATen/ATen.h>

namespace cosystudio {

struct VoiceFeatures {
  at::Tensor speechTokens;      // (N) int64: S3 tokens of the whole clip
  at::Tensor speakerEmbedding;  // (E) float32
  at::Tensor promptMel;         // (F, 80) float32, time-major

  std::size_t bytes() const { return speechTokens.nbytes() + speakerEmbedding.nbytes() + promptMel.nbytes(); }
};

// Intermediate front-end tensors, for parity checks.
struct VoiceTrace {
  at::Tensor speakerFbank, tokenizerMel;
};

// Computes the features of `clip` (any rate ≥ 16 kHz, any channel count).
VoiceData computeVoiceData(Model& model, const audio::Clip& clip, const std::string& transcript,
                             VoiceTrace* trace = nullptr);

// The CAM++ embedding (E) of mono audio at any rate, as a voice's is computed
// (its 16 kHz resampling and fbank): how a made segment's speaker is compared
// with its voice's.
at::Tensor speakerEmbeddingOf(Model& model, const std::vector<float>& samples, int sampleRate);

VoiceFeatures voiceFeatures(const VoiceData& data, const at::Device& device);

// The mono clip a voice was made from.
audio::Clip voiceClip(const VoiceData& data);

}  // namespace cosystudio
