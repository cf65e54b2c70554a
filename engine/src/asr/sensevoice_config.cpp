#include "asr/sensevoice_config.h"

#include "config/hyper_yaml.h"

#include <string>

namespace cosystudio::asr {
namespace {

// Bounds far beyond any released model, so that a damaged file is refused
// before it asks for absurd amounts of memory.
constexpr int64_t kMaxWidth = 8192;
constexpr int64_t kMaxBlocks = 512;

void require(bool ok, const HyperYaml& yaml, const std::string& key, const std::string& why) {
  if (!ok) throw ConfigError(yaml.file().string() + ": '" + key + "' " + why);
}

int64_t bounded(const HyperYaml& yaml, const std::string& key, int64_t low, int64_t high) {
  const int64_t value = yaml.integer(key);
  require(value >= low && value <= high, yaml, key,
          "is " + std::to_string(value) + ", outside " + std::to_string(low) + ".." + std::to_string(high));
  return value;
}

// A setting the port computes one way only: absent means FunASR's default.
void expect(const HyperYaml& yaml, const std::string& key, const std::string& wanted) {
  if (!yaml.has(key)) return;
  const std::string value = yaml.text(key);
  require(value == wanted, yaml, key, "is '" + value + "'; only '" + wanted + "' is supported");
}

void expectNumber(const HyperYaml& yaml, const std::string& key, double wanted) {
  if (!yaml.has(key)) return;
  require(yaml.number(key) == wanted, yaml, key,
          "is " + yaml.text(key) + "; only " + std::to_string(static_cast<int64_t>(wanted)) + " is supported");
}

}  // namespace

SenseVoiceConfig SenseVoiceConfig::load(const std::filesystem::path& file) {
  const HyperYaml yaml = HyperYaml::load(file);
  expect(yaml, "model", "SenseVoiceSmall");
  expect(yaml, "encoder", "SenseVoiceEncoderSmall");
  expect(yaml, "frontend", "WavFrontend");
  expect(yaml, "frontend_conf.window", "hamming");
  expectNumber(yaml, "frontend_conf.fs", 16000);
  expectNumber(yaml, "frontend_conf.frame_length", 25);
  expectNumber(yaml, "frontend_conf.frame_shift", 10);
  expectNumber(yaml, "frontend_conf.n_mels", 80);
  if (yaml.has("encoder_conf.normalize_before"))
    require(yaml.flag("encoder_conf.normalize_before"), yaml, "encoder_conf.normalize_before",
            "is false; only true is supported");

  SenseVoiceConfig config;
  config.lfrM = bounded(yaml, "frontend_conf.lfr_m", 1, 64);
  config.lfrN = bounded(yaml, "frontend_conf.lfr_n", 1, 64);
  config.outputSize = bounded(yaml, "encoder_conf.output_size", 1, kMaxWidth);
  config.heads = bounded(yaml, "encoder_conf.attention_heads", 1, config.outputSize);
  require(config.outputSize % config.heads == 0, yaml, "encoder_conf.attention_heads",
          "does not divide output_size " + std::to_string(config.outputSize));
  config.linearUnits = bounded(yaml, "encoder_conf.linear_units", 1, 4 * kMaxWidth);
  config.blocks = bounded(yaml, "encoder_conf.num_blocks", 1, kMaxBlocks);
  config.tpBlocks = yaml.has("encoder_conf.tp_blocks") ? bounded(yaml, "encoder_conf.tp_blocks", 0, kMaxBlocks) : 0;
  config.kernelSize = bounded(yaml, "encoder_conf.kernel_size", 1, 255);
  config.sanmShift =
      yaml.has("encoder_conf.sanm_shfit") ? bounded(yaml, "encoder_conf.sanm_shfit", 0, config.kernelSize - 1) : 0;
  return config;
}

}  // namespace cosystudio::asr
