#include "core/linear.h"

#include "core/torch_compat.h"
#include "cosystudio/runtime.h"

#include <ATen/core/dispatch/Dispatcher.h>
#include <ATen/core/jit_type.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <vector>

namespace cosystudio {
namespace {

// Calls a registered operator by name through the dispatcher, boxed: the
// packed weight is a TorchScript class whose C++ header differs between
// libtorch versions, and an IValue carries it without naming it.
c10::IValue callOperator(const char* name, std::vector<c10::IValue> stack) {
  const auto op = c10::Dispatcher::singleton().findSchemaOrThrow(name, "");
  op.callBoxed(&stack);
  return stack.at(0);
}

bool hasOperator(const char* name) { return c10::Dispatcher::singleton().findSchema({name, ""}).has_value(); }

// fbgemm's kernels, the only int8 ones measured to beat float32 here
// (docs/PERFORMANCE.md, "CPU precision"); PyPI's libtorch has them, Debian's
// 1.13 does not. Packing and the product follow the engine set when packing.
bool hasFbgemm() {
  const auto& engines = at::globalContext().supportedQEngines();
  return std::find(engines.begin(), engines.end(), at::QEngine::FBGEMM) != engines.end();
}

// fbgemm picks its kernels by the CPU, capped by this variable as fbgemm
// reads it (fbgemmInstructionSet, case-insensitive; other values cap nothing):
// these three leave the VNNI kernels unused even where the CPU has them.
std::string fbgemmCapBelowVnni() {
  const char* cap = std::getenv("FBGEMM_ENABLE_INSTRUCTIONS");
  if (cap == nullptr) return {};
  std::string isa = cap;
  std::transform(isa.begin(), isa.end(), isa.begin(), [](unsigned char c) { return std::toupper(c); });
  return isa == "AVX2" || isa == "AVX512" || isa == "AVX512_256" ? isa : std::string();
}

}  // namespace

std::string int8SevenBitCause() {
  if (!cpuFeatures().avx512_vnni) return "on a CPU without AVX-512 VNNI";
  if (const std::string cap = fbgemmCapBelowVnni(); !cap.empty())
    return "where FBGEMM_ENABLE_INSTRUCTIONS=" + cap + " keeps fbgemm from AVX-512 VNNI";
  return {};
}

int int8WeightLevels() {
  static const int levels = int8SevenBitCause().empty() ? 127 : 63;
  return levels;
}

at::Tensor Linear::operator()(const at::Tensor& x) const {
  if (packedForOneDnn_) {
    // The operator PyTorch's own compiler gives a CPU linear layer: the product on the packed weight, no post-op.
    const c10::impl::GenericList noScalars(c10::OptionalType::create(c10::NumberType::get()));
    const c10::IValue bias = bias_.defined() ? c10::IValue(bias_) : c10::IValue();
    return callOperator("mkldnn::_linear_pointwise", {x, weight_, bias, "none", noScalars, ""}).toTensor();
  }
  if (packed_.isNone()) return compat::linear(x, weight_, bias_);
  // The input at all 8 bits: int8WeightLevels() keeps the sums from saturating.
  const bool reduceRange = false;
  return callOperator("quantized::linear_dynamic", {x, packed_, reduceRange}).toTensor();
}

void Linear::packForOneDnn() {
  weight_ = callOperator("mkldnn::_reorder_linear_weight", {weight_, c10::IValue()}).toTensor();
  packedForOneDnn_ = true;
}

bool oneDnnPacksBf16() {
  static const bool packs = [] {
    if (!hasOperator("mkldnn::_linear_pointwise") || !hasOperator("mkldnn::_reorder_linear_weight")) return false;
    try {
      Linear probe(at::ones({8, 8}, at::kBFloat16), at::zeros({8}, at::kBFloat16));
      probe.packForOneDnn();
      return probe(at::ones({2, 8}, at::kBFloat16)).sum().item<float>() == 128;
    } catch (const c10::Error&) {
      return false;  // oneDNN refuses bf16 on a CPU without it
    }
  }();
  return packs;
}

void Linear::quantize() {
  at::globalContext().setQEngine(at::QEngine::FBGEMM);
  // Symmetric per output channel: each row's largest magnitude maps to the
  // top level (127, or 63 where the products would saturate).
  // aminmax rather than abs().max(): no float temporary as large as the weight
  // (loading the int8 model quantises 2 GB of them).
  const auto w = weight_.to(at::kFloat).contiguous();
  const auto [low, high] = at::aminmax(w, 1);
  const double levels = int8WeightLevels();
  const auto scales = (at::maximum(high, -low) / levels).clamp_min(1e-12).to(at::kDouble);
  const auto zeros = at::zeros({w.size(0)}, at::TensorOptions(at::kLong));
  const auto q = at::quantize_per_channel(w, scales, zeros, 0, at::kQInt8);
  const c10::IValue bias = bias_.defined() ? c10::IValue(bias_.to(at::kFloat)) : c10::IValue();
  packed_ = callOperator("quantized::linear_prepack", {q, bias});
  weight_ = at::Tensor();
  bias_ = at::Tensor();
}

std::string int8LinearProblem(const at::Device& device) {
  if (!device.is_cpu()) return "int8 runs on the CPU only; on a GPU, bf16 and fp16 are the fast modes";
  if (!hasFbgemm())
    return "this libtorch has no fbgemm int8 kernels, and its others are no faster than fp32 on a CPU";
  try {
    Linear probe(at::ones({8, 8}), at::zeros({8}));
    probe.quantize();
    probe(at::ones({1, 8})).sum().item<float>();
  } catch (const c10::Error&) {
    return "fbgemm's int8 kernels do not run on this CPU (they need AVX2)";
  }
  return {};
}

}  // namespace cosystudio
