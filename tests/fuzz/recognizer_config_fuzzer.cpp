// The recogniser's config.yaml (SenseVoiceSmall's) and am.mvn, as the engine
// reads them when it loads a recogniser folder: the input is tried as both.
#include "fuzz_support.h"
#include "asr/am_mvn.h"
#include "asr/sensevoice_config.h"
#include "config/hyper_yaml.h"

#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const auto file = cosystudio::fuzz::writeInput(data, size, "config.yaml");
  std::size_t dims = 560;
  try {
    dims = static_cast<std::size_t>(cosystudio::asr::SenseVoiceConfig::load(file).inputSize());
  } catch (const cosystudio::ConfigError&) {
  }
  try {
    (void)cosystudio::asr::FeatureNormalization::parse(std::string(reinterpret_cast<const char*>(data), size), dims,
                                                       "am.mvn");
  } catch (const cosystudio::ConfigError&) {
  }
  return 0;
}
