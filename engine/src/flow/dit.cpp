#include "flow/dit.h"

#include "core/torch_compat.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cosystudio {

namespace {
constexpr int64_t kTimeFrequencyDim = 256;  // TimestepEmbedding's sinusoid width
constexpr double kTimeScale = 1000.0;       // SinusPositionEmbedding(scale=1000)
constexpr int64_t kPosConvKernel = 31;
constexpr int64_t kPosConvGroups = 16;
constexpr double kNormEps = 1e-6;

at::Tensor causalGroupedConv(const at::Tensor& x, const at::Tensor& weight, const at::Tensor& bias) {
  const int64_t one[] = {1}, zero[] = {0};
  return at::conv1d(at::constant_pad_nd(x, {kPosConvKernel - 1, 0}, 0.0), weight, bias,
                    at::IntArrayRef(one), at::IntArrayRef(zero), at::IntArrayRef(one), kPosConvGroups);
}
// Mish in float32: libtorch 1.13 has no reduced-precision CPU kernel for it.
at::Tensor mishInFloat(const at::Tensor& x) {
  return x.scalar_type() == at::kFloat ? at::mish(x) : at::mish(x.to(at::kFloat)).to(x.scalar_type());
}
}  // namespace

Linear DiT::linear(StateDict& weights, const std::string& key, int64_t out, int64_t in) const {
  // No copy where the file's dtype and device are the estimator's.
  return Linear(weights.take(key + ".weight", {out, in}).to(options_), weights.take(key + ".bias", {out}).to(options_));
}

Linear DiT::linear(StateDict& weights, std::initializer_list<std::string> keys, int64_t out, int64_t in) const {
  const auto count = static_cast<int64_t>(keys.size());
  // Each layer converted straight into its rows: no converted copy of it in between.
  auto weight = at::empty({count * out, in}, options_), bias = at::empty({count * out}, options_);
  int64_t row = 0;
  for (const std::string& key : keys) {
    weight.narrow(0, row, out).copy_(weights.take(key + ".weight", {out, in}));
    bias.narrow(0, row, out).copy_(weights.take(key + ".bias", {out}));
    row += out;
  }
  return Linear(weight, bias);
}

DiT::DiT(StateDict& weights, const std::string& prefix, const FlowConfig& config,
         const at::TensorOptions& options)
    : config_(config), options_(options), dtype_(at::typeMetaToScalarType(options.dtype())) {
  const int64_t dim = config.ditDim, mel = config.melDim;
  const int64_t inner = config.ditHeads * config.ditDimHead;

  // exp(-ln(10000)/(half-1) · i), in float32 as the official module computes it.
  const int64_t half = kTimeFrequencyDim / 2;
  timeFrequencies_ =
      at::exp(at::arange(half, at::kFloat) * (-std::log(10000.0) / static_cast<double>(half - 1)))
          .to(options.device());
  timeIn_ = linear(weights, prefix + "time_embed.time_mlp.0", dim, kTimeFrequencyDim);
  timeOut_ = linear(weights, prefix + "time_embed.time_mlp.2", dim, dim);

  inputProj_ = linear(weights, prefix + "input_embed.proj", dim, 4 * mel);
  const std::string pos = prefix + "input_embed.conv_pos_embed.";
  posConv1Weight_ = weights.take(pos + "conv1.0.weight", {dim, dim / kPosConvGroups, kPosConvKernel}).to(options);
  posConv1Bias_ = weights.take(pos + "conv1.0.bias", {dim}).to(options);
  posConv2Weight_ = weights.take(pos + "conv2.0.weight", {dim, dim / kPosConvGroups, kPosConvKernel}).to(options);
  posConv2Bias_ = weights.take(pos + "conv2.0.bias", {dim}).to(options);

  invFreq_ = weights.take(prefix + "rotary_embed.inv_freq", {config.ditDimHead / 2})
                 .to(options.device(), at::kFloat);

  const int64_t ffInner = dim * config.ditFfMult;
  for (int64_t i = 0; i < config.ditDepth; ++i) {
    const std::string b = prefix + "transformer_blocks." + std::to_string(i) + ".";
    blocks_.push_back({linear(weights, b + "attn_norm.linear", 6 * dim, dim),
                       linear(weights, {b + "attn.to_q", b + "attn.to_k", b + "attn.to_v"}, inner, dim),
                       linear(weights, b + "attn.to_out.0", dim, inner),
                       linear(weights, b + "ff.ff.0.0", ffInner, dim),
                       linear(weights, b + "ff.ff.2", dim, ffInner)});
  }
  normOut_ = linear(weights, prefix + "norm_out.linear", 2 * dim, dim);
  projOut_ = linear(weights, prefix + "proj_out", mel, dim);
}

