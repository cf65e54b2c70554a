#include "cosystudio/audio/crossfade.h"

#include <algorithm>

namespace cosystudio::audio {

std::size_t crossfadeStart(std::size_t joinedSize, std::size_t size, int sampleRate) {
  return joinedSize - std::min({crossfadeSamples(sampleRate), joinedSize, size});
}

std::size_t appendWithCrossfade(std::vector<float>& joined, const float* piece, std::size_t size, int sampleRate) {
  const std::size_t start = crossfadeStart(joined.size(), size, sampleRate);
  const std::size_t overlap = joined.size() - start;
  for (std::size_t i = 0; i < overlap; ++i) {
    const float w = float(i + 1) / float(overlap + 1);
    joined[start + i] = joined[start + i] * (1.0f - w) + piece[i] * w;
  }
  joined.insert(joined.end(), piece + overlap, piece + size);
  return start;
}

std::vector<SampleSpan> crossfadeSpans(const std::vector<std::size_t>& sizes, int sampleRate) {
  std::vector<SampleSpan> spans;
  std::size_t joined = 0;
  for (const std::size_t size : sizes) {
    const std::size_t begin = crossfadeStart(joined, size, sampleRate);
    joined = begin + size;
    spans.push_back({begin, joined});
  }
  return spans;
}

}  // namespace cosystudio::audio
