// Which libtorch errors the engine treats as out of memory (retry), as a lost
// CUDA context (refuse work until restart), or as ordinary failures.
#include "runtime/device_errors.h"

#include <gtest/gtest.h>

using namespace cosystudio;

namespace {

// The verdict on an error of `message`, thrown as the caching allocator
// throws (c10::OutOfMemoryError) or as any other failure (c10::Error).
DeviceFailure classify(const std::string& message, bool fromAllocator = false) {
  try {
    if (fromAllocator) {
      TORCH_CHECK_WITH(OutOfMemoryError, false, message);
    }
    TORCH_CHECK_WITH(Error, false, message);
  } catch (const c10::Error& e) {
    return classifyDeviceError(e);
  }
  ADD_FAILURE() << "nothing thrown";
  return DeviceFailure::Other;
}

}  // namespace

TEST(DeviceErrors, TheAllocatorsErrorTypeIsOutOfMemoryWhateverItSays) {
  EXPECT_EQ(classify("CUDA out of memory. Tried to allocate 20.00 MiB", true), DeviceFailure::OutOfMemory);
  EXPECT_EQ(classify("anything at all", true), DeviceFailure::OutOfMemory);
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
