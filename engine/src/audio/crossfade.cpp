#include "cosystudio/audio/crossfade.h"

#include <algorithm>

namespace cosystudio::audio {

void appendWithCrossfade(std::vector<float>& joined, const float* piece, std::size_t size, int sampleRate) {
  const std::size_t overlap = std::min({crossfadeSamples(sampleRate), joined.size(), size});
  const std::size_t start = joined.size() - overlap;
  for (std::size_t i = 0; i < overlap; ++i) {
    const float w = float(i + 1) / float(overlap + 1);
    joined[start + i] = joined[start + i] * (1.0f - w) + piece[i] * w;
  }
  joined.insert(joined.end(), piece + overlap, piece + size);
}

}  // namespace cosystudio::audio
