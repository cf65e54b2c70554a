// The checkpoint reader (llm.pt, flow.pt, hift.pt): zip container, restricted
// unpickler (dict and OrderedDict), tensor records, both weight-norm
// spellings. Every tensor it returns is read to the end.
#include "fuzz_support.h"
#include "model/state_dict.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const auto file = cosystudio::fuzz::writeInput(data, size, "model.pt");
  try {
    const cosystudio::StateDict dict = cosystudio::StateDict::load(file);
    for (const auto& entry : dict.tensors()) (void)entry.second.sum().item<double>();
  } catch (const cosystudio::CheckpointError&) {
  }
  return 0;
}
