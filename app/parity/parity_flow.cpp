// cosystudio-parity flow <set-dir>: the flow (token embedding, pre-lookahead,
// DiT estimator, CFM solver) against the official CausalMaskedDiffWithDiT on
// the set's `flow.pt`, for the non-streaming, streaming-final and
// streaming-non-final runs recorded in `tensors.pt`.
#include "registry.h"
#include "report.h"
#include "tolerances.h"

#include "flow/flow_decoder.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <map>
#include <stdexcept>
#include <vector>

namespace cosystudio::parity {
namespace {

constexpr double kTolerance = 1e-4;  // README: flow intermediates and output mel

FlowConfig flowConfig(const nlohmann::json& flow) {
  const auto& c = flow.at("config");
  const auto& dit = c.at("dit");
  FlowConfig config;
  config.vocabSize = c.at("vocab_size");
  config.melDim = c.at("input_size");
  config.speakerEmbedDim = c.at("spk_embed_dim");
  config.tokenMelRatio = c.at("token_mel_ratio");
  config.preLookaheadLen = c.at("pre_lookahead_len");
  config.preLookaheadChannels = c.at("pre_lookahead_channels");
  config.chunkTokens = dit.at("chunk_size");
  config.ditDim = dit.at("dim");
  config.ditDepth = dit.at("depth");
  config.ditHeads = dit.at("heads");
  config.ditDimHead = dit.at("dim_head");
  config.ditFfMult = dit.at("ff_mult");
  config.cfgRate = c.at("cfm").at("inference_cfg_rate");
  config.timesteps = flow.at("n_timesteps");
  for (const char* key : {"mel_dim", "mu_dim", "spk_dim", "out_channels"})
    if (dit.at(key) != c.at("input_size"))
      throw std::runtime_error(std::string("manifest: flow dit.") + key +
                               " differs from input_size; the engine assumes one mel width");
  return config;
}

struct Run {
  const char* name;
  bool streaming;
  bool finalize;
};

// Everything the engine computes that a run's golden data may hold, by the
// golden name's suffix.
std::map<std::string, at::Tensor> runFlow(const FlowDecoder& flow, const FlowRequest& request,
                                          at::Tensor& outMel) {
  std::map<std::string, at::Tensor> got;
  std::vector<at::Tensor> states, times;
  FlowTrace trace;
  trace.onEstimatorCall = [&](const EstimatorCall& call) {
    states.push_back(call.x[0].clone());
    times.push_back(call.t.clone());
    if (call.step == 0) {
      got["noise_z"] = call.x.narrow(0, 0, 1).clone();
      got["est_step0.x"] = call.x.clone();
      got["est_step0.mu"] = call.mu.clone();
      got["est_step0.cond"] = call.cond.clone();
      got["est_step0.spks"] = call.spks.clone();
      got["est_step0.t"] = call.t.clone();
      got["est_step0.out"] = call.velocity.clone();
    }
    got["est_last.out"] = call.velocity.clone();
  };
  outMel = flow.inference(request, &trace);
  got["pre_lookahead_out"] = trace.preLookahead;
  got["mu"] = trace.mu;
  got["cond"] = trace.cond;
  got["spks"] = trace.spks;
  got["est_x_per_step"] = at::stack(states);
  got["t_in"] = at::stack(times);
  got["out_mel"] = outMel;
  return got;
}

int runFlowParity(const std::filesystem::path& setDir, const RunOptions& options) {
  std::ifstream manifestFile(setDir / "manifest.json");
  if (!manifestFile) throw std::runtime_error("cannot open " + (setDir / "manifest.json").string());
  const auto manifest = nlohmann::json::parse(manifestFile);
  const auto& flowManifest = manifest.at("modules").at("flow");
  const FlowConfig config = flowConfig(flowManifest);

  const GoldenTensors golden(setDir / manifest.value("tensors_file", std::string("tensors.pt")));
  const NetworkNumerics numerics = options.numerics(ReducedNetwork::Flow);
  const auto flow = FlowDecoder::load(setDir / flowManifest.value("weights_file", std::string("flow.pt")), config,
                                      FlowDecoder::Options{options.device, numerics.dtype, numerics.int8Linears});

  FlowRequest request;
  request.promptTokens = golden.at("flow.in.prompt_token").reshape({-1}).to(options.device);
  request.tokens = golden.at("flow.in.token").reshape({-1}).to(options.device);
  request.promptMel = golden.at("flow.in.prompt_feat").squeeze(0).to(options.device);
  request.speakerEmbedding = golden.at("flow.in.embedding").reshape({-1}).to(options.device);

  Report report;
  for (const char* input : {"flow.in.prompt_token", "flow.in.token", "flow.in.prompt_feat", "flow.in.embedding"})
    if (golden.has(input)) report.notCompared(input, "an input");
  for (const Run& run : {Run{"nonstream", false, true}, Run{"stream_final", true, true},
                         Run{"stream_nonfinal", true, false}}) {
    const std::string prefix = std::string("flow.") + run.name + ".";
    if (!golden.has(prefix + "out_mel")) {
      report.failure(prefix + "out_mel", "not in the golden tensors");
      continue;
    }
    request.streaming = run.streaming;
    request.finalize = run.finalize;
    try {
      at::Tensor outMel;
      auto computed = runFlow(*flow, request, outMel);
      // The engine decodes one unpadded sequence (prompt + new frames), so its
      // mask is all ones, for each row of the guidance batch at the estimator:
      // a golden with padding would differ.
      const int64_t frames = computed.at("mu").size(2);
      computed["mask"] = at::ones({1, 1, frames});
      computed["est_step0.mask"] = at::ones({computed.at("est_step0.x").size(0), 1, frames});
      report.compareRun(
          golden, prefix, computed,
          [&](const std::string& key, const std::string& name, const at::Tensor& got, const at::Tensor& expected) {
            if (name == "mask" || name == "est_step0.mask")
              report.exact(key, got, expected);
            else if (options.reduced())  // the estimator's rounding scales with each quantity's spread
              report.closeToRange(key, got, expected, reducedTolerances(options).ofRange);
            else
              report.close(key, got, expected, kTolerance);
          });
    } catch (const std::exception& e) {
      report.failure(prefix + "*", e.what());
    }
  }
  report.failUnreported(golden, "flow.");
  return report.finish();
}

const Registration reg("flow", "flow decoder: pre-lookahead, DiT estimator, Euler steps, mel",
                       &runFlowParity);

}  // namespace
}  // namespace cosystudio::parity
