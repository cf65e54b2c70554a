// cosystudio-parity s3tokenizer <set-dir>: the S3Tokenizer v3 ONNX graph run by
// the engine on the set's golden whisper log-mel, against the PyTorch and ONNX
// Runtime token ids and pre-quantisation values.
#include "audio_models.h"
#include "registry.h"
#include "report.h"

#include "speech_tokens/speech_tokenizer.h"

#include <cstdio>

namespace cosystudio::parity {

namespace {

constexpr double kPrequantTolerance = 1e-4;

int runS3Tokenizer(const std::filesystem::path& setDir) {
  const auto model = audioModelFile(setDir, "s3tokenizer_v3");
  std::printf("model: %s\n", model.string().c_str());
  const GoldenTensors golden(setDir / "tensors.pt");
  Report report;
  try {
    const SpeechTokenizer tokenizer(model);
    const auto& logMel = golden.at("whisper_logmel");
    report.exact("feats_length", logMel.size(-1), golden.at("whisper_logmel_len").item<int64_t>());
    const auto tokens = tokenizer.tokenize(logMel);
    const auto expected = golden.at("s3_tokens").reshape(-1);
    report.exact("token count", tokens.ids.size(0), expected.size(0));
    if (tokens.ids.size(0) == expected.size(0)) {
      report.exact("tokens", tokens.ids, expected);
      if (golden.has("s3_tokens_ort")) report.exact("tokens vs ort", tokens.ids, golden.at("s3_tokens_ort").reshape(-1));
      if (tokens.prequant.defined()) {
        const auto n = tokens.ids.size(0);
        report.close("prequant", tokens.prequant, golden.at("s3_prequant").reshape({n, -1}), kPrequantTolerance);
        if (golden.has("s3_prequant_ort"))
          report.close("prequant vs ort", tokens.prequant, golden.at("s3_prequant_ort").reshape({n, -1}),
                       kPrequantTolerance);
      }
    }
  } catch (const std::exception& e) {
    report.failure("s3tokenizer", e.what());
  }
  return report.finish();
}

const Registration reg("s3tokenizer", "S3Tokenizer v3 speech tokens (speech_tokenizer_v3.onnx) from the golden log-mel",
                       &runS3Tokenizer);

}  // namespace

}  // namespace cosystudio::parity
