// Joining pieces of audio (the segments of a long text) without a click at the
// seams. Torch-free: the engine joins a request's segments with it, and the UI
// rejoins a take after one of its segments was regenerated.
#pragma once

#include <cstddef>
#include <vector>

namespace cosystudio::audio {

// Appends `size` samples to `joined`; the first 10 ms of the piece fade in over
// the last 10 ms already there (linear), so the result is shorter than the sum
// of the pieces by one overlap per seam.
void appendWithCrossfade(std::vector<float>& joined, const float* piece, std::size_t size, int sampleRate);

// The overlap of one seam: 10 ms (less when a piece is shorter).
inline std::size_t crossfadeSamples(int sampleRate) { return std::size_t(sampleRate / 100); }

}  // namespace cosystudio::audio
