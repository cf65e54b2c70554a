#include "flow/cfm_solver.h"

#include "cosystudio/errors.h"
#include "cosystudio/recent_cache.h"
#include "core/cuda_graphs.h"
#include "core/torch_compat.h"

#include <ATen/CPUGeneratorImpl.h>

#include <algorithm>
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

// The estimator's inputs at fixed addresses, per bucket and mask, that a
// recorded graph reads: each call copies its inputs in, then replays. Those of
// the buckets used last are kept, with their graphs (cfm_solver.h says how
// many); a bucket's (L×L) attention mask is nearly all of its bytes.
struct CfmSolver::Graphs {
  struct Inputs {
    at::Tensor x, mu, t, spks, cond;
    DiT::Sequence sequence;

    std::size_t bytes() const {
      std::size_t total = 0;
      for (const at::Tensor* tensor : {&x, &mu, &t, &spks, &cond, &sequence.ropeCos, &sequence.ropeSinSigned,
                                       &sequence.attentionMask})
        if (tensor->defined()) total += tensor->nbytes();
      return total;
    }
  };
  RecentCache<int64_t, Inputs> inputs{kKeptBuckets, kKeptBucketBytes};
  compat::GraphedSteps steps{"the flow estimator"};
};

CfmSolver::CfmSolver(const DiT& estimator, const FlowConfig& config)
    : estimator_(estimator), graphs_(std::make_unique<Graphs>()), cfgRate_(config.cfgRate) {
  noise_ = officialCfmNoise(config.melDim, config.noiseFrames).to(estimator.options().device());
  const auto span =
      1 - at::cos(at::linspace(0, 1, config.timesteps + 1, at::kFloat) * 0.5 * kPi);
  const std::vector<float> timeSpan(span.data_ptr<float>(), span.data_ptr<float>() + span.numel());
  // t is accumulated and dt re-derived from the schedule, as the official loop does.
  float t = timeSpan[0];
  float dt = timeSpan[1] - timeSpan[0];
  for (size_t step = 1; step < timeSpan.size(); ++step) {
    steps_.push_back({t, dt, estimator.timeConditioning(batchTime(t))});
    t = t + dt;
    if (step + 1 < timeSpan.size()) dt = timeSpan[step + 1] - t;
  }
}

CfmSolver::~CfmSolver() = default;

at::Tensor CfmSolver::estimate(const Step& step, const at::Tensor& x, const at::Tensor& mu, const at::Tensor& t,
                               const at::Tensor& spks, const at::Tensor& cond, const DiT::Sequence& sequence) const {
  const at::Device device = x.device();
  if (!graphs_->steps.replays(device)) {
    graphs_->inputs.clear();  // the graphs are given up (or never were): nothing reads them
    return estimator_.forward(x, mu, step.time, spks, cond, sequence);
  }
  const int64_t key = sequence.frames * 2 + (sequence.attentionMask.defined() ? 1 : 0);
  Graphs::Inputs* kept = graphs_->inputs.find(key);
  if (!kept) {
    Graphs::Inputs made{x.clone(), mu.clone(), t.clone(), spks.clone(), cond.clone(), sequence};
    if (sequence.attentionMask.defined()) made.sequence.attentionMask = sequence.attentionMask.clone();
    const std::size_t bytes = made.bytes();
    kept = &graphs_->inputs.insert(key, std::move(made), bytes);
    // The graphs of the buckets this dropped read inputs that are gone.
    graphs_->steps.retain([this](int64_t bucket) { return graphs_->inputs.contains(bucket); });
  }
  Graphs::Inputs& in = *kept;
  in.x.copy_(x);
  in.mu.copy_(mu);
  in.t.copy_(t);
  in.spks.copy_(spks);
  in.cond.copy_(cond);
  if (sequence.attentionMask.defined()) in.sequence.attentionMask.copy_(sequence.attentionMask);
  // The output is the graph's, rewritten by its next replay: the caller's copy is its own.
  const auto record = [&] { return estimator_.forward(in.x, in.mu, in.t, in.spks, in.cond, in.sequence); };
  return graphs_->steps.run(key, device, record).clone();
}

int64_t CfmSolver::cpuShapeBucket(int64_t frames) {
  int64_t octave = 1;
  while (octave * 2 <= frames) octave *= 2;
  const int64_t step = std::max<int64_t>(16, octave / 8);
  return (frames + step - 1) / step * step;
}

at::Tensor CfmSolver::solve(const at::Tensor& mu, const at::Tensor& spks, const at::Tensor& cond, bool streaming,
                            const SolverSteps& steps, const EstimatorObserver& observer, int64_t paddedFrames) const {
  const int64_t frames = mu.size(2);
  if (frames > maxFrames())
    throw std::invalid_argument("flow: " + std::to_string(frames) +
                                " mel frames (prompt + generated) exceed the fixed noise table of " +
                                std::to_string(maxFrames()) + " frames");
  // Padded to a bucket where graphs replay or oneDNN keeps kernels per shape, unless an observer (the parity
  // tool) compares the steps' tensors.
  const bool cpuReduced = mu.device().is_cpu() && c10::typeMetaToScalarType(estimator_.options().dtype()) != at::kFloat;
  if (paddedFrames == 0 && !observer && graphs_->steps.replays(mu.device()))
    paddedFrames = std::min(maxFrames(), (frames + kBucketFrames - 1) / kBucketFrames * kBucketFrames);
  else if (paddedFrames == 0 && !observer && cpuReduced)
    paddedFrames = cpuShapeBucket(frames);
  const int64_t length = std::max(frames, std::min(paddedFrames, maxFrames()));
  const auto padded = [&](const at::Tensor& tensor) { return at::constant_pad_nd(tensor, {0, length - frames}, 0.0); };
  // The unconditional half of the batch sees zeros for mu, speaker and prompt mel.
  const auto muIn = padded(at::cat({mu, at::zeros_like(mu)}));
  const auto spksIn = at::cat({spks, at::zeros_like(spks)});
  const auto condIn = padded(at::cat({cond, at::zeros_like(cond)}));
  const auto sequence = estimator_.prepare(frames, streaming, length);

  at::Tensor x = noise_.narrow(2, 0, length);
  for (size_t i = 0; i < steps_.size(); ++i) {
    const Step& step = steps_[i];
    const auto xIn = at::cat({x, x});
    const auto tIn = batchTime(step.t);
    const auto velocity = estimate(step, xIn, muIn, tIn, spksIn, condIn, sequence);
    if (observer) observer({static_cast<int>(i), xIn, muIn, tIn, spksIn, condIn, velocity});
    if (steps.onStep) steps.onStep(static_cast<int>(i));
    if (steps.shouldStop && steps.shouldStop()) throw Cancelled();
    const auto guided = velocity[0] * (1.0 + cfgRate_) - velocity[1] * cfgRate_;
    x = x + guided.unsqueeze(0) * static_cast<double>(step.dt);
  }
  return length == frames ? x : x.narrow(2, 0, frames).contiguous();
}

}  // namespace cosystudio
