// Joining pieces of audio (the segments of a long text) without a click at the
// seams. Torch-free: the engine joins a request's segments with it, and the UI
// rejoins a take after one of its segments was regenerated.
#pragma once

#include <cstddef>
#include <vector>

namespace cosystudio::audio {

// The overlap of one seam: 10 ms (less when a piece is shorter).
inline std::size_t crossfadeSamples(int sampleRate) { return std::size_t(sampleRate / 100); }

// Where a piece of `size` samples begins once appended to `joinedSize` samples:
// one overlap before their end.
std::size_t crossfadeStart(std::size_t joinedSize, std::size_t size, int sampleRate);

// Appends `size` samples to `joined`; the first 10 ms of the piece fade in over
// the last 10 ms already there (linear), so the result is shorter than the sum
// of the pieces by one overlap per seam. Returns where the piece begins in `joined`.
std::size_t appendWithCrossfade(std::vector<float>& joined, const float* piece, std::size_t size, int sampleRate);

// Where a piece lies in joined audio: samples [begin, end).
struct SampleSpan {
  std::size_t begin = 0;
  std::size_t end = 0;
};

// Where pieces of these sizes lie once joined one after another with
// appendWithCrossfade (each span holds its whole piece, seams included).
std::vector<SampleSpan> crossfadeSpans(const std::vector<std::size_t>& sizes, int sampleRate);

}  // namespace cosystudio::audio
