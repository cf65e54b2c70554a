#include "llm/ras_sampler.h"

#include <ATen/CPUGeneratorImpl.h>

#include <algorithm>
#include <limits>

namespace cosystudio {

int64_t GreedySampler::sample(at::Tensor& logp, const std::vector<int64_t>&) {
  return logp.argmax().item<int64_t>();
}

RasSampler::RasSampler(const RasSamplingConfig& config, uint64_t seed)
    : config_(config), generator_(at::make_generator<at::CPUGeneratorImpl>(seed)) {}

int64_t RasSampler::draw(Draw kind, const at::Tensor& weights, const at::Tensor& tokens) {
  if (hook_) return hook_(kind, weights, tokens);
  return at::multinomial(weights, 1, true, generator_).item<int64_t>();
}

int64_t RasSampler::sample(at::Tensor& logp, const std::vector<int64_t>& decoded) {
  // nucleus_sampling: the running sum is an fp32 tensor compared with top_p in fp32.
  const auto [sorted, order] = at::sort(at::softmax(logp, 0), true, 0, true);
  const auto values = sorted.accessor<float, 1>();
  const float topP = static_cast<float>(config_.topP);
  float cumulative = 0;
  int64_t count = 0;
  while (count < values.size(0) && cumulative < topP && count < config_.topK) cumulative += values[count++];
  const at::Tensor candidates = order.narrow(0, 0, count);
  int64_t token = candidates[draw(Draw::Nucleus, sorted.narrow(0, 0, count), candidates)].item<int64_t>();

  // Repetition check over the last win_size outputs.
  const auto window = decoded.end() - std::min<int64_t>(decoded.size(), config_.winSize);
  const auto repeats = std::count(window, decoded.end(), token);
  if (static_cast<double>(repeats) >= static_cast<double>(config_.winSize) * config_.tauR) {
    logp[token] = -std::numeric_limits<float>::infinity();
    // Every id is a candidate here: the index drawn is the token.
    token = draw(Draw::Fallback, at::softmax(logp, 0), hook_ ? at::arange(logp.size(0)) : at::Tensor());
  }
  return token;
}

}  // namespace cosystudio
