#include "flow/flow_decoder.h"

#include <stdexcept>
#include <string>

namespace cosystudio {

namespace {

at::TensorOptions floatOn(const at::Device& device) {
  return at::TensorOptions(at::kFloat).device(device);
}

void requireShape(const at::Tensor& t, const char* name, at::IntArrayRef shape) {
  if (!t.defined() || t.sizes() != shape) {
    std::string got = t.defined() ? c10::str(t.sizes()) : "undefined";
    throw std::invalid_argument(std::string("flow: ") + name + " has shape " + got +
                                ", expected " + c10::str(shape));
  }
}

}  // namespace

FlowDecoder::FlowDecoder(StateDict& weights, const FlowConfig& config, const Options& options)
    : config_(config),
      options_(options),
      preLookahead_(weights, "pre_lookahead_layer.", config, floatOn(options.device)),
      estimator_(weights, "decoder.estimator.", config,
                 at::TensorOptions(options.estimatorDtype).device(options.device)),
      solver_(estimator_, config) {
  const auto fp32 = floatOn(options.device);
  tokenEmbedding_ = weights.take("input_embedding.weight", {config.vocabSize, config.melDim}).to(fp32);
  speakerWeight_ =
      weights.take("spk_embed_affine_layer.weight", {config.melDim, config.speakerEmbedDim}).to(fp32);
  speakerBias_ = weights.take("spk_embed_affine_layer.bias", {config.melDim}).to(fp32);
  weights.finish();
  if (options.int8Linears) estimator_.quantizeLinears();
  if (options.estimatorDtype == at::kBFloat16 && options.device.is_cpu() && oneDnnPacksBf16())
    estimator_.packLinearsForOneDnn();
}

std::unique_ptr<FlowDecoder> FlowDecoder::load(const std::filesystem::path& flowPt,
                                               const FlowConfig& config, const Options& options) {
  StateDictOptions loadOptions;
  loadOptions.device = options.device;
  StateDict weights = StateDict::load(flowPt, loadOptions);
  return std::make_unique<FlowDecoder>(weights, config, options);
}

at::Tensor FlowDecoder::tokenIds(const FlowRequest& request) const {
  for (const auto* ids : {&request.promptTokens, &request.tokens}) {
    if (ids->defined() && (ids->dim() != 1 || !at::isIntegralType(ids->scalar_type(), false)))
      throw std::invalid_argument("flow: token ids must be a 1-D integer tensor, got shape " +
                                  c10::str(ids->sizes()));
  }
  if (!request.tokens.defined() || request.tokens.numel() == 0)
    throw std::invalid_argument("flow: empty token sequence");
  const int64_t promptLength = request.promptTokens.defined() ? request.promptTokens.numel() : 0;
  const auto ids = promptLength ? at::cat({request.promptTokens.to(at::kCPU, at::kLong),
                                           request.tokens.to(at::kCPU, at::kLong)})
                                : request.tokens.to(at::kCPU, at::kLong);

  const auto outside = (ids < 0).logical_or(ids >= config_.vocabSize);
  if (outside.any().item<bool>()) {
    const int64_t position = outside.nonzero()[0][0].item<int64_t>();
    const std::string where = position < promptLength
                                   ? "prompt token " + std::to_string(position)
                                   : "token " + std::to_string(position - promptLength);
    throw std::invalid_argument("flow: speech token id " + std::to_string(ids[position].item<int64_t>()) +
                                " (" + where + ") is outside the vocabulary [0, " +
                                std::to_string(config_.vocabSize) + ")");
  }
  return ids;
}

at::Tensor FlowDecoder::inference(const FlowRequest& request, FlowTrace* trace) const {
  const auto ids = tokenIds(request);
  const int64_t lookahead = config_.preLookaheadLen;
  const int64_t kept = request.finalize ? ids.numel() : ids.numel() - lookahead;
  if (kept < 1)
    throw std::invalid_argument("flow: a non-final chunk needs more than " + std::to_string(lookahead) +
                                " tokens, got " + std::to_string(ids.numel()));
  const int64_t frames = kept * config_.tokenMelRatio;
  if (!request.promptMel.defined() || request.promptMel.dim() != 2 ||
      request.promptMel.size(1) != config_.melDim)
    throw std::invalid_argument("flow: prompt mel must be (frames, " + std::to_string(config_.melDim) +
                                ")");
  const int64_t promptFrames = request.promptMel.size(0);
  if (promptFrames > frames)
    throw std::invalid_argument("flow: prompt mel has " + std::to_string(promptFrames) +
                                " frames but prompt + tokens cover only " + std::to_string(frames));
  if (frames > solver_.maxFrames())
    throw std::invalid_argument("flow: prompt + tokens need " + std::to_string(frames) +
                                " mel frames; the fixed noise table holds " +
                                std::to_string(solver_.maxFrames()));
  requireShape(request.speakerEmbedding, "speaker embedding", {config_.speakerEmbedDim});

  const auto fp32 = floatOn(options_.device);
  const auto embedding = request.speakerEmbedding.to(fp32).unsqueeze(0);
  const auto normalized = embedding / embedding.norm(2, {1}, true).clamp_min(1e-12);
  const auto spks = at::linear(normalized, speakerWeight_, speakerBias_);

  const auto tokens = at::embedding(tokenEmbedding_, ids.to(options_.device)).unsqueeze(0);
  const auto h = request.finalize
                     ? preLookahead_.forward(tokens)
                     : preLookahead_.forward(tokens.narrow(1, 0, kept), tokens.narrow(1, kept, lookahead));
  const auto mu = h.repeat_interleave(config_.tokenMelRatio, 1).transpose(1, 2).contiguous();

  auto cond = at::zeros({1, config_.melDim, frames}, fp32);
  cond.narrow(2, 0, promptFrames).copy_(request.promptMel.to(fp32).transpose(0, 1).unsqueeze(0));

  if (trace) {
    trace->preLookahead = h;
    trace->mu = mu;
    trace->cond = cond;
    trace->spks = spks;
  }
  const auto mel = solver_.solve(mu, spks, cond, request.streaming, request.steps,
                                 trace ? trace->onEstimatorCall : EstimatorObserver{});
  return mel.narrow(2, promptFrames, frames - promptFrames);
}

}  // namespace cosystudio
