// The OpenBLAS check of cpu_features.cpp apart from the machine it runs on,
// for the tests.
#pragma once

#include "cosystudio/runtime.h"

#include <string>

namespace cosystudio {

// OpenBlasInfo::warning for OpenBLAS `config` (openblas_get_config) running
// `coreName` kernels on `cpu`; `avx512vl` as CPUID says it, `forcedCore` the
// OPENBLAS_CORETYPE variable or null. Empty when the kernels suit the CPU.
std::string openBlasWarning(const std::string& coreName, const std::string& config, const CpuFeatures& cpu,
                            bool avx512vl, const char* forcedCore);

}  // namespace cosystudio
