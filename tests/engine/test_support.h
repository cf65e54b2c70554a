// Small helpers shared by the engine tests.
#pragma once

#include <exception>
#include <functional>
#include <string>

namespace cosystudio::test {

// The message of the exception `f` throws, or "(no error)".
inline std::string errorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace cosystudio::test
