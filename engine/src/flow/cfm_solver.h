// CausalConditionalCFM's sampler: a fixed-step Euler solve of the flow ODE
// from the model's fixed noise, with classifier-free guidance.
//
//   t_span = 1 − cos(linspace(0, 1, n+1) · π/2)       (float32)
//   x = noise[:, :, :T]
//   each step: v_c, v_u = DiT([x, x], [mu, 0], [t, t], [spk, 0], [cond, 0])
//              x += dt · ((1 + cfg) · v_c − cfg · v_u) ; t += dt ; dt = t_span[step+1] − t
//
// The noise is the table the official constructor draws once (manual_seed(0),
// randn(1, 80, 15000)); every call uses its prefix, which keeps streaming
// chunks consistent with each other and makes outputs reproducible.
#pragma once

#include "flow/dit.h"
#include "flow/flow_config.h"

#include <ATen/ATen.h>

#include <cstddef>
#include <functional>
#include <memory>
#include <vector>

namespace cosystudio {

// One estimator call of the solver (batch of 2: conditional, unconditional).
struct EstimatorCall {
  int step;  // 0-based Euler step
  const at::Tensor& x;
  const at::Tensor& mu;
  const at::Tensor& t;
  const at::Tensor& spks;
  const at::Tensor& cond;
  const at::Tensor& velocity;  // raw estimator output before guidance
};
using EstimatorObserver = std::function<void(const EstimatorCall&)>;

// What the caller hears of a solve as it runs: after each Euler step (0-based)
// its progress, then a chance to stop (true throws Cancelled).
struct SolverSteps {
  std::function<void(int step)> onStep;
  std::function<bool()> shouldStop;
};

// The official fixed noise table (1, melDim, frames), drawn on libtorch's CPU
// generator seeded with 0, independent of the global generator.
at::Tensor officialCfmNoise(int64_t melDim, int64_t frames);

// On a CUDA device the estimator call is recorded as a CUDA graph per length
// bucket (compat::GraphedSteps) and replayed at every step and solve of that
// bucket: the sequence is padded to the bucket and masked (DiT::prepare), so
// the frames of the solve come out as an unpadded solve makes them. The graphs
// of the buckets used last are kept, with the inputs they read. A CPU solve in
// bf16 is padded to buckets too, finer ones (cpuShapeBucket).
class CfmSolver {
 public:
  // The estimator must outlive the solver.
  CfmSolver(const DiT& estimator, const FlowConfig& config);
  ~CfmSolver();
  CfmSolver(const CfmSolver&) = delete;
  CfmSolver& operator=(const CfmSolver&) = delete;

  // mu, cond: (1, mel, T) float32; spks: (1, mel). Returns the mel (1, mel, T)
  // float32. Throws std::invalid_argument when T exceeds the noise table.
  // paddedFrames > T runs the estimator at that length; 0: at the bucket on a
  // device whose estimator calls are replayed graphs, or at cpuShapeBucket(T)
  // for a bf16 estimator on the CPU (either where no observer looks), else at T.
  at::Tensor solve(const at::Tensor& mu, const at::Tensor& spks, const at::Tensor& cond, bool streaming,
                   const SolverSteps& steps = {}, const EstimatorObserver& observer = {},
                   int64_t paddedFrames = 0) const;

  int64_t maxFrames() const { return noise_.size(2); }

  // The graphs' length buckets: multiples of this many frames (5 s of mel).
  static constexpr int64_t kBucketFrames = 250;
  // The length a CPU solve in bf16 runs at: oneDNN, which runs the CPU's bf16
  // products and convolutions, compiles and keeps kernels for every new shape,
  // so every length a solve meets would keep its own (0.4 GB more over 800
  // requests of 79 lengths: docs/PERFORMANCE.md, "bf16's flow on AMX").
  // Rounded up to a multiple of an eighth of the length's power of two (at
  // least 16 frames), a solve is at most an eighth longer, and eight lengths
  // cover each octave.
  static int64_t cpuShapeBucket(int64_t frames);
  // The graphs kept: those of the 16 buckets used last, as long as their
  // inputs take 256 MiB at most (the newest bucket's stay whatever their
  // size: its solve needs them). A bucket's (L×L) attention mask is nearly
  // all of them: 1.9 MiB in bf16 at L = 1000 (20 s of mel), 75 MiB at 6250,
  // twice that in fp32.
  static constexpr std::size_t kKeptBuckets = 16;
  static constexpr std::size_t kKeptBucketBytes = std::size_t(256) << 20;

 private:
  struct Graphs;
  // Each Euler step's time and step size, and the estimator's conditioning
  // on that time: the same every solve.
  struct Step {
    float t, dt;
    DiT::TimeConditioning time;
  };
  at::Tensor estimate(const Step& step, const at::Tensor& x, const at::Tensor& mu, const at::Tensor& t,
                      const at::Tensor& spks, const at::Tensor& cond, const DiT::Sequence& sequence) const;

  // (conditional, unconditional) at time t, float32 on the estimator's device.
  at::Tensor batchTime(float t) const { return at::full({2}, t, noise_.options()); }

  const DiT& estimator_;
  std::unique_ptr<Graphs> graphs_;
  double cfgRate_;
  at::Tensor noise_;             // on the estimator's device, float32
  std::vector<Step> steps_;
};

}  // namespace cosystudio
