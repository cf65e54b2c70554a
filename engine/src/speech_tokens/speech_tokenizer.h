// S3Tokenizer v3: 128-bin whisper log-mel (100 frames/s) -> speech token ids
// (25 Hz, 0..6560), by running the shipped speech_tokenizer_v3.onnx. Inputs
// are bound by the graph's own names and types: the features, then the valid
// frame count per batch row. The clip is fed at its exact length.
#pragma once

#include "onnx/graph.h"

#include <ATen/ATen.h>

#include <filesystem>

namespace cosystudio {

struct SpeechTokens {
  at::Tensor ids;       // (N) int64
  at::Tensor prequant;  // (N, 8) float32, only when the graph exposes "prequant"
};

class SpeechTokenizer {
 public:
  // Throws onnx::OnnxError when the file is not a usable tokenizer graph.
  explicit SpeechTokenizer(const std::filesystem::path& onnxFile, at::Device device = at::kCPU);

  // logMel: (n_mels, T) or (1, n_mels, T) float32.
  SpeechTokens tokenize(const at::Tensor& logMel) const;

  int64_t melBins() const { return melBins_; }
  // ceil(ceil(T / 2) / 2): the two stride-2 convolutions of the encoder.
  static int64_t tokenCount(int64_t frames) { return ((frames + 1) / 2 + 1) / 2; }

 private:
  onnx::Graph graph_;
  int64_t melBins_ = 0;
  int prequantOutput_ = -1;
};

}  // namespace cosystudio
