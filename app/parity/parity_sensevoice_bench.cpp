// cosystudio-parity sensevoice-bench <recogniser-folder>: how long the
// recogniser takes to listen to 5, 10 and 20 s of audio (a fixed synthetic
// signal: the random-weight folder of scripts/fixtures/make_sensevoice_sets.py
// --full-size-random hears nothing in speech either), after loading it, on
// the CPU and, where there is one, the GPU.
#include "audio_onnx.h"
#include "registry.h"

#include "asr/sensevoice.h"

#include <cmath>
#include <cstdio>

namespace cosystudio::parity {
namespace {

// A voiced-sounding signal: three partials with a slow vibrato, and noise.
at::Tensor testSignal(double seconds) {
  const int64_t n = int64_t(seconds * 16000);
  const auto t = at::arange(n, at::kDouble) / 16000.0;
  const auto f0 = 140.0 + 20.0 * at::sin(2 * M_PI * 0.7 * t);
  const auto phase = 2 * M_PI * at::cumsum(f0, 0) / 16000.0;
  auto x = 0.3 * at::sin(phase) + 0.15 * at::sin(2 * phase) + 0.08 * at::sin(3 * phase);
  at::manual_seed(7);
  x = x + 0.01 * at::randn({n}, at::kDouble);
  return x.to(at::kFloat);
}

int runSenseVoiceBench(const std::filesystem::path& folder, const RunOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  const asr::SenseVoice model(folder, options.device);
  std::printf("sensevoice load on %s: %.1f ms\n", options.device.str().c_str(),
              std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  for (const double seconds : {5.0, 10.0, 20.0}) {
    const auto speech = testSignal(seconds);
    benchmark("sensevoice " + std::to_string(int(seconds)) + " s on " + options.device.str(), 5,
              [&] { (void)model.recognize(speech, "auto", false); });
  }
  return 0;
}

const Registration reg("sensevoice-bench",
                       "recogniser speed on 5, 10 and 20 s of audio; takes a recogniser folder, e.g. the full-size "
                       "random one",
                       &runSenseVoiceBench);

}  // namespace
}  // namespace cosystudio::parity
