// CosyVoice3's flow (`CausalMaskedDiffWithDiT.inference`): speech tokens plus
// the prompt's mel and speaker embedding -> mel spectrogram of the new tokens.
//
//   spk  = Linear(192 -> 80)(normalize(embedding))
//   e    = Embedding(vocab, 80)(prompt_tokens ++ tokens)
//   h    = PreLookahead(e)  (not final: the last 3 tokens serve only as look-ahead)
//   mu   = repeat_interleave(h, 2)          (1, 80, T), T = 2·N'
//   cond = prompt mel in frames [0, M1), zeros after
//   mel  = CFM(mu, spk, cond)[:, :, M1:]
#pragma once

#include "flow/cfm_solver.h"
#include "flow/dit.h"
#include "flow/flow_config.h"
#include "flow/pre_lookahead.h"
#include "model/state_dict.h"

#include <ATen/ATen.h>

#include <filesystem>
#include <memory>

namespace cosystudio {

struct FlowRequest {
  at::Tensor promptTokens;      // (P) integer ids, may be empty
  at::Tensor tokens;            // (S) integer ids of the speech to render, S >= 1
  at::Tensor promptMel;         // (M1, mel) float, time-major as the frontend returns it
  at::Tensor speakerEmbedding;  // (192) CAM++ embedding
  bool streaming = false;       // chunk-causal attention
  bool finalize = true;         // false: the last preLookaheadLen tokens are look-ahead only
  SolverSteps steps;            // progress and cancel at every Euler step
};

// Intermediate values of one inference, for parity checks.
struct FlowTrace {
  at::Tensor preLookahead;  // (1, N', mel)
  at::Tensor mu, cond;      // (1, mel, T)
  at::Tensor spks;          // (1, mel)
  EstimatorObserver onEstimatorCall;
};

class FlowDecoder {
 public:
  struct Options {
    at::Device device = at::kCPU;
    at::ScalarType estimatorDtype = at::kFloat;  // the DiT's weights and activations
    bool int8Linears = false;  // DiT::quantizeLinears() (int8LinearProblem() must be empty)
  };

  // Takes every flow weight from `weights` and calls finish() on it.
  FlowDecoder(StateDict& weights, const FlowConfig& config, const Options& options);
  static std::unique_ptr<FlowDecoder> load(const std::filesystem::path& flowPt,
                                           const FlowConfig& config, const Options& options);
  FlowDecoder(const FlowDecoder&) = delete;
  FlowDecoder& operator=(const FlowDecoder&) = delete;

  // Returns the mel of the new frames, (1, mel, 2·N' − M1) float32. Throws
  // std::invalid_argument on ids outside the vocabulary, an empty token
  // sequence, a prompt mel longer than the sequence, or more frames than the
  // fixed noise table holds.
  at::Tensor inference(const FlowRequest& request, FlowTrace* trace = nullptr) const;

  const FlowConfig& config() const { return config_; }
  // How many speech tokens can follow `promptTokens` before prompt + tokens
  // need more mel frames than the fixed noise table holds (≤ 0: none).
  int64_t maxSpeechTokens(int64_t promptTokens) const {
    return solver_.maxFrames() / config_.tokenMelRatio - promptTokens;
  }

 private:
  at::Tensor tokenIds(const FlowRequest& request) const;

  FlowConfig config_;
  Options options_;
  at::Tensor tokenEmbedding_;                    // (vocab, mel)
  at::Tensor speakerWeight_, speakerBias_;       // (mel, 192), (mel)
  PreLookaheadLayer preLookahead_;
  DiT estimator_;
  CfmSolver solver_;  // refers to estimator_
};

}  // namespace cosystudio
