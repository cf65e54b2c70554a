#include "cosystudio/atomic_file.h"

#include <string>
#include <system_error>
#include <unistd.h>

namespace cosystudio {

void writeAtomically(const std::filesystem::path& file,
                     const std::function<void(const std::filesystem::path& temporary)>& write) {
  const auto folder = file.has_parent_path() ? file.parent_path() : std::filesystem::path(".");
  // Hidden, and named by machine and process so that two programs saving the
  // same file never share one, on a folder that several machines share too.
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) != 0) host[0] = '\0';
  const auto temporary =
      folder / ("." + file.filename().string() + ".part-" + host + "-" + std::to_string(::getpid()));
  try {
    write(temporary);
    std::filesystem::rename(temporary, file);
  } catch (...) {
    std::error_code ignored;
    std::filesystem::remove(temporary, ignored);
    throw;
  }
}

}  // namespace cosystudio
