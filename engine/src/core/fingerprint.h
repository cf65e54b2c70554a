// A short, stable fingerprint of some bytes (64-bit FNV-1a, as 16 hex digits):
// to tell files and voices apart, not to defend against anyone.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

namespace cosystudio {

class Fingerprint {
 public:
  void mix(const void* data, std::size_t size) {
    const auto* bytes = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < size; ++i) hash_ = (hash_ ^ bytes[i]) * 1099511628211ull;
  }
  std::string hex() const {
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash_));
    return text;
  }

 private:
  uint64_t hash_ = 1469598103934665603ull;
};

}  // namespace cosystudio
