#include "flow/cfm_solver.h"

#include "cosystudio/engine.h"

#include <ATen/CPUGeneratorImpl.h>

#include <cmath>
#include <stdexcept>
#include <string>

namespace cosystudio {

namespace {
constexpr double kPi = 3.14159265358979323846;
}  // namespace

at::Tensor officialCfmNoise(int64_t melDim, int64_t frames) {
  at::Generator generator = at::detail::createCPUGenerator(0);
  return at::randn({1, melDim, frames}, generator, at::TensorOptions(at::kFloat));
}

CfmSolver::CfmSolver(const DiT& estimator, const FlowConfig& config)
    : estimator_(estimator), cfgRate_(config.cfgRate) {
  noise_ = officialCfmNoise(config.melDim, config.noiseFrames).to(estimator.options().device());
  const auto span =
      1 - at::cos(at::linspace(0, 1, config.timesteps + 1, at::kFloat) * 0.5 * kPi);
  timeSpan_.assign(span.data_ptr<float>(), span.data_ptr<float>() + span.numel());
}

at::Tensor CfmSolver::solve(const at::Tensor& mu, const at::Tensor& spks, const at::Tensor& cond, bool streaming,
                            const SolverSteps& steps, const EstimatorObserver& observer) const {
  const int64_t frames = mu.size(2);
  if (frames > maxFrames())
    throw std::invalid_argument("flow: " + std::to_string(frames) +
                                " mel frames (prompt + generated) exceed the fixed noise table of " +
                                std::to_string(maxFrames()) + " frames");
  // The unconditional half of the batch sees zeros for mu, speaker and prompt mel.
  const auto muIn = at::cat({mu, at::zeros_like(mu)});
  const auto spksIn = at::cat({spks, at::zeros_like(spks)});
  const auto condIn = at::cat({cond, at::zeros_like(cond)});
  const auto sequence = estimator_.prepare(frames, streaming);

  at::Tensor x = noise_.narrow(2, 0, frames);
  const int stepCount = static_cast<int>(timeSpan_.size()) - 1;
  float t = timeSpan_[0];
  float dt = timeSpan_[1] - timeSpan_[0];
  for (int step = 1; step <= stepCount; ++step) {
    const auto xIn = at::cat({x, x});
    const auto tIn = at::full({2}, t, mu.options());
    const auto velocity = estimator_.forward(xIn, muIn, tIn, spksIn, condIn, sequence);
    if (observer) observer({step - 1, xIn, muIn, tIn, spksIn, condIn, velocity});
    if (steps.onStep) steps.onStep(step - 1);
    if (steps.shouldStop && steps.shouldStop()) throw Cancelled();
    const auto guided = velocity[0] * (1.0 + cfgRate_) - velocity[1] * cfgRate_;
    x = x + guided.unsqueeze(0) * static_cast<double>(dt);
    // t is accumulated and dt re-derived from the schedule, as the official loop does.
    t = t + dt;
    if (step < stepCount) dt = timeSpan_[step + 1] - t;
  }
  return x;
}

}  // namespace cosystudio
