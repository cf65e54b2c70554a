// Everything the engine loads from a model folder, owned in one place so that
// destroying a Model releases every tensor the engine holds.
#pragma once

#include "config/llm_config.h"
#include "cosystudio/engine.h"
#include "cosystudio/text/tokenizer.h"
#include "flow/flow_config.h"
#include "flow/flow_decoder.h"
#include "hift/hift_config.h"
#include "hift/hift_generator.h"
#include "hift/source_tables.h"
#include "llm/cosyvoice3_lm.h"
#include "speaker/speaker_encoder.h"
#include "speech_tokens/speech_tokenizer.h"

#include <ATen/ATen.h>

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>

namespace cosystudio {

// The sizes of every network, as the folder's cosyvoice3.yaml and
// CosyVoice-BlankEN/config.json state them.
struct ModelConfig {
  LlmConfig llm;
  FlowConfig flow;
  HiftConfig hift;
  SourceTableRecipe sourceTables;
  int sampleRate = 24000;
};

ModelConfig readModelConfig(const std::filesystem::path& modelFolder);

// Identifies the front-end models that compute a voice's features.
std::string frontEndFingerprint(const std::filesystem::path& modelFolder);

// The torch device of `device`; throws EngineError with deviceProblem()'s reason.
at::Device torchDevice(const Device& device);

// The networks that compute in the chosen precision.
enum class ReducedNetwork { Llm, Flow };

// How the LLM and the flow estimator compute in a precision: their dtype, and
// whether their projections (the LLM's decoder layers, the DiT's attention and
// feed-forward) are int8 products.
struct NetworkNumerics {
  at::ScalarType dtype = at::kFloat;
  bool int8Linears = false;
};

// The one place a precision becomes arithmetic: bf16 and fp16 are the dtype of
// the LLM and the flow estimator on every device; int8 quantises both
// networks' projections, but for the flow's on a CPU with AMX, which computes
// in bf16 there (flowInt8RunsInBf16()); the front end and HiFT stay float32.
// A precision the device or libtorch has no kernels for (fp16 on the CPU with
// libtorch 1.13, int8 without fbgemm) is refused (EngineError), at load, not
// in the middle of a request.
NetworkNumerics networkNumerics(Precision precision, const at::Device& device, ReducedNetwork network);

// A network computing in reduced precision gave infinities or NaNs.
class NonFiniteOutput : public std::runtime_error {
 public:
  explicit NonFiniteOutput(ReducedNetwork network);
  ReducedNetwork network;
};

// "the language model" or "the flow decoder".
std::string networkName(ReducedNetwork network);

struct Model {
  Model(const LoadOptions& options, const std::function<void(const std::string&)>& onStep);

  // Reloads `network` in float32 for the rest of this model's life, after it
  // gave non-finite values in reduced precision; false when it already runs
  // in float32 (the values are then the checkpoint's fault, not rounding).
  bool useFloat32For(ReducedNetwork network);

  LoadOptions options;
  at::Device device;
  ModelConfig config;
  std::string fingerprint;
  text::Tokenizer tokenizer;
  SpeakerEncoder speakerEncoder;
  SpeechTokenizer speechTokenizer;
  CosyVoice3LM llm;
  std::unique_ptr<FlowDecoder> flow;
  Precision llmPrecision, flowPrecision;  // what each computes in now
  HiftGenerator hift;
};

}  // namespace cosystudio
