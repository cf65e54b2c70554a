#include "cosystudio/version.h"

#include "core/torch_compat.h"

namespace cosystudio {


const char* torchBuildDescription() {
#if COSYSTUDIO_WITH_CUDA
  // CUDART_VERSION is major * 1000 + minor * 10.
  static const std::string description = std::string(TORCH_VERSION) + " with CUDA " +
                                         std::to_string(CUDART_VERSION / 1000) + "." +
                                         std::to_string(CUDART_VERSION % 1000 / 10);
  return description.c_str();
#else
  return TORCH_VERSION ", CPU only";
#endif
}

bool builtWithCuda() { return COSYSTUDIO_WITH_CUDA != 0; }

}  // namespace cosystudio