void DiT::quantizeLinears() {
  for (Block& block : blocks_)
    for (Linear* linear : {&block.toQkv, &block.toOut, &block.ffIn, &block.ffOut}) linear->quantize();
}

void DiT::packLinearsForOneDnn() {
  for (Block& block : blocks_)
    for (Linear* linear : {&block.toQkv, &block.ffIn, &block.ffOut}) linear->packForOneDnn();
}

DiT::Sequence DiT::prepare(int64_t frames, bool streaming, int64_t paddedFrames) const {
  const int64_t length = std::max(frames, paddedFrames);
  Sequence sequence;
  sequence.frames = length;
  // freqs[p, 2i] = freqs[p, 2i+1] = p · inv_freq[i]
  const auto positions = at::arange(length, at::TensorOptions(at::kFloat).device(options_.device()));
  const auto freqs = (positions.unsqueeze(1) * invFreq_.unsqueeze(0)).repeat_interleave(2, 1);
  const auto sign = at::tensor({-1.0f, 1.0f}, freqs.options()).repeat({freqs.size(1) / 2});
  sequence.ropeCos = freqs.cos().to(dtype_).unsqueeze(1);
  sequence.ropeSinSigned = (freqs.sin() * sign).to(dtype_).unsqueeze(1);

  if (streaming || length > frames) {
    const auto index = at::arange(length, at::TensorOptions(at::kLong).device(options_.device()));
    auto allowed = (index < frames).unsqueeze(0).expand({length, length});  // [query i, key j]
    if (streaming) {
      const int64_t chunk = config_.chunkFrames();
      const auto visibleEnd = (at::div(index, chunk, "floor") + 1) * chunk;
      allowed = allowed.logical_and(index.unsqueeze(0) < visibleEnd.unsqueeze(1));
    }
    sequence.attentionMask = at::zeros({1, 1, length, length}, options_)
                                 .masked_fill(allowed.logical_not(),
                                              -std::numeric_limits<double>::infinity());
  }
  return sequence;
}

at::Tensor DiT::timeEmbedding(const at::Tensor& t) const {
  const auto arg = (t.to(at::kFloat) * kTimeScale).unsqueeze(1) * timeFrequencies_.unsqueeze(0);
  const auto sinusoid = at::cat({arg.sin(), arg.cos()}, 1).to(dtype_);
  return timeOut_(at::silu(timeIn_(sinusoid)));
}

at::Tensor DiT::inputEmbedding(const at::Tensor& x, const at::Tensor& cond, const at::Tensor& mu,
                               const at::Tensor& spks) const {
  const int64_t frames = x.size(1);
  const auto speaker = spks.unsqueeze(1).expand({spks.size(0), frames, spks.size(1)});
  const auto h = inputProj_(at::cat({x, cond, mu, speaker}, 2));

  // Causal convolutional position embedding: left padding only.
  const auto p = mishInFloat(causalGroupedConv(h.transpose(1, 2), posConv1Weight_, posConv1Bias_));
  return mishInFloat(causalGroupedConv(p, posConv2Weight_, posConv2Bias_)).transpose(1, 2) + h;
}

