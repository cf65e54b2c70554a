// Which GPUs a CUDA libtorch has kernels for, and what a GPU computes in by
// default: plain rules on compute capabilities, apart from torch and CUDA so
// that the CPU tests them.
#pragma once

#include "cosystudio/runtime.h"

#include <string>
#include <vector>

namespace cosystudio {

// The GPU code a libtorch build carries, as at::show_config()'s "NVCC
// architecture flags" line gives nvcc's -gencode options
// ("-gencode;arch=compute_75,code=sm_75;...;arch=compute_90,code=compute_90"):
// "sm_75", "sm_90a", "compute_90". None where the line is missing: a CPU
// build, or a CUDA build that sees no GPU (at::show_config() then leaves
// CUDA out).
std::vector<std::string> cudaArchitectures(const std::string& buildConfig);

// Whether code for `architectures` runs on a GPU of compute capability
// major.minor: machine code for sm_XY on X.Z with Z >= Y (sm_XYa, made for
// one architecture, on X.Y alone), PTX (compute_XY) on X.Y and every later
// GPU, which the driver compiles it for.
bool cudaArchitecturesRun(const std::vector<std::string>& architectures, int major, int minor);

// Empty where the GPU can run this build's code, or where the build names no
// architectures; otherwise, naming the GPU: "NVIDIA GeForce GTX 1080 (compute
// capability 6.1) is not among the GPUs this libtorch was built for: sm_75 sm_80 ...".
std::string cudaArchitectureProblem(const std::string& gpuName, int major, int minor,
                                    const std::vector<std::string>& architectures);

// The precision a GPU of compute capability computeMajor.x computes in by
// default: bf16 from Ampere (8.0) on, which multiplies it natively; fp16 on
// Volta and Turing (7.x), whose tensor cores take fp16 but not bf16; fp32
// before them.
Precision defaultGpuPrecision(int computeMajor);

}  // namespace cosystudio
