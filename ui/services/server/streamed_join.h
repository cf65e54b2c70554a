// The engine's chunks joined as the engine joins a take's segments
// (audio/crossfade.h), passed on as soon as no later seam can change them, so
// that a stream holds the same samples as the take.
#pragma once

#include "cosystudio/engine.h"

#include <vector>

namespace cosystudio::services {

class StreamedJoin {
 public:
  explicit StreamedJoin(int sampleRate) : sampleRate_(sampleRate) {}

  // The samples that are final once `chunk` is added.
  std::vector<float> add(const AudioChunk& chunk);
  // The rest, when every segment is done.
  std::vector<float> finish();

 private:
  // Joins the gathered start of the segment to the held tail.
  void makeSeam();
  std::vector<float> takeFinal();

  int sampleRate_;
  int segment_ = -1;
  // The end of the joined audio, one overlap long, that the next segment's start fades into.
  std::vector<float> tail_;
  // The start of the current segment until it is one overlap long (or the segment ends): only then is the overlap known.
  std::vector<float> head_;
  bool seamMade_ = true;
};

}  // namespace cosystudio::services
