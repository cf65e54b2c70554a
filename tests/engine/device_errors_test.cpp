// Which libtorch errors the engine treats as out of memory (retry), as a lost
// CUDA context (refuse work until restart), or as ordinary failures.
#include "runtime/device_errors.h"

#include <gtest/gtest.h>

using namespace cosystudio;

namespace {

DeviceFailure classify(const std::string& message) {
  try {
    TORCH_CHECK_WITH(Error, false, message);
  } catch (const c10::Error& e) {
    return classifyDeviceError(e);
  }
  ADD_FAILURE() << "nothing thrown";
  return DeviceFailure::Other;
}

DeviceFailure classifyAllocatorError(const std::string& message) {
  try {
    TORCH_CHECK_WITH(OutOfMemoryError, false, message);
  } catch (const c10::Error& e) {
    return classifyDeviceError(e);
  }
  ADD_FAILURE() << "nothing thrown";
  return DeviceFailure::Other;
}

}  // namespace

TEST(DeviceErrors, TheAllocatorsErrorTypeIsOutOfMemoryWhateverItSays) {
  EXPECT_EQ(classifyAllocatorError("CUDA out of memory. Tried to allocate 20.00 MiB"), DeviceFailure::OutOfMemory);
  EXPECT_EQ(classifyAllocatorError("anything at all"), DeviceFailure::OutOfMemory);
}

TEST(DeviceErrors, LibraryAllocationFailuresAreOutOfMemory) {
  for (const char* message :
       {"CUDA error: CUBLAS_STATUS_ALLOC_FAILED when calling `cublasCreate(handle)`",
        "cuDNN error: CUDNN_STATUS_ALLOC_FAILED", "cuFFT error: CUFFT_ALLOC_FAILED",
        "CUDA error: out of memory\nCUDA kernel errors might be asynchronously reported"})
    EXPECT_EQ(classify(message), DeviceFailure::OutOfMemory) << message;
}

TEST(DeviceErrors, LostContextsAreUnrecoverable) {
  for (const char* message : {"CUDA error: an illegal memory access was encountered",
                              "CUDA error: device-side assert triggered", "CUDA error: unspecified launch failure"})
    EXPECT_EQ(classify(message), DeviceFailure::Unrecoverable) << message;
}

TEST(DeviceErrors, OtherFailuresAreOrdinary) {
  EXPECT_EQ(classify("Expected all tensors to be on the same device"), DeviceFailure::Other);
  EXPECT_EQ(classify("shape '[2, 3]' is invalid for input of size 5"), DeviceFailure::Other);
}
