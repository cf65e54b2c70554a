// Files written whole or not at all: `write` fills a temporary file beside
// `file` (in its folder, so that the rename never crosses file systems), which
// then replaces `file`. On any failure the temporary is removed, the error
// passed on and `file` left as it was: an interrupted save never leaves half
// a file, nor a stray temporary.
#pragma once

#include <filesystem>
#include <functional>

namespace cosystudio {

void writeAtomically(const std::filesystem::path& file,
                     const std::function<void(const std::filesystem::path& temporary)>& write);

}  // namespace cosystudio
