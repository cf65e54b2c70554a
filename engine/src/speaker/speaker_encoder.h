// CAM++ speaker encoder: mean-normalised 80-bin Kaldi fbank -> speaker
// embedding (192 floats for the official campplus.onnx), by running the
// shipped ONNX graph. The input name, feature size and embedding size are read
// from the graph.
#pragma once

#include "onnx/graph.h"

#include <ATen/ATen.h>

#include <filesystem>

namespace cosystudio {

class SpeakerEncoder {
 public:
  // Throws onnx::OnnxError when the file is not a usable CAM++ graph.
  explicit SpeakerEncoder(const std::filesystem::path& onnxFile, at::Device device = at::kCPU);

  // fbank: (T, F) or (1, T, F) float32 after mean subtraction, exactly the
  // frames of the clip (padding changes the result). Returns (E) float32.
  at::Tensor embed(const at::Tensor& fbank) const;

  int64_t featureSize() const { return featureSize_; }
  int64_t embeddingSize() const { return embeddingSize_; }  // -1 when the graph leaves it symbolic

 private:
  onnx::Graph graph_;
  int64_t featureSize_ = 0;
  int64_t embeddingSize_ = -1;
};

}  // namespace cosystudio
