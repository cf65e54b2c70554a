// What the CPU can do (CPUID) and which kernels OpenBLAS chose for it.
#include "runtime/cpu_features.h"

#include "cosystudio/runtime.h"

#include <dlfcn.h>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <immintrin.h>
#endif

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <strings.h>
#include <vector>

namespace cosystudio {

namespace {

// CpuFeatures and what only the OpenBLAS check needs.
struct Detected {
  CpuFeatures features;
  bool avx512vl = false;  // OpenBLAS's SkylakeX kernels need it beside AVX-512F
};

#if defined(__x86_64__) || defined(__i386__)

// XCR0, the register in which the operating system says which register state
// it saves on a context switch. XGETBV faults unless CPUID says OSXSAVE.
__attribute__((target("xsave"))) unsigned long long readXcr0() { return _xgetbv(0); }

std::string trimmed(const std::string& text) {
  const auto first = text.find_first_not_of(' ');
  if (first == std::string::npos) return {};
  return text.substr(first, text.find_last_not_of(' ') - first + 1);
}

Detected detect() {
  Detected detected;
  CpuFeatures& f = detected.features;
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  const unsigned maxLeaf = __get_cpuid_max(0, nullptr);
  if (maxLeaf == 0) return detected;
  __cpuid(0, eax, ebx, ecx, edx);
  char vendor[13] = {};
  std::memcpy(vendor, &ebx, 4);
  std::memcpy(vendor + 4, &edx, 4);
  std::memcpy(vendor + 8, &ecx, 4);
  f.vendor = vendor;

  if (__get_cpuid_max(0x80000000, nullptr) >= 0x80000004) {
    unsigned brand[12] = {};
    for (unsigned leaf = 0; leaf < 3; ++leaf)
      __cpuid(0x80000002 + leaf, brand[4 * leaf], brand[4 * leaf + 1], brand[4 * leaf + 2], brand[4 * leaf + 3]);
    char text[49] = {};
    std::memcpy(text, brand, 48);
    f.brand = trimmed(text);
  }

  __cpuid(1, eax, ebx, ecx, edx);
  const unsigned baseFamily = (eax >> 8) & 0xf, baseModel = (eax >> 4) & 0xf;
  f.family = static_cast<int>(baseFamily == 0xf ? baseFamily + ((eax >> 20) & 0xff) : baseFamily);
  f.model = static_cast<int>(baseFamily == 0x6 || baseFamily == 0xf ? (((eax >> 16) & 0xf) << 4) + baseModel
                                                                     : baseModel);
  // An instruction set is usable only when the CPU has it *and* the operating
  // system saves its registers on a context switch (the bits it set in XCR0):
  // AVX needs the YMM state (bits 1-2), AVX-512 the opmask and ZMM states
  // (bits 5-7), AMX the tile configuration and data (bits 17-18). A kernel or
  // hypervisor that leaves a state out makes those instructions fault although
  // CPUID lists them. (Linux also wants each process to ask for the AMX data
  // state before first use, arch_prctl ARCH_REQ_XCOMP_PERM; oneDNN does that.)
  const bool osxsave = (ecx >> 27) & 1;
  const unsigned long long xcr0 = osxsave ? readXcr0() : 0;
  const bool avxState = (xcr0 & 0x6) == 0x6;
  const bool avx512State = avxState && (xcr0 & 0xe0) == 0xe0;
  const bool amxState = (xcr0 & 0x60000) == 0x60000;
  const bool avx = avxState && ((ecx >> 28) & 1);

  if (maxLeaf < 7) return detected;
  __cpuid_count(7, 0, eax, ebx, ecx, edx);
  const unsigned maxSubleaf = eax;
  f.avx2 = avx && ((ebx >> 5) & 1);
  f.avx512f = avx512State && ((ebx >> 16) & 1);
  detected.avx512vl = f.avx512f && ((ebx >> 31) & 1);
  f.avx512_vnni = f.avx512f && ((ecx >> 11) & 1);
  f.amx_bf16 = amxState && ((edx >> 22) & 1);
  f.amx_tile = amxState && ((edx >> 24) & 1);
  f.amx_int8 = amxState && ((edx >> 25) & 1);
  if (maxSubleaf >= 1) {
    __cpuid_count(7, 1, eax, ebx, ecx, edx);
    f.avx_vnni = avx && ((eax >> 4) & 1);
    f.avx512_bf16 = f.avx512f && ((eax >> 5) & 1);
  }
  return detected;
}

#else

Detected detect() { return {}; }

#endif

const Detected& detected() {
  static const Detected once = detect();
  return once;
}

bool equalsIgnoringCase(const std::string& a, const char* b) { return strcasecmp(a.c_str(), b) == 0; }

// The OpenBLAS cores (the names openblas_get_corename gives, which a
// non-dynamic build gives in lower case) whose kernels use AVX2 or AVX-512.
bool hasAvx2Kernels(const std::string& core) {
  for (const char* name : {"Haswell", "Zen", "SkylakeX", "Cooperlake", "SapphireRapids", "Excavator"})
    if (equalsIgnoringCase(core, name)) return true;
  return false;
}

// The cores whose kernels use AVX-512: they crash (illegal instruction) on a
// CPU without it, which OpenBLAS does not check when OPENBLAS_CORETYPE names one.
bool needsAvx512(const std::string& core) {
  for (const char* name : {"SkylakeX", "Cooperlake", "SapphireRapids"})
    if (equalsIgnoringCase(core, name)) return true;
  return false;
}

// "OpenBLAS 0.3.21" from openblas_get_config's "OpenBLAS 0.3.21 DYNAMIC_ARCH ...".
std::string openBlasName(const std::string& config) {
  if (config.rfind("OpenBLAS ", 0) != 0) return "OpenBLAS";
  return config.substr(0, config.find(' ', 9));
}

// Whether "OpenBLAS 0.3.21" is at least major.minor.patch; false when it names no version.
bool versionAtLeast(const std::string& name, int major, int minor, int patch) {
  int have[3] = {};
  if (std::sscanf(name.c_str(), "OpenBLAS %d.%d.%d", &have[0], &have[1], &have[2]) != 3) return false;
  const int want[3] = {major, minor, patch};
  for (int i = 0; i < 3; ++i)
    if (have[i] != want[i]) return have[i] > want[i];
  return true;
}

}  // namespace

std::string openBlasWarning(const std::string& coreName, const std::string& config, const CpuFeatures& cpu,
                            bool avx512vl, const char* forcedCore) {
  const bool forced = forcedCore != nullptr && *forcedCore != '\0';
  const std::string name = openBlasName(config);
  const std::string byVariable = forced ? "OPENBLAS_CORETYPE=" + std::string(forcedCore) + " makes " : "";
  const bool amd = cpu.vendor == "AuthenticAMD" || cpu.vendor == "HygonGenuine";
  const std::string better = avx512vl ? "SkylakeX" : amd ? "Zen" : "Haswell";
  if (!cpu.vendor.empty() && !avx512vl && needsAvx512(coreName))
    return byVariable + name + (forced ? " run " : " runs ") + coreName +
           " kernels, which need AVX-512, on a CPU without it: " +
           (forced ? "unset OPENBLAS_CORETYPE" + (cpu.avx2 ? " or set it to " + better : std::string())
                   : std::string("install an OpenBLAS built for this CPU"));
  if (!cpu.avx2 || coreName.empty() || hasAvx2Kernels(coreName)) return {};
  // OpenBLAS up to 0.3.24 takes an Intel family 6 model it has no entry for
  // (family 6 model 207, Emerald Rapids, in 0.3.21) for a Pentium 4 and runs
  // its Prescott kernels, several times slower than the AVX2 ones; 0.3.25
  // chooses by the instruction sets instead. The names suggested are ones
  // 0.3.21 knows in OPENBLAS_CORETYPE: it does not know Cooperlake there
  // (0.3.22 does), nor does any release up to 0.3.28 know SapphireRapids; an
  // unknown name makes it choose by the instruction sets, silently.
  const std::string why = " its slow " + coreName + " kernels although the CPU has " +
                          (cpu.avx512f ? "AVX-512" : "AVX2") + ": ";
  if (forced) return byVariable + name + " run" + why + "set OPENBLAS_CORETYPE=" + better + " instead";
  std::string warning =
      name + " does not know this CPU and runs" + why + "run with OPENBLAS_CORETYPE=" + better + " in the environment";
  if (!versionAtLeast(name, 0, 3, 25)) warning += ", or install OpenBLAS 0.3.25 or newer";
  return warning;
}

CpuFeatures cpuFeatures() { return detected().features; }

std::string describeCpuFeatures(const CpuFeatures& f) {
  if (f.vendor.empty()) return "not an x86 CPU, no instruction sets detected";
  std::string text = f.brand.empty() ? f.vendor : f.brand;
  text += " (" + f.vendor + " family " + std::to_string(f.family) + " model " + std::to_string(f.model) + "): ";
  std::vector<std::string> sets;
  if (f.avx2) sets.emplace_back("AVX2");
  if (f.avx512f) sets.emplace_back("AVX-512");
  if (f.avx512_bf16) sets.emplace_back("AVX-512 BF16");
  if (f.avx512_vnni) sets.emplace_back("AVX-512 VNNI");
  if (f.avx_vnni) sets.emplace_back("AVX-VNNI");
  if (f.amx_tile) {
    std::string amx = "AMX";
    if (f.amx_bf16 || f.amx_int8)
      amx += std::string(" (") + (f.amx_bf16 ? "BF16" : "") + (f.amx_bf16 && f.amx_int8 ? ", " : "") +
             (f.amx_int8 ? "INT8" : "") + ")";
    sets.push_back(amx);
  }
  if (sets.empty()) return text + "no AVX2";
  for (size_t i = 0; i < sets.size(); ++i) text += (i ? ", " : "") + sets[i];
  return text;
}

OpenBlasInfo openBlasInfo() {
  OpenBlasInfo info;
  // Looked up, not linked: the PyPI libtorch carries MKL, and Debian's may run
  // on another libblas.so.3.
  using Text = char* (*)();
  const auto corename = reinterpret_cast<Text>(dlsym(RTLD_DEFAULT, "openblas_get_corename"));
  if (corename == nullptr) return info;
  info.loaded = true;
  if (const char* core = corename()) info.coreName = core;
  if (const auto config = reinterpret_cast<Text>(dlsym(RTLD_DEFAULT, "openblas_get_config")))
    if (const char* text = config()) info.config = text;

  info.warning = openBlasWarning(info.coreName, info.config, detected().features, detected().avx512vl,
                                 std::getenv("OPENBLAS_CORETYPE"));
  return info;
}

std::string describeOpenBlas(const OpenBlasInfo& info) {
  if (!info.loaded) return "not OpenBLAS";
  std::string text = openBlasName(info.config);
  if (!info.coreName.empty()) text += ", " + info.coreName + " kernels";
  return text;
}

}  // namespace cosystudio
