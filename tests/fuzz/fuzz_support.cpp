#include "fuzz_support.h"

#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <string>
#include <system_error>
#include <unistd.h>

namespace cosystudio::fuzz {
namespace fs = std::filesystem;

namespace {
void removeScratch() {
  std::error_code ignored;
  fs::remove_all(scratchFolder(), ignored);
}
}  // namespace

const fs::path& scratchFolder() {
  static const fs::path folder = [] {
    const fs::path base = fs::is_directory("/dev/shm") ? fs::path("/dev/shm") : fs::temp_directory_path();
    fs::path f = base / ("cosystudio-fuzz-" + std::to_string(::getpid()));
    fs::create_directories(f);
    std::atexit(removeScratch);
    return f;
  }();
  return folder;
}

fs::path writeInput(const uint8_t* data, size_t size, std::string_view name) {
  const fs::path file = scratchFolder() / fs::path(std::string(name));
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(data), std::streamsize(size));
  if (!out.flush()) throw std::runtime_error("cannot write the fuzz input " + file.string());
  return file;
}

}  // namespace cosystudio::fuzz
