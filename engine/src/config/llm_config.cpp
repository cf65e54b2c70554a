#include "config/llm_config.h"

#include "config/hyper_yaml.h"

#include <nlohmann/json.hpp>

#include <fstream>

namespace cosystudio {

Qwen2Config parseQwen2Config(const nlohmann::json& json, const std::string& source) {
  const auto field = [&](const char* name) -> const nlohmann::json& {
    if (!json.contains(name) || !json.at(name).is_number())
      throw ConfigError(source + ": '" + name + "' is missing or not a number");
    return json.at(name);
  };
  const auto positive = [&](const char* name) {
    const auto& value = field(name);
    if (!value.is_number_integer() || value.get<int64_t>() <= 0)
      throw ConfigError(source + ": '" + name + "' must be a positive integer");
    return value.get<int64_t>();
  };
  Qwen2Config config;
  config.vocabSize = positive("vocab_size");
  config.hiddenSize = positive("hidden_size");
  config.intermediateSize = positive("intermediate_size");
  config.numLayers = positive("num_hidden_layers");
  config.numHeads = positive("num_attention_heads");
  config.numKvHeads = positive("num_key_value_heads");
  config.rmsNormEps = field("rms_norm_eps").get<double>();
  config.ropeTheta = field("rope_theta").get<double>();
  if (config.hiddenSize % config.numHeads || config.numHeads % config.numKvHeads)
    throw ConfigError(source + ": hidden_size " + std::to_string(config.hiddenSize) +
                      ", num_attention_heads " + std::to_string(config.numHeads) + " and num_key_value_heads " +
                      std::to_string(config.numKvHeads) + " do not divide evenly");
  if (json.value("use_sliding_window", false))
    throw ConfigError(source + ": sliding-window attention is not supported");
  if (json.contains("hidden_act") && json.at("hidden_act") != "silu")
    throw ConfigError(source + ": hidden_act must be 'silu'");
  return config;
}

LlmConfig readLlmConfig(const std::filesystem::path& modelFolder) {
  const HyperYaml yaml = HyperYaml::load(modelFolder / "cosyvoice3.yaml");
  LlmConfig config;
  config.inputSize = yaml.integer("llm.llm_input_size");
  config.outputSize = yaml.integer("llm.llm_output_size");
  config.speechTokenSize = yaml.integer("llm.speech_token_size");
  config.sampling.topP = yaml.number("llm.sampling.top_p");
  config.sampling.topK = yaml.integer("llm.sampling.top_k");
  config.sampling.winSize = yaml.integer("llm.sampling.win_size");
  config.sampling.tauR = yaml.number("llm.sampling.tau_r");

  // qwen_pretrain_path is overridden to this folder by the official loader.
  const auto jsonFile = modelFolder / "CosyVoice-BlankEN" / "config.json";
  std::ifstream in(jsonFile);
  if (!in) throw ConfigError(jsonFile.string() + ": cannot open the file");
  nlohmann::json json;
  try {
    json = nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& e) {
    throw ConfigError(jsonFile.string() + ": " + e.what());
  }
  config.qwen2 = parseQwen2Config(json, jsonFile.string());
  if (config.inputSize != config.qwen2.hiddenSize || config.outputSize != config.qwen2.hiddenSize)
    throw ConfigError(modelFolder.string() + ": llm_input_size/llm_output_size (" + std::to_string(config.inputSize) +
                      "/" + std::to_string(config.outputSize) + ") differ from the Qwen2 hidden_size " +
                      std::to_string(config.qwen2.hiddenSize));
  return config;
}

}  // namespace cosystudio
