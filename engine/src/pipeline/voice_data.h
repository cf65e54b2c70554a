// What a prepared voice holds: the prompt clip and the features the networks
// take from it. Host memory only; the engine keeps its own device copies.
#pragma once

#include "cosystudio/engine.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace cosystudio {

struct VoiceData {
  std::string transcript;
  std::string modelFingerprint;  // of the front-end models that computed the features

  std::vector<float> clip;  // mono, at clipRate, as loaded (features can be rebuilt from it)
  int clipRate = 0;

  std::vector<int32_t> speechTokens;    // S3 tokens of the whole clip (25 Hz)
  std::vector<float> speakerEmbedding;  // CAM++ embedding
  std::vector<float> promptMel;         // (promptMelFrames, 80) time-major flow mel
  int64_t promptMelFrames = 0;
};

// The engine's way into a Voice, which shows its clients only what they need.
struct VoiceInternals {
  static Voice wrap(std::shared_ptr<const VoiceData> data) {
    Voice voice;
    voice.data_ = std::move(data);
    return voice;
  }
  // Null for an empty voice.
  static const std::shared_ptr<const VoiceData>& data(const Voice& voice) { return voice.data_; }
};

}  // namespace cosystudio
