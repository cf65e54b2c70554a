// The flow's velocity estimator: DiT (cosyvoice/flow/DiT/dit.py, modules.py).
//
//   temb = Linear(SiLU(Linear(sinusoid_256(1000·t))))
//   h    = Linear([x, cond, mu, spk])                      input embedding, this concat order
//   h    = h + Mish(conv2(Mish(conv1(h))))                 causal grouped convs (k 31, 16 groups)
//   22 × block: AdaLN-zero(temb) -> attention with rotary -> gate ; AdaLN -> tanh-GELU MLP -> gate
//   out  = Linear(LN(h)·(1+scale) + shift)                 final AdaLN: (scale, shift) order
//
// Rotary (x-transformers) is applied to the un-split (B, T, heads·dim_head)
// q/k over the first dim_head channels with interleaved pairs, so only head 0
// is rotated: that is what the released weights were trained with.
#pragma once

#include "core/linear.h"
#include "flow/flow_config.h"
#include "model/state_dict.h"

#include <ATen/ATen.h>

#include <initializer_list>
#include <string>
#include <vector>

namespace cosystudio {

class DiT {
 public:
  DiT(StateDict& weights, const std::string& prefix, const FlowConfig& config,
      const at::TensorOptions& options);

  // What depends only on the sequence: rotary tables and the attention mask.
  // Built once per solve and shared by all steps.
  struct Sequence {
    int64_t frames = 0;
    at::Tensor ropeCos;           // (T, 1, dim_head)
    at::Tensor ropeSinSigned;     // (T, 1, dim_head): the sine, negated at even channels (rotate_half's sign)
    at::Tensor attentionMask;     // additive (1, 1, T, T), undefined = full attention
  };
  // streaming: chunk-causal mask (frame i sees frames j < (i / chunk + 1) · chunk).
  // paddedFrames > frames: the sequence is that long and no frame sees the
  // padding, so the first `frames` outputs are those of the unpadded sequence
  // (the position convolutions are causal; everything else is per frame).
  Sequence prepare(int64_t frames, bool streaming, int64_t paddedFrames = 0) const;

  // What depends only on the time step: each block's AdaLN modulation and
  // the output's. A solve's steps are the same times every solve, so the
  // solver keeps them (one product per block of a weight of 6 · dim rows each).
  struct TimeConditioning {
    std::vector<at::Tensor> blocks;  // (B, 1, 6 · dim) each
    at::Tensor output;               // (B, 1, 2 · dim)
  };
  TimeConditioning timeConditioning(const at::Tensor& t) const;  // t: (B)

  // x, mu, cond: (B, mel, T); t: (B); spks: (B, mel). Returns the velocity
  // (B, mel, T) as float32, whatever the weights' dtype.
  at::Tensor forward(const at::Tensor& x, const at::Tensor& mu, const at::Tensor& t,
                     const at::Tensor& spks, const at::Tensor& cond, const Sequence& sequence) const {
    return forward(x, mu, timeConditioning(t), spks, cond, sequence);
  }
  at::Tensor forward(const at::Tensor& x, const at::Tensor& mu, const TimeConditioning& time,
                     const at::Tensor& spks, const at::Tensor& cond, const Sequence& sequence) const;

  const at::TensorOptions& options() const { return options_; }

  // The int8 precision: the blocks' attention and MLP projections, which run
  // once per frame and are nearly all of the arithmetic, become int8 products
  // (int8LinearProblem() must be empty). The modulation, embeddings and
  // output projection stay float32: a row per solve step, or the mel itself.
  void quantizeLinears();

  // bf16 on a CPU where oneDnnPacksBf16(): the products that are most of the
  // arithmetic take their weights in oneDNN's layout. Not the attention's
  // output projection: a square product, measured slower packed on AMX
  // (docs/PERFORMANCE.md, "The products on packed weights").
  void packLinearsForOneDnn();

 private:
  struct Block {
    Linear modulation;  // attn_norm.linear: 6 chunks
    Linear toQkv;       // to_q, to_k and to_v as one product: (B, T, 3 · inner)
    Linear toOut;
    Linear ffIn, ffOut;
  };

  Linear linear(StateDict& weights, const std::string& key, int64_t out, int64_t in) const;
  // The layers of `keys`, each (out, in), as one product with their outputs side by side.
  Linear linear(StateDict& weights, std::initializer_list<std::string> keys, int64_t out, int64_t in) const;
  at::Tensor timeEmbedding(const at::Tensor& t) const;
  at::Tensor inputEmbedding(const at::Tensor& x, const at::Tensor& cond, const at::Tensor& mu,
                            const at::Tensor& spks) const;
  void rotate(const at::Tensor& qkv, const Sequence& sequence) const;  // in place
  at::Tensor attention(const Block& block, const at::Tensor& h, const Sequence& sequence) const;
  at::Tensor block(const Block& block, const at::Tensor& h, const at::Tensor& modulation,
                   const Sequence& sequence) const;

  FlowConfig config_;
  at::TensorOptions options_;
  at::ScalarType dtype_;  // of the weights and activations
  at::Tensor timeFrequencies_;  // (128) float32
  Linear timeIn_, timeOut_, inputProj_;
  at::Tensor posConv1Weight_, posConv1Bias_, posConv2Weight_, posConv2Bias_;
  at::Tensor invFreq_;  // rotary_embed.inv_freq (dim_head / 2) float32
  std::vector<Block> blocks_;
  Linear normOut_, projOut_;
};

}  // namespace cosystudio
