// The flow at the released size: FlowConfig's defaults must take exactly the
// keys and shapes of the real flow.pt (from core/manifest-full-size.json), and
// a benchmark (disabled by default) times it with random weights:
//   engine_tests --gtest_also_run_disabled_tests --gtest_filter='FlowFullSize.DISABLED_Benchmark*'
#include "flow/flow_decoder.h"

#include <ATen/Parallel.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <caffe2/serialize/inline_container.h>
#include <torch/csrc/jit/serialization/export.h>
#include <torch/csrc/jit/serialization/pickler.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <unistd.h>

using namespace cosystudio;
namespace fs = std::filesystem;

namespace {

const fs::path kFullSizeManifest =
    fs::path(COSYSTUDIO_FIXTURES_DIR) / "core" / "manifest-full-size.json";

// Writes a flow.pt with every key of the released file, each tensor made by `make(key, shape)`.
fs::path writeFullSizeFlow(const std::string& name,
                           const std::function<at::Tensor(const std::string&, at::IntArrayRef)>& make) {
  std::ifstream in(kFullSizeManifest);
  const auto manifest = nlohmann::json::parse(in);
  c10::Dict<std::string, at::Tensor> dict;
  for (const auto& [key, info] : manifest.at("modules").at("flow").at("state_dict").items()) {
    const auto shape = info.at("shape").get<std::vector<int64_t>>();
    dict.insert(key, make(key, shape));
  }
  // As torch.save writes it: a plain dict, no TorchScript type tags.
  std::string pickle;
  torch::jit::Pickler pickler([&](const char* bytes, size_t size) { pickle.append(bytes, size); },
                              nullptr, nullptr, nullptr, nullptr, /*tag_aggregates=*/false);
  pickler.protocol();
  pickler.pushIValue(c10::IValue(dict));
  pickler.stop();
  const auto file = fs::temp_directory_path() / ("cosystudio_" + name + "_" + std::to_string(::getpid()) + ".pt");
  caffe2::serialize::PyTorchStreamWriter writer(file.string());
  torch::jit::writeArchiveAndTensors("data", pickle.data(), pickle.size(), pickler.tensorData(), writer);
  writer.writeEndOfFile();
  return file;
}

}  // namespace

TEST(FlowFullSize, ConfigDefaultsTakeExactlyTheReleasedKeys) {
  // One stored element broadcast to each shape keeps the file tiny.
  const auto file = writeFullSizeFlow("keys", [](const std::string&, at::IntArrayRef shape) {
    return at::zeros({1}).expand(shape);
  });
  EXPECT_NO_THROW(FlowDecoder::load(file, FlowConfig{}, {}));
  fs::remove(file);
}

TEST(FlowFullSize, DISABLED_BenchmarkCpu) {
  at::manual_seed(0);
  const auto file = writeFullSizeFlow("bench", [](const std::string& key, at::IntArrayRef shape) {
    if (key.find("inv_freq") != std::string::npos)
      return 1.0 / at::pow(10000.0, at::arange(0, 2 * shape[0], 2, at::kFloat) / (2.0 * shape[0]));
    if (shape.size() == 1) return 0.1 * at::randn(shape);
    return at::randn(shape) / std::sqrt(static_cast<double>(at::ones(shape).numel() / shape[0]));
  });
  const auto flow = FlowDecoder::load(file, FlowConfig{}, {});
  fs::remove(file);

  // COSYSTUDIO_BENCH_TOKENS new tokens (default 25 = 1 s of audio) after an
  // equally long prompt; the cost grows with prompt + new frames.
  const char* tokensVar = std::getenv("COSYSTUDIO_BENCH_TOKENS");
  const int64_t tokens = tokensVar ? std::atoll(tokensVar) : 25;
  FlowRequest r;
  r.promptTokens = at::randint(0, 6561, {tokens}, at::kLong);
  r.tokens = at::randint(0, 6561, {tokens}, at::kLong);
  r.promptMel = at::randn({2 * tokens, 80});
  r.speakerEmbedding = at::randn({192});
  const auto start = std::chrono::steady_clock::now();
  const auto mel = flow->inference(r);
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  const double seconds = static_cast<double>(mel.size(2)) / 50.0;
  std::printf("flow, %d threads: %.0f ms for %.1f s of audio (after a %.1f s prompt) = %.0f ms per second of audio\n",
              at::get_num_threads(), ms, seconds, seconds, ms / seconds);
  EXPECT_TRUE(mel.isfinite().all().item<bool>());
}
