// cosystudio-parity campplus <set-dir>: the CAM++ ONNX graph run by the engine
// on the set's golden fbank, against the PyTorch and ONNX Runtime embeddings.
#include "audio_onnx.h"
#include "registry.h"
#include "report.h"

#include "speaker/speaker_encoder.h"

#include <cstdio>

namespace cosystudio::parity {

namespace {

constexpr double kEmbeddingTolerance = 1e-5;
constexpr double kCosineTolerance = 1e-5;  // cosine >= 0.99999

void compareEmbedding(Report& report, const std::string& name, const at::Tensor& got, const at::Tensor& expected) {
  report.close(name, got, expected, kEmbeddingTolerance);
  const auto cosine = at::cosine_similarity(got.to(at::kDouble), expected.to(at::kDouble), 0);
  report.close(name + " cosine", cosine, at::ones_like(cosine), kCosineTolerance);
}

int runCampplus(const std::filesystem::path& setDir, const RunOptions& options) {
  const auto model = audioModelFile(setDir, "campplus");
  std::printf("model: %s\n", model.string().c_str());
  const GoldenTensors golden(setDir / "tensors.pt");
  Report report;
  try {
    const SpeakerEncoder encoder(model, options.device);
    const auto embedding = encoder.embed(golden.at("fbank_cmn").to(options.device)).cpu();
    const auto expected = golden.at("campplus_embedding").reshape(-1);
    report.exact("embedding size", embedding.size(0), expected.size(0));
    if (embedding.size(0) == expected.size(0)) {
      compareEmbedding(report, "embedding", embedding, expected);
      if (golden.has("campplus_embedding_ort"))
        compareEmbedding(report, "embedding vs ort", embedding, golden.at("campplus_embedding_ort").reshape(-1));
    }
  } catch (const std::exception& e) {
    report.failure("campplus", e.what());
  }
  return report.finish();
}

// cosystudio-parity campplus-bench <set-dir>: embedding 10 s of the set's fbank
// (repeated), on the CPU and, where there is one, the GPU.
int runCampplusBench(const std::filesystem::path& setDir, const RunOptions&) {
  constexpr int64_t kFrames = 998;  // Kaldi frames of 10 s at 16 kHz: 1 + (160000 - 400) / 160
  const auto fbank = repeatFrames(GoldenTensors(setDir / "tensors.pt").at("fbank_cmn"), 0, kFrames);
  std::vector<at::Device> devices = {at::kCPU};
  if (at::hasCUDA()) devices.emplace_back(at::kCUDA);
  for (const auto& device : devices) {
    const auto start = std::chrono::steady_clock::now();
    const SpeakerEncoder encoder(audioModelFile(setDir, "campplus"), device);
    std::printf("campplus load on %s: %.1f ms\n", device.str().c_str(),
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    const auto input = fbank.to(device);
    benchmark("campplus embed 10 s on " + device.str(), 20, [&] { encoder.embed(input).cpu(); });
  }
  return 0;
}

const Registration benchReg("campplus-bench", "CAM++ speed: embedding 10 s of fbank", &runCampplusBench, false);
const Registration reg("campplus", "CAM++ speaker embedding (campplus.onnx) from the golden fbank", &runCampplus);

}  // namespace

}  // namespace cosystudio::parity
