// CPU features from CPUID against what Linux says, and the OpenBLAS check.
#include "runtime/cpu_features.h"

#include "cosystudio/runtime.h"

#include <ATen/Parallel.h>

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

using namespace cosystudio;

namespace {

// The first processor's "key : value" lines of /proc/cpuinfo.
std::string cpuinfoValue(const std::string& key) {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line)) {
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string name = line.substr(0, colon);
    name.erase(name.find_last_not_of(" \t") + 1);
    if (name != key) continue;
    const auto start = line.find_first_not_of(' ', colon + 1);
    return start == std::string::npos ? std::string() : line.substr(start);
  }
  return {};
}

std::set<std::string> cpuinfoFlags() {
  std::istringstream words(cpuinfoValue("flags"));
  std::set<std::string> flags;
  for (std::string flag; words >> flag;) flags.insert(flag);
  return flags;
}

CpuFeatures emeraldRapids() {
  CpuFeatures cpu;
  cpu.vendor = "GenuineIntel";
  cpu.brand = "INTEL(R) XEON(R) PLATINUM 8581C CPU @ 2.30GHz";
  cpu.family = 6;
  cpu.model = 207;
  cpu.avx2 = cpu.avx512f = cpu.avx512_bf16 = cpu.avx512_vnni = cpu.avx_vnni = true;
  cpu.amx_tile = cpu.amx_bf16 = cpu.amx_int8 = true;
  return cpu;
}

const char* const kConfig0321 = "OpenBLAS 0.3.21 DYNAMIC_ARCH NO_AFFINITY Prescott MAX_THREADS=64";

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

// Linux lists an instruction set in /proc/cpuinfo only when the CPU has it and
// the kernel saves its registers: the same test as cpuFeatures().
TEST(CpuFeatures, AgreeWithProcCpuinfo) {
#if !defined(__x86_64__) && !defined(__i386__)
  EXPECT_TRUE(cpuFeatures().vendor.empty());
  GTEST_SKIP() << "not an x86 CPU: no features are detected";
#endif
  const std::set<std::string> flags = cpuinfoFlags();
  if (flags.empty()) GTEST_SKIP() << "no /proc/cpuinfo with a flags line (not Linux?)";
  const CpuFeatures cpu = cpuFeatures();
  EXPECT_EQ(cpu.vendor, cpuinfoValue("vendor_id"));
  EXPECT_EQ(cpu.brand, cpuinfoValue("model name"));
  EXPECT_EQ(std::to_string(cpu.family), cpuinfoValue("cpu family"));
  EXPECT_EQ(std::to_string(cpu.model), cpuinfoValue("model"));
  const std::pair<const char*, bool> expected[] = {
      {"avx2", cpu.avx2},         {"avx512f", cpu.avx512f},   {"avx512_bf16", cpu.avx512_bf16},
      {"avx512_vnni", cpu.avx512_vnni}, {"avx_vnni", cpu.avx_vnni}, {"amx_tile", cpu.amx_tile},
      {"amx_bf16", cpu.amx_bf16}, {"amx_int8", cpu.amx_int8},
  };
  for (const auto& [flag, detected] : expected) EXPECT_EQ(detected, flags.count(flag) == 1) << flag;
  // The line --version prints names each one found.
  const std::string line = describeCpuFeatures(cpu);
  EXPECT_TRUE(has(line, cpu.vendor)) << line;
  EXPECT_EQ(has(line, "AVX2"), cpu.avx2) << line;
  EXPECT_EQ(has(line, "AVX-512"), cpu.avx512f) << line;
  EXPECT_EQ(has(line, "AMX"), cpu.amx_tile) << line;
}

TEST(CpuFeatures, DescribeNamesTheCpuAndEachInstructionSet) {
  EXPECT_EQ(describeCpuFeatures(emeraldRapids()),
            "INTEL(R) XEON(R) PLATINUM 8581C CPU @ 2.30GHz (GenuineIntel family 6 model 207): AVX2, AVX-512, "
            "AVX-512 BF16, AVX-512 VNNI, AVX-VNNI, AMX (BF16, INT8)");
  CpuFeatures old;
  old.vendor = "GenuineIntel";
  old.family = 6;
  old.model = 44;
  EXPECT_EQ(describeCpuFeatures(old), "GenuineIntel (GenuineIntel family 6 model 44): no AVX2");
  EXPECT_EQ(describeCpuFeatures(CpuFeatures{}), "not an x86 CPU, no instruction sets detected");
}

