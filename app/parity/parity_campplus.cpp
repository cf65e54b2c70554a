// cosystudio-parity campplus <set-dir>: the CAM++ ONNX graph run by the engine
// on the set's golden fbank, against the PyTorch and ONNX Runtime embeddings.
#include "audio_models.h"
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

int runCampplus(const std::filesystem::path& setDir) {
  const auto model = audioModelFile(setDir, "campplus");
  std::printf("model: %s\n", model.string().c_str());
  const GoldenTensors golden(setDir / "tensors.pt");
  Report report;
  try {
    const SpeakerEncoder encoder(model);
    const auto embedding = encoder.embed(golden.at("fbank_cmn"));
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

const Registration reg("campplus", "CAM++ speaker embedding (campplus.onnx) from the golden fbank", &runCampplus);

}  // namespace

}  // namespace cosystudio::parity
