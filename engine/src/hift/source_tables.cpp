#include "hift/source_tables.h"

#include <ATen/CPUGeneratorImpl.h>

#include <algorithm>
#include <stdexcept>
#include <string>

namespace cosystudio {

namespace {

// Rows drawn at least per extension, so streaming calls do not redraw every chunk.
constexpr int64_t kDrawGranularity = 24000;

// nn.Conv1d / nn.Linear reset_parameters: kaiming_uniform_ weight, uniform_ bias.
// The bounds do not change how many numbers are drawn.
void initLayer(at::IntArrayRef weightShape, int64_t outFeatures, at::Generator& gen) {
  at::empty(weightShape).uniform_(-1, 1, gen);
  at::empty({outFeatures}).uniform_(-1, 1, gen);
}

}  // namespace

SourceTables SourceTables::replay(const SourceTableRecipe& r, int64_t dim, int64_t maxSamples) {
  at::Generator gen = at::detail::createCPUGenerator(r.seed);
  at::randn({1, r.cfmNoiseChannels, r.cfmNoiseFrames}, gen);
  at::empty({r.speechTokenVocab, r.flowInputSize}).normal_(0, 1, gen);
  initLayer({r.flowOutputSize, r.speakerEmbedDim}, r.flowOutputSize, gen);
  initLayer({r.f0CondChannels, r.f0InChannels, 4}, r.f0CondChannels, gen);
  for (int i = 0; i < 4; ++i) initLayer({r.f0CondChannels, r.f0CondChannels, 3}, r.f0CondChannels, gen);
  initLayer({r.f0NumClass, r.f0CondChannels}, r.f0NumClass, gen);

  SourceTables tables;
  tables.initialPhase_ = at::rand({1, dim}, gen);
  tables.initialPhase_.select(1, 0).zero_();
  tables.noise_ = at::empty({1, 0, dim});
  tables.maxSamples_ = maxSamples;
  tables.generator_ = std::move(gen);
  return tables;
}

SourceTables SourceTables::fixed(const at::Tensor& initialPhase, const at::Tensor& noise) {
  if (initialPhase.dim() != 2 || initialPhase.size(0) != 1 || noise.dim() != 3 || noise.size(0) != 1 ||
      noise.size(2) != initialPhase.size(1))
    throw std::invalid_argument("source tables: expected initial phases (1, dim) and noise (1, N, dim), got " +
                                c10::str(initialPhase.sizes()) + " and " + c10::str(noise.sizes()));
  SourceTables tables;
  tables.initialPhase_ = initialPhase.to(at::kCPU, at::kFloat).contiguous();
  tables.noise_ = noise.to(at::kCPU, at::kFloat).contiguous();
  tables.maxSamples_ = noise.size(1);
  return tables;
}

SourceTables::SourceTables(SourceTables&& other) noexcept
    : initialPhase_(std::move(other.initialPhase_)),
      noise_(std::move(other.noise_)),
      deviceNoise_(std::move(other.deviceNoise_)),
      maxSamples_(other.maxSamples_),
      generator_(std::move(other.generator_)) {}

void SourceTables::drawUpTo(int64_t samples) {
  const int64_t have = noise_.size(1);
  const int64_t want = std::min(maxSamples_, std::max(samples, have + kDrawGranularity));
  // uniform_ draws serially, so appending continues the official table exactly.
  noise_ = at::cat({noise_, at::rand({1, want - have, noise_.size(2)}, *generator_)}, 1);
}

at::Tensor SourceTables::noise(int64_t samples, const at::Device& device) {
  if (samples > maxSamples_)
    throw std::invalid_argument("HiFT source: " + std::to_string(samples) + " samples exceed the noise table of " +
                                std::to_string(maxSamples_) + " samples");
  std::lock_guard<std::mutex> lock(mutex_);
  if (samples > noise_.size(1)) {
    drawUpTo(samples);
    deviceNoise_ = at::Tensor();
  }
  if (!deviceNoise_.defined() || deviceNoise_.device() != device) deviceNoise_ = noise_.to(device);
  return deviceNoise_.narrow(1, 0, samples);
}

}  // namespace cosystudio
