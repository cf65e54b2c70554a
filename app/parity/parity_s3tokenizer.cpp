// cosystudio-parity s3tokenizer <set-dir>: the S3Tokenizer v3 ONNX graph run by
// the engine on the set's golden whisper log-mel, against the PyTorch and ONNX
// Runtime token ids and pre-quantisation values.
#include "audio_onnx.h"
#include "registry.h"
#include "report.h"

#include "speech_tokens/speech_tokenizer.h"

#include <cstdio>

namespace cosystudio::parity {

namespace {

constexpr double kPrequantTolerance = 1e-4;

int runS3Tokenizer(const std::filesystem::path& setDir, const RunOptions& options) {
  const auto model = audioModelFile(setDir, "s3tokenizer_v3");
  std::printf("model: %s\n", model.string().c_str());
  const GoldenTensors golden(setDir / "tensors.pt");
  Report report;
  try {
    const SpeechTokenizer tokenizer(model, options.device);
    const auto logMel = golden.at("whisper_logmel").to(options.device);
    // Inputs here, compared with the engine's own front end by `cosystudio-parity audio`.
    report.notCompared("whisper_logmel", "the input of this check (compared by the audio parity)");
    report.notCompared("whisper_logmel_len", "the input's length (compared by the audio parity)");
    if (golden.has("s3_hidden"))
      report.notCompared("s3_hidden", "an inner tensor of the official model, not an output of its ONNX graph");
    const auto tokens = tokenizer.tokenize(logMel);
    const auto expected = golden.at("s3_tokens").reshape(-1);
    report.exact("s3_token_len", tokens.ids.size(0), golden.at("s3_token_len").reshape(-1)[0].item<int64_t>());
    if (tokens.ids.size(0) == expected.size(0)) {
      const auto n = tokens.ids.size(0);
      report.exact("s3_tokens", tokens.ids, expected);
      report.exact("s3_tokens_ort", tokens.ids, golden.at("s3_tokens_ort").reshape(-1));
      report.close("s3_prequant", tokens.prequant, golden.at("s3_prequant").reshape({n, -1}), kPrequantTolerance);
      report.close("s3_prequant_ort", tokens.prequant, golden.at("s3_prequant_ort").reshape({n, -1}),
                   kPrequantTolerance);
    }
  } catch (const std::exception& e) {
    report.failure("s3tokenizer", e.what());
  }
  return report.finish();
}

// cosystudio-parity s3tokenizer-bench <set-dir>: tokenizing 10 s of the set's
// log-mel (repeated), on the CPU and, where there is one, the GPU.
int runS3TokenizerBench(const std::filesystem::path& setDir, const RunOptions&) {
  constexpr int64_t kFrames = 1000;  // whisper frames of 10 s at 16 kHz: 160000 / 160
  const auto logMel = repeatFrames(GoldenTensors(setDir / "tensors.pt").at("whisper_logmel"), 2, kFrames);
  std::vector<at::Device> devices = {at::kCPU};
  if (at::hasCUDA()) devices.emplace_back(at::kCUDA);
  for (const auto& device : devices) {
    const auto start = std::chrono::steady_clock::now();
    const SpeechTokenizer tokenizer(audioModelFile(setDir, "s3tokenizer_v3"), device);
    std::printf("s3tokenizer load on %s: %.1f ms\n", device.str().c_str(),
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    const auto input = logMel.to(device);
    benchmark("s3tokenizer tokenize 10 s on " + device.str(), 20, [&] { tokenizer.tokenize(input).ids.cpu(); });
  }
  return 0;
}

const Registration benchReg("s3tokenizer-bench", "S3Tokenizer v3 speed: tokenizing 10 s of log-mel",
                            &runS3TokenizerBench, false);
const Registration reg("s3tokenizer", "S3Tokenizer v3 speech tokens (speech_tokenizer_v3.onnx) from the golden log-mel",
                       &runS3Tokenizer);

}  // namespace

}  // namespace cosystudio::parity
