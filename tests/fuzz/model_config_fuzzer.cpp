// cosyvoice3.yaml as the engine reads it when it loads a model folder (the
// folder's CosyVoice-BlankEN/config.json is the tiny model's).
#include "fuzz_support.h"
#include "config/hyper_yaml.h"
#include "pipeline/model.h"

#include <filesystem>

namespace fs = std::filesystem;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const fs::path folder = [] {
    const fs::path f = cosystudio::fuzz::scratchFolder() / "model";
    fs::create_directories(f / "CosyVoice-BlankEN");
    fs::copy_file(fs::path(COSYSTUDIO_FIXTURES_DIR) / "e2e/tiny-model-a/CosyVoice-BlankEN/config.json",
                  f / "CosyVoice-BlankEN/config.json", fs::copy_options::overwrite_existing);
    return f;
  }();
  fs::rename(cosystudio::fuzz::writeInput(data, size, "cosyvoice3.yaml"), folder / "cosyvoice3.yaml");
  try {
    (void)cosystudio::readModelConfig(folder);
  } catch (const cosystudio::ConfigError&) {
  }
  return 0;
}
