// The prompt clip as the three networks see it: the official frontend's
// loading, resampling and feature extraction, on any device.
#pragma once

#include "cosystudio/audio/clip.h"

#include <ATen/ATen.h>

namespace cosystudio::audio {

// (channels, frames) float32 on the CPU.
at::Tensor clipTensor(const Clip& clip);

// (1, frames): the mean over channels, computed as the official loader does.
at::Tensor monoTensor(const Clip& clip);

// CAM++'s input from a 16 kHz waveform (1, N): Kaldi fbank minus its mean, (1, T, 80).
at::Tensor speakerFbank(const at::Tensor& speech16k);

struct PromptFeatures {
  at::Tensor speech16k;           // (1, N16), speech tokenizer and speaker model rate
  at::Tensor speech24k;           // (1, N24), flow rate
  at::Tensor speakerFbank;        // (1, T, 80) Kaldi fbank minus its mean: CAM++ input
  at::Tensor tokenizerMel;        // (1, 128, N16 / 160) Whisper log-mel: S3Tokenizer input
  at::Tensor tokenizerMelLength;  // int32 (1)
  at::Tensor flowMel;             // (1, N24 / 480, 80) time-major Matcha mel: flow prompt
  at::Tensor flowMelLength;       // int32 (1)
};

// Each rate is resampled directly from the clip's own rate; every tensor lies
// on `device`. Throws AudioError when the clip breaks the default ClipLimits.
PromptFeatures extractPromptFeatures(const Clip& clip, const at::Device& device);

struct AlignedPrompt {
  at::Tensor speechFeat;         // (1, 2 * L, 80)
  at::Tensor speechFeatLength;   // int32 (1) = 2 * L
  at::Tensor speechToken;        // (1, L)
  at::Tensor speechTokenLength;  // int32 (1) = L
};

// Two flow-mel frames per speech token: L = min(frames / 2, tokens), as the
// zero-shot, cross-lingual and instruct modes do (voice conversion does not).
AlignedPrompt alignPrompt(const at::Tensor& flowMel, const at::Tensor& speechTokens);

}  // namespace cosystudio::audio
