#include "services/server/streamed_join.h"

#include "cosystudio/audio/crossfade.h"

#include <utility>

namespace cosystudio::services {

std::vector<float> StreamedJoin::add(const AudioChunk& chunk) {
  if (chunk.segment != segment_) {
    if (!seamMade_) makeSeam();
    segment_ = chunk.segment;
    seamMade_ = false;
  }
  if (seamMade_) {
    tail_.insert(tail_.end(), chunk.samples.begin(), chunk.samples.end());
  } else {
    head_.insert(head_.end(), chunk.samples.begin(), chunk.samples.end());
    if (head_.size() >= audio::crossfadeSamples(sampleRate_) || chunk.segmentDone) makeSeam();
  }
  return takeFinal();
}

std::vector<float> StreamedJoin::finish() {
  if (!seamMade_) makeSeam();
  return std::exchange(tail_, {});
}

void StreamedJoin::makeSeam() {
  // The tail holds as much of the joined audio as an overlap can reach, so
  // the seam is the one appendWithCrossfade makes on the whole take.
  audio::appendWithCrossfade(tail_, head_.data(), head_.size(), sampleRate_);
  head_.clear();
  seamMade_ = true;
}

std::vector<float> StreamedJoin::takeFinal() {
  const std::size_t keep = audio::crossfadeSamples(sampleRate_);
  if (tail_.size() <= keep) return {};
  std::vector<float> final(tail_.begin(), tail_.end() - std::ptrdiff_t(keep));
  tail_.erase(tail_.begin(), tail_.end() - std::ptrdiff_t(keep));
  return final;
}

}  // namespace cosystudio::services
