// What every fuzz target shares. The parsers take paths, as the app gives
// them, so each input becomes a file; a parser refuses bad bytes with one of
// the engine's own errors, which name the file. Any other exception escaping a
// target (std::bad_alloc, std::length_error, a torch or JSON error…) ends the
// process and so counts as a finding, like a crash.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string_view>

namespace cosystudio::fuzz {

// `data` written to this process's scratch file `name` (one per process, so
// that parallel fuzzing jobs never share one), in /dev/shm where there is one.
std::filesystem::path writeInput(const uint8_t* data, size_t size, std::string_view name);

// A scratch folder of this process, created on first use.
const std::filesystem::path& scratchFolder();

}  // namespace cosystudio::fuzz

// The libFuzzer entry points: each target defines the first, and the second
// when it has work to do once before the first input.
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);
extern "C" __attribute__((weak)) int LLVMFuzzerInitialize(int* argc, char*** argv);