// Debian's libtorch calls libblas.so.3, OpenBLAS where libopenblas0 is
// installed (setup.sh installs it); PyPI's libtorch carries MKL.
TEST(OpenBlas, NamesTheKernelsItChose) {
  const OpenBlasInfo info = openBlasInfo();
  if (!info.loaded)
    GTEST_SKIP() << "OpenBLAS is not loaded in this process (its BLAS: " << cpuBackend().blas << ")";
  EXPECT_FALSE(info.coreName.empty());
  EXPECT_EQ(info.config.rfind("OpenBLAS ", 0), 0u) << info.config;
  const std::string line = describeOpenBlas(info);
  EXPECT_EQ(line.rfind("OpenBLAS", 0), 0u) << line;
  EXPECT_TRUE(has(line, info.coreName + " kernels")) << line;
  // Its warning is the one openBlasWarning gives for this CPU (which takes
  // AVX-512VL, not in CpuFeatures, into account only beside AVX-512F).
  if (!cpuFeatures().avx512f)
    EXPECT_EQ(info.warning, openBlasWarning(info.coreName, info.config, cpuFeatures(), false,
                                            std::getenv("OPENBLAS_CORETYPE")));
}

// OpenBLAS 0.3.21 on Intel family 6 model 207 (Emerald Rapids): Prescott kernels.
TEST(OpenBlas, WarnsOfGenericKernelsOnACpuItDoesNotKnow) {
  const std::string warning = openBlasWarning("Prescott", kConfig0321, emeraldRapids(), true, nullptr);
  EXPECT_EQ(warning,
            "OpenBLAS 0.3.21 does not know this CPU and runs its slow Prescott kernels although the CPU has "
            "AVX-512: run with OPENBLAS_CORETYPE=SkylakeX in the environment, or install OpenBLAS 0.3.25 or newer");
  // AVX2 only: Haswell on Intel, Zen on AMD; a release that chooses by the
  // instruction sets is no remedy to name when it is the one running.
  CpuFeatures avx2 = emeraldRapids();
  avx2.avx512f = avx2.avx512_bf16 = avx2.avx512_vnni = false;
  EXPECT_TRUE(has(openBlasWarning("Prescott", kConfig0321, avx2, false, nullptr), "OPENBLAS_CORETYPE=Haswell "));
  avx2.vendor = "AuthenticAMD";
  EXPECT_TRUE(has(openBlasWarning("Nehalem", kConfig0321, avx2, false, nullptr), "OPENBLAS_CORETYPE=Zen "));
  EXPECT_FALSE(has(openBlasWarning("Prescott", "OpenBLAS 0.3.26 DYNAMIC_ARCH", avx2, false, nullptr), "0.3.25"));
  // The variable itself chose the slow kernels.
  EXPECT_EQ(openBlasWarning("Sandybridge", kConfig0321, avx2, false, "Sandybridge"),
            "OPENBLAS_CORETYPE=Sandybridge makes OpenBLAS 0.3.21 run its slow Sandybridge kernels although the CPU "
            "has AVX2: set OPENBLAS_CORETYPE=Zen instead");
}

TEST(OpenBlas, NoWarningWhenTheKernelsSuitTheCpu) {
  for (const char* core : {"Haswell", "Zen", "SkylakeX", "Cooperlake", "haswell"})
    EXPECT_EQ(openBlasWarning(core, kConfig0321, emeraldRapids(), true, nullptr), "") << core;
  CpuFeatures old;
  old.vendor = "GenuineIntel";
  EXPECT_EQ(openBlasWarning("Nehalem", kConfig0321, old, false, nullptr), "");  // it has no AVX2 to miss
  EXPECT_EQ(openBlasWarning("neoversen1", "OpenBLAS 0.3.21 NEOVERSEN1", CpuFeatures{}, false, nullptr), "");
}

// OpenBLAS does not check the CPU can run the kernels OPENBLAS_CORETYPE names.
TEST(OpenBlas, WarnsOfAvx512KernelsOnACpuWithoutAvx512) {
  CpuFeatures zen3;
  zen3.vendor = "AuthenticAMD";
  zen3.avx2 = true;
  EXPECT_EQ(openBlasWarning("SkylakeX", kConfig0321, zen3, false, "SkylakeX"),
            "OPENBLAS_CORETYPE=SkylakeX makes OpenBLAS 0.3.21 run SkylakeX kernels, which need AVX-512, on a CPU "
            "without it: unset OPENBLAS_CORETYPE or set it to Zen");
  EXPECT_EQ(openBlasWarning("SkylakeX", kConfig0321, emeraldRapids(), true, "SkylakeX"), "");
}

// With OpenBLAS's own thread pool the matrix products get the threads and
// libtorch's OpenMP workers one, so that the two pools do not spin against
// each other (docs/PERFORMANCE.md, "Threads with OpenBLAS").
TEST(OpenBlas, TheMatrixProductsGetTheThreads) {
  const int before = cpuBackend().threads;
  setCpuThreads(2);
  const CpuBackend backend = cpuBackend();
  EXPECT_EQ(backend.threads, 2);
  EXPECT_EQ(at::get_num_threads(), backend.blasOwnThreads ? 1 : 2);
  if (backend.blasOwnThreads)
    EXPECT_NE(describeCpuBackend(backend).find("libtorch's own work on 1"), std::string::npos);
  setCpuThreads(before);
}
