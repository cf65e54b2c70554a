// Samples as 16-bit PCM, for a caller that writes the container itself (a
// stream whose length is not known when it starts).
#pragma once

#include <cstdint>
#include <vector>

namespace cosystudio::audio {

// `samples` as writeAudio puts them in a 16-bit WAV: converted by libsndfile
// itself, out-of-range samples clipped, so that both give the same numbers.
std::vector<std::int16_t> toPcm16(const std::vector<float>& samples);

}  // namespace cosystudio::audio
