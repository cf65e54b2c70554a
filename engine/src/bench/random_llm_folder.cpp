#include "bench/random_llm_folder.h"

#include "llm/cosyvoice3_lm.h"
#include "model/state_dict_writer.h"

#include <ATen/CPUGeneratorImpl.h>

#include <fstream>

namespace cosystudio {

LlmConfig releasedLlmConfig() {
  LlmConfig config;
  config.inputSize = config.outputSize = 896;
  config.speechTokenSize = 6561;
  config.qwen2 = {151936, 896, 4864, 24, 14, 2, 1e-6, 1e6};
  return config;
}

void writeRandomLlmFolder(const std::filesystem::path& folder, const LlmConfig& config, uint64_t seed) {
  std::filesystem::create_directories(folder / "CosyVoice-BlankEN");
  const auto& q = config.qwen2;
  std::ofstream(folder / "CosyVoice-BlankEN" / "config.json")
      << "{\n  \"architectures\": [\"Qwen2ForCausalLM\"],\n  \"hidden_act\": \"silu\",\n"
      << "  \"hidden_size\": " << q.hiddenSize << ",\n  \"intermediate_size\": " << q.intermediateSize
      << ",\n  \"num_attention_heads\": " << q.numHeads << ",\n  \"num_hidden_layers\": " << q.numLayers
      << ",\n  \"num_key_value_heads\": " << q.numKvHeads << ",\n  \"rms_norm_eps\": " << q.rmsNormEps
      << ",\n  \"rope_theta\": " << q.ropeTheta << ",\n  \"tie_word_embeddings\": true,\n"
      << "  \"use_sliding_window\": false,\n  \"vocab_size\": " << q.vocabSize << "\n}\n";
  const auto& s = config.sampling;
  std::ofstream(folder / "cosyvoice3.yaml")
      << "# Random-weight LLM written for benchmarking (only the llm section).\n"
      << "llm_input_size: " << config.inputSize << "\nllm_output_size: " << config.outputSize
      << "\nqwen_pretrain_path: ''\n\nllm: !new:cosyvoice.llm.llm.CosyVoice3LM\n"
      << "    llm_input_size: !ref <llm_input_size>\n    llm_output_size: !ref <llm_output_size>\n"
      << "    speech_token_size: " << config.speechTokenSize << "\n    mix_ratio: [5, 15]\n"
      << "    llm: !new:cosyvoice.llm.llm.Qwen2Encoder\n        pretrain_path: !ref <qwen_pretrain_path>\n"
      << "    sampling: !name:cosyvoice.utils.common.ras_sampling\n        top_p: " << s.topP
      << "\n        top_k: " << s.topK << "\n        win_size: " << s.winSize << "\n        tau_r: " << s.tauR
      << "\n";

  // Scales in the spirit of an initialised network: norms near 1, matrices
  // scaled by 1/sqrt(fan_in), small biases.
  auto generator = at::make_generator<at::CPUGeneratorImpl>(seed);
  StateDictWriter writer(folder / "llm.pt");
  std::string embedKey;
  for (const auto& spec : CosyVoice3LM::parameters(config)) {
    if (!spec.used) {
      writer.addTied(spec.key, embedKey);  // lm_head shares embed_tokens' storage, as in the release
      continue;
    }
    at::Tensor t = at::normal(0.0, 1.0, spec.shape, generator);
    const bool norm = spec.key.find("norm.weight") != std::string::npos;
    if (norm) t = 1 + 0.1 * t;
    else if (spec.shape.size() == 1) t = 0.1 * t;
    else if (spec.key.find("embed") == std::string::npos) t = t / std::sqrt(static_cast<double>(spec.shape[1]));
    if (spec.key.find("embed_tokens") != std::string::npos) embedKey = spec.key;
    if (spec.key == "llm_decoder.weight") t.narrow(0, config.speechTokenSize, t.size(0) - config.speechTokenSize).zero_();
    writer.add(spec.key, t);
  }
  writer.finish();
}

}  // namespace cosystudio
