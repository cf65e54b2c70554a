#include "speech_tokens/speech_tokenizer.h"

#include <sstream>

namespace cosystudio {

SpeechTokenizer::SpeechTokenizer(const std::filesystem::path& onnxFile, at::Device device)
    : graph_(onnx::Graph::load(onnxFile, device)) {
  const auto& inputs = graph_.inputs();
  const std::string what = onnxFile.string() + ": not a speech tokenizer graph";
  if (inputs.size() != 2 || inputs[0].dims.size() != 3 || !inputs[0].dims[1] || inputs[0].dtype != at::kFloat ||
      inputs[1].dims.size() != 1 || !at::isIntegralType(inputs[1].dtype, false)) {
    throw onnx::OnnxError(what + " (expected inputs (batch, mels, frames) float and (batch) lengths)");
  }
  melBins_ = *inputs[0].dims[1];
  const auto& outputs = graph_.outputs();
  if (outputs.empty() || !at::isIntegralType(outputs[0].dtype, false)) {
    throw onnx::OnnxError(what + " (expected integer token ids as the first output)");
  }
  for (size_t k = 1; k < outputs.size(); ++k)
    if (outputs[k].name == "prequant") prequantOutput_ = static_cast<int>(k);
}

SpeechTokens SpeechTokenizer::tokenize(const at::Tensor& logMel) const {
  const auto feats = logMel.dim() == 2 ? logMel.unsqueeze(0) : logMel;
  if (feats.dim() != 3 || feats.size(0) != 1 || feats.size(1) != melBins_) {
    std::ostringstream msg;
    msg << "speech tokenizer: expected log-mel (" << melBins_ << ", frames), got " << logMel.sizes();
    throw onnx::OnnxError(msg.str());
  }
  const int64_t frames = feats.size(2);
  if (frames < 1) throw onnx::OnnxError("speech tokenizer: the clip is too short (0 log-mel frames)");
  const auto lengths = at::full({1}, frames, at::TensorOptions().dtype(graph_.inputs()[1].dtype));
  const auto out = graph_.run({feats.to(at::kFloat).contiguous(), lengths});

  SpeechTokens result;
  result.ids = out[0].reshape(-1).to(at::kLong);
  if (result.ids.size(0) != tokenCount(frames)) {
    throw onnx::OnnxError("speech tokenizer: the graph returned " + std::to_string(result.ids.size(0)) +
                          " tokens for " + std::to_string(frames) + " frames, expected " +
                          std::to_string(tokenCount(frames)));
  }
  if (prequantOutput_ >= 0) result.prequant = out[prequantOutput_].reshape({result.ids.size(0), -1});
  return result;
}

}  // namespace cosystudio
