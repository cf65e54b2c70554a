// SenseVoice-Small's encoder (FunASR's SenseVoiceEncoderSmall), pre-norm SANM
// layers:
//
//   x = x * sqrt(d) + sinusoid(positions 1..T)            (T, in)
//   encoders0: 1 layer  in -> d, no residual around its attention
//   encoders:  blocks - 1 layers d -> d
//   after_norm
//   tp_encoders: tp_blocks layers d -> d
//   tp_norm                                              (T, d)
//
//   layer(x) = y + ffn(norm2(y)),  y = [x +] sanm(norm1(x))
//   ffn(x)   = w_2(relu(w_1(x)))
//
// LayerNorms use eps 1e-5 (sense_voice/model.py's LayerNorm, not FunASR's 1e-12 one).
#pragma once

#include "asr/sanm_attention.h"
#include "asr/sensevoice_config.h"

#include <vector>

namespace cosystudio::asr {

class SenseVoiceEncoder {
 public:
  SenseVoiceEncoder(StateDict& weights, const std::string& prefix, const SenseVoiceConfig& config,
                    const at::TensorOptions& options);

  // x: (1, T, inputSize) -> (1, T, outputSize).
  at::Tensor forward(const at::Tensor& x) const;

 private:
  struct Norm {
    at::Tensor weight, bias;
  };
  struct Layer {
    Norm norm1, norm2;
    SanmAttention attention;
    Linear w1, w2;
    bool residual;  // false where the attention changes the width
    at::Tensor forward(const at::Tensor& x) const;
  };
  static Norm takeNorm(StateDict& weights, const std::string& prefix, int64_t size, const at::TensorOptions& options);
  static at::Tensor apply(const Norm& norm, const at::Tensor& x);
  Layer takeLayer(StateDict& weights, const std::string& prefix, int64_t inputSize,
                  const at::TensorOptions& options) const;

  SenseVoiceConfig config_;
  std::vector<Layer> layers_;    // encoders0, then encoders
  Norm afterNorm_;
  std::vector<Layer> tpLayers_;  // tp_encoders
  Norm tpNorm_;
};

}  // namespace cosystudio::asr
