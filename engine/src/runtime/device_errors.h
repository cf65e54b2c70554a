// What a libtorch error from a device means for the engine: memory that ran
// out (release the cache and retry), a CUDA context that is lost until the
// process restarts, or an ordinary failure.
#pragma once

#include <c10/util/Exception.h>

namespace cosystudio {

enum class DeviceFailure { Other, OutOfMemory, Unrecoverable };

// The caching allocator throws c10::OutOfMemoryError; cuBLAS, cuDNN and cuFFT
// report their own allocation failures as plain errors with their status
// names, and a CUDA call that runs out says "out of memory".
DeviceFailure classifyDeviceError(const c10::Error& error);

}  // namespace cosystudio
