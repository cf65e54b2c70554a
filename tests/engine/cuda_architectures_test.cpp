// Which GPUs a CUDA libtorch has code for, read from its build configuration,
// and the precision a GPU computes in by default: on the CPU, with the
// architecture lists of the PyPI builds setup.sh installs.
#include "runtime/cuda_architectures.h"

#include "core/torch_compat.h"

#include <gtest/gtest.h>

using namespace cosystudio;

namespace {

// at::show_config() of PyPI's torch 2.11.0 (CUDA 13.0), around its flags line.
const std::string kTorch211Config =
    "PyTorch built with:\n"
    "  - CUDA Runtime 13.0\n"
    "  - NVCC architecture flags: -gencode;arch=compute_75,code=sm_75;-gencode;arch=compute_80,code=sm_80;"
    "-gencode;arch=compute_86,code=sm_86;-gencode;arch=compute_90,code=sm_90;-gencode;arch=compute_100,"
    "code=sm_100;-gencode;arch=compute_120,code=sm_120\n"
    "  - CuDNN 91.0\n";
const std::vector<std::string> kTorch211 = {"sm_75", "sm_80", "sm_86", "sm_90", "sm_100", "sm_120"};
// torch.cuda.get_arch_list() of PyPI's torch 2.10.0 (CUDA 12.8): Volta still in.
const std::vector<std::string> kTorch210 = {"sm_70", "sm_75", "sm_80", "sm_86", "sm_90", "sm_100", "sm_120"};

}  // namespace

TEST(CudaArchitectures, ReadFromTheBuildConfiguration) {
  EXPECT_EQ(cudaArchitectures(kTorch211Config), kTorch211);
  // PTX for the newest architecture, as older builds added it; the "arch=" part is not code.
  EXPECT_EQ(cudaArchitectures("  - NVCC architecture flags: -gencode;arch=compute_80,code=sm_80;"
                              "-gencode;arch=compute_90a,code=sm_90a;-gencode;arch=compute_90,code=compute_90\n"),
            (std::vector<std::string>{"sm_80", "sm_90a", "compute_90"}));
  EXPECT_TRUE(cudaArchitectures("PyTorch built with:\n  - CPU capability usage: AVX2\n").empty());
}

// A CUDA build that sees a GPU names the architectures it was built for,
// among them those of the GPUs here; a CPU build, and a CUDA build that sees
// none (at::show_config() then leaves CUDA out), name none.
TEST(CudaArchitectures, ThisLibtorchNamesItsOwnWhereItSeesAGpu) {
  const auto architectures = cudaArchitectures(at::show_config());
  EXPECT_EQ(!architectures.empty(), compat::cudaDeviceCount() > 0) << at::show_config();
  for (int index = 0; index < compat::cudaDeviceCount(); ++index) {
    const auto gpu = compat::cudaDeviceProperties(index);
    EXPECT_TRUE(cudaArchitecturesRun(architectures, gpu.major, gpu.minor)) << gpu.name;
  }
}

TEST(CudaArchitectures, MachineCodeRunsOnItsMajorVersionFromItsMinorOn) {
  EXPECT_TRUE(cudaArchitecturesRun(kTorch211, 8, 6));   // RTX 3090
  EXPECT_TRUE(cudaArchitecturesRun(kTorch211, 8, 9));   // RTX 4090, through sm_86
  EXPECT_TRUE(cudaArchitecturesRun(kTorch211, 9, 0));   // H100
  EXPECT_TRUE(cudaArchitecturesRun(kTorch211, 12, 1));  // GB10, through sm_120
  EXPECT_FALSE(cudaArchitecturesRun(kTorch211, 7, 0));  // V100: CUDA 13 has no Volta
  EXPECT_TRUE(cudaArchitecturesRun(kTorch210, 7, 0));
  EXPECT_FALSE(cudaArchitecturesRun(kTorch210, 6, 1));  // GTX 1080
  EXPECT_FALSE(cudaArchitecturesRun({"sm_86"}, 8, 0));  // not backwards
  EXPECT_FALSE(cudaArchitecturesRun({"sm_90"}, 10, 0));  // nor into the next major version
}

TEST(CudaArchitectures, ArchitectureSpecificCodeRunsOnItsOwnAndPtxOnEveryLaterOne) {
  EXPECT_TRUE(cudaArchitecturesRun({"sm_90a"}, 9, 0));
  EXPECT_FALSE(cudaArchitecturesRun({"sm_120a"}, 12, 1));
  EXPECT_TRUE(cudaArchitecturesRun({"compute_90"}, 9, 0));
  EXPECT_TRUE(cudaArchitecturesRun({"compute_90"}, 12, 0));
  EXPECT_FALSE(cudaArchitecturesRun({"compute_90"}, 8, 9));
}

TEST(CudaArchitectures, AProblemNamesTheGpuAndWhatTheBuildHas) {
  EXPECT_EQ(cudaArchitectureProblem("NVIDIA GeForce GTX 1080", 6, 1, kTorch211),
            "NVIDIA GeForce GTX 1080 (compute capability 6.1) is not among the GPUs this libtorch was built for: "
            "sm_75 sm_80 sm_86 sm_90 sm_100 sm_120");
  EXPECT_EQ(cudaArchitectureProblem("NVIDIA GeForce RTX 3090", 8, 6, kTorch211), "");
  // A build that names none is not refused on a guess.
  EXPECT_EQ(cudaArchitectureProblem("NVIDIA GeForce GTX 1080", 6, 1, {}), "");
}

TEST(CudaArchitectures, BfloatFromAmpereHalfOnVoltaAndTuringFloatBefore) {
  EXPECT_EQ(defaultGpuPrecision(12), Precision::BFloat16);
  EXPECT_EQ(defaultGpuPrecision(9), Precision::BFloat16);
  EXPECT_EQ(defaultGpuPrecision(8), Precision::BFloat16);  // 8.0 A100, 8.6, 8.9
  EXPECT_EQ(defaultGpuPrecision(7), Precision::Float16);   // 7.0 V100, 7.5 T4
  EXPECT_EQ(defaultGpuPrecision(6), Precision::Float32);   // Pascal
  // A GPU that is not there (no properties) computes nothing faster either.
  EXPECT_EQ(defaultGpuPrecision(0), Precision::Float32);
}

// The default of a device goes by that: float32 for a GPU this machine does not have.
TEST(CudaArchitectures, TheDefaultOfAMissingGpuIsFloat32) {
  EXPECT_EQ(defaultPrecision(Device{DeviceKind::Cuda, compat::cudaDeviceCount()}), Precision::Float32);
}
