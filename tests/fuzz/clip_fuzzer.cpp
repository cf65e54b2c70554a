// Clip loading and analysis through libsndfile, as for a file dropped on the
// window: probe, limits, load, the clip advice, resampling for listening;
// and without limits, as a long recording is opened for trimming.
#include "fuzz_support.h"

#include "cosystudio/audio/analysis.h"
#include "cosystudio/audio/clip.h"

namespace audio = cosystudio::audio;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const auto file = cosystudio::fuzz::writeInput(data, size, "clip.wav");
  try {
    const audio::ClipInfo info = audio::probeClip(file);
    if (!audio::limitViolation(info, audio::ClipLimits{})) {
      const audio::Clip clip = audio::loadClip(file);
      (void)audio::analyseClip(clip);
      (void)audio::resampleForUser(audio::downmixToMono(clip), 44100);
    }
    (void)audio::loadClip(file, audio::ClipLimits::none());
  } catch (const audio::AudioError&) {
  }
  return 0;
}
