#include "cosystudio/version.h"

#include "core/torch_compat.h"

namespace cosystudio {

const char* torchBuildDescription() {
#if COSYSTUDIO_WITH_CUDA
  return TORCH_VERSION " (CUDA)";
#else
  return TORCH_VERSION " (CPU)";
#endif
}

}  // namespace cosystudio