void DiT::rotate(const at::Tensor& qkv, const Sequence& sequence) const {
  const int64_t batch = qkv.size(0), frames = qkv.size(1), rotary = sequence.ropeCos.size(2);
  const int64_t inner = config_.ditHeads * config_.ditDimHead;
  // q's and k's rotated channels, (B, T, 2, rotary), turned together.
  const auto heads = qkv.view({batch, frames, 3, inner}).narrow(2, 0, 2).narrow(3, 0, rotary);
  // rotate_half on interleaved pairs, (a, b) -> (-b, a): the pair swapped, its sign in the sine table.
  const auto swapped = heads.reshape({batch, frames, 2, rotary / 2, 2}).flip(4).flatten(3);
  // Written over the projection's own output: the rest of its channels are not copied.
  heads.copy_(heads * sequence.ropeCos + swapped * sequence.ropeSinSigned);
}

at::Tensor DiT::attention(const Block& block, const at::Tensor& h, const Sequence& sequence) const {
  const int64_t batch = h.size(0), frames = h.size(1);
  const int64_t heads = config_.ditHeads, dimHead = config_.ditDimHead;
  const auto split = [&](const at::Tensor& x) {
    return x.view({batch, frames, heads, dimHead}).transpose(1, 2);
  };
  const int64_t inner = heads * dimHead;
  const auto qkv = block.toQkv(h);
  rotate(qkv, sequence);
  const auto q = split(qkv.narrow(2, 0, inner));
  const auto k = split(qkv.narrow(2, inner, inner));
  const auto v = split(qkv.narrow(2, 2 * inner, inner));
  const auto o = compat::attention(q, k, v, sequence.attentionMask,
                                   1.0 / std::sqrt(static_cast<double>(dimHead)));
  return block.toOut(o.transpose(1, 2).reshape({batch, frames, heads * dimHead}));
}

at::Tensor DiT::block(const Block& block, const at::Tensor& h, const at::Tensor& modulation,
                      const Sequence& sequence) const {
  const int64_t dim = config_.ditDim;
  // (shift_msa, scale_msa, gate_msa, shift_mlp, scale_mlp, gate_mlp), each (B, 1, dim)
  const auto m = modulation.chunk(6, 2);
  const auto norm = [&](const at::Tensor& x, const at::Tensor& shift, const at::Tensor& scale) {
    return at::addcmul(shift, at::layer_norm(x, {dim}, {}, {}, kNormEps), 1 + scale);
  };
  auto out = at::addcmul(h, m[2], attention(block, norm(h, m[0], m[1]), sequence));
  const auto ff = block.ffOut(at::gelu(block.ffIn(norm(out, m[3], m[4])), "tanh"));
  return at::addcmul(out, m[5], ff);
}

DiT::TimeConditioning DiT::timeConditioning(const at::Tensor& t) const {
  const auto tembSilu = at::silu(timeEmbedding(t));
  TimeConditioning time;
  for (const auto& b : blocks_) time.blocks.push_back(b.modulation(tembSilu).unsqueeze(1));
  time.output = normOut_(tembSilu).unsqueeze(1);
  return time;
}

at::Tensor DiT::forward(const at::Tensor& x, const at::Tensor& mu, const TimeConditioning& time,
                        const at::Tensor& spks, const at::Tensor& cond, const Sequence& sequence) const {
  auto h = inputEmbedding(x.to(dtype_).transpose(1, 2), cond.to(dtype_).transpose(1, 2),
                          mu.to(dtype_).transpose(1, 2), spks.to(dtype_));
  for (size_t i = 0; i < blocks_.size(); ++i) h = block(blocks_[i], h, time.blocks[i], sequence);

  const auto final = time.output.chunk(2, 2);  // (scale, shift)
  h = at::layer_norm(h, {config_.ditDim}, {}, {}, kNormEps) * (1 + final[0]) + final[1];
  return projOut_(h).transpose(1, 2).to(at::kFloat);
}

}  // namespace cosystudio
