#include "runtime/device_errors.h"

#include <string>

namespace cosystudio {

namespace {

bool mentions(const std::string& what, std::initializer_list<const char*> phrases) {
  for (const char* phrase : phrases)
    if (what.find(phrase) != std::string::npos) return true;
  return false;
}

}  // namespace

DeviceFailure classifyDeviceError(const c10::Error& error) {
  if (dynamic_cast<const c10::OutOfMemoryError*>(&error)) return DeviceFailure::OutOfMemory;
  const std::string what = error.what_without_backtrace();
  if (mentions(what, {"CUBLAS_STATUS_ALLOC_FAILED", "CUDNN_STATUS_ALLOC_FAILED", "CUFFT_ALLOC_FAILED",
                      "CUSOLVER_STATUS_ALLOC_FAILED", "cudaErrorMemoryAllocation", "CUDA error: out of memory"}))
    return DeviceFailure::OutOfMemory;
  // After these the CUDA context refuses every further call.
  if (mentions(what, {"illegal memory access", "device-side assert", "unspecified launch failure",
                      "misaligned address", "an illegal instruction"}))
    return DeviceFailure::Unrecoverable;
  return DeviceFailure::Other;
}

}  // namespace cosystudio
