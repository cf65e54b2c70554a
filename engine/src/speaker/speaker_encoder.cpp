#include "speaker/speaker_encoder.h"

#include <sstream>

namespace cosystudio {

namespace {

// The stride-2 TDNN halves the frames; the statistics pooling needs two of them
// for an (unbiased) standard deviation.
constexpr int64_t kMinFrames = 3;

}  // namespace

SpeakerEncoder::SpeakerEncoder(const std::filesystem::path& onnxFile, at::Device device)
    : graph_(onnx::Graph::load(onnxFile, device)) {
  const auto& inputs = graph_.inputs();
  const auto& outputs = graph_.outputs();
  const std::string what = onnxFile.string() + ": not a CAM++ speaker encoder graph";
  if (inputs.size() != 1 || inputs[0].dims.size() != 3 || !inputs[0].dims[2] || inputs[0].dtype != at::kFloat) {
    throw onnx::OnnxError(what + " (expected one float input (batch, frames, features))");
  }
  if (outputs.empty() || outputs[0].dims.size() != 2) {
    throw onnx::OnnxError(what + " (expected an output (batch, embedding))");
  }
  featureSize_ = *inputs[0].dims[2];
  embeddingSize_ = outputs[0].dims[1].value_or(-1);
}

at::Tensor SpeakerEncoder::embed(const at::Tensor& fbank) const {
  const auto features = fbank.dim() == 2 ? fbank.unsqueeze(0) : fbank;
  if (features.dim() != 3 || features.size(0) != 1 || features.size(2) != featureSize_) {
    std::ostringstream msg;
    msg << "speaker encoder: expected fbank (frames, " << featureSize_ << "), got " << fbank.sizes();
    throw onnx::OnnxError(msg.str());
  }
  if (features.size(1) < kMinFrames) {
    throw onnx::OnnxError("speaker encoder: the clip is too short (" + std::to_string(features.size(1)) +
                          " fbank frames, at least " + std::to_string(kMinFrames) + " needed)");
  }
  const auto out = graph_.run({features.to(at::kFloat).contiguous()});
  return out[0].reshape(-1);
}

}  // namespace cosystudio
