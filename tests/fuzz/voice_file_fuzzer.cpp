// Saved voice files (*.cosyvoice): magic, version, JSON header, arrays.
#include "fuzz_support.h"

#include "cosystudio/engine.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const auto file = cosystudio::fuzz::writeInput(data, size, "voice.cosyvoice");
  try {
    const cosystudio::Voice voice = cosystudio::Voice::load(file);
    (void)voice.clipSeconds();
  } catch (const cosystudio::EngineError&) {
  }
  return 0;
}
