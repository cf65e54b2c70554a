#include "asr/sanm_attention.h"

#include <cmath>

namespace cosystudio::asr {

SanmAttention::SanmAttention(StateDict& weights, const std::string& prefix, int64_t inputSize, int64_t size,
                             int64_t heads, int64_t kernelSize, int64_t shift, const at::TensorOptions& options)
    : size_(size), heads_(heads), leftPad_((kernelSize - 1) / 2 + shift), rightPad_(kernelSize - 1 - leftPad_) {
  qkv_ = Linear(weights.take(prefix + "linear_q_k_v.weight", {3 * size, inputSize}).to(options),
                weights.take(prefix + "linear_q_k_v.bias", {3 * size}).to(options));
  out_ = Linear(weights.take(prefix + "linear_out.weight", {size, size}).to(options),
                weights.take(prefix + "linear_out.bias", {size}).to(options));
  memoryTaps_ = weights.take(prefix + "fsmn_block.weight", {size, 1, kernelSize}).to(options);
}

at::Tensor SanmAttention::forward(const at::Tensor& x) const {
  const int64_t frames = x.size(1), headSize = size_ / heads_;
  const auto qkv = qkv_(x).split(size_, -1);
  const auto& v = qkv[2];

  auto memory = at::constant_pad_nd(v.transpose(1, 2), {leftPad_, rightPad_}, 0.0);
  memory = at::conv1d(memory, memoryTaps_, /*bias=*/{}, /*stride=*/at::IntArrayRef{1},
                      /*padding=*/at::IntArrayRef{0}, /*dilation=*/at::IntArrayRef{1}, /*groups=*/size_).transpose(1, 2) + v;

  const auto heads = [&](const at::Tensor& t) { return t.reshape({1, frames, heads_, headSize}).transpose(1, 2); };
  // FunASR scales the queries before the product, not the scores.
  const auto q = heads(qkv[0]) * std::pow(static_cast<double>(headSize), -0.5);
  const auto scores = at::matmul(q, heads(qkv[1]).transpose(-2, -1));
  const auto context = at::matmul(at::softmax(scores, -1), heads(v));
  return out_(context.transpose(1, 2).reshape({1, frames, size_})) + memory;
}

}  // namespace cosystudio::asr
