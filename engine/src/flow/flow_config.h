// Sizes and constants of CosyVoice3's flow (`CausalMaskedDiffWithDiT` with a
// `CausalConditionalCFM` around a DiT estimator). Defaults are the released
// Fun-CosyVoice3-0.5B values (cosyvoice3.yaml); the pipeline fills it from the
// model's yaml, the parity tool from a fixture set's manifest.
#pragma once

#include <cstdint>

namespace cosystudio {

struct FlowConfig {
  int64_t vocabSize = 6561;         // speech tokens
  int64_t melDim = 80;              // mel bins = token embedding width = DiT mel/mu/spk width
  int64_t speakerEmbedDim = 192;    // CAM++ embedding
  int64_t tokenMelRatio = 2;        // 25 Hz tokens -> 50 Hz mel frames
  int64_t preLookaheadLen = 3;      // tokens of right context
  int64_t preLookaheadChannels = 1024;
  int64_t chunkTokens = 25;         // streaming chunk (training static chunk)

  int64_t ditDim = 1024;
  int64_t ditDepth = 22;
  int64_t ditHeads = 16;
  int64_t ditDimHead = 64;
  int64_t ditFfMult = 2;

  int64_t timesteps = 10;           // Euler steps
  double cfgRate = 0.7;             // classifier-free guidance
  int64_t noiseFrames = 15000;      // fixed initial noise table: 300 s at 50 Hz

  // Chunk of the DiT's chunk-causal attention mask, in mel frames.
  int64_t chunkFrames() const { return chunkTokens * tokenMelRatio; }
};

}  // namespace cosystudio
