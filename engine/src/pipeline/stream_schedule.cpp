#include "pipeline/stream_schedule.h"

#include <algorithm>

namespace cosystudio {

StreamSchedule::StreamSchedule(int promptTokens)
    : firstPad_((kHop - promptTokens % kHop) % kHop) {}

std::optional<TokenChunk> StreamSchedule::next(int generated) {
  const int thisHop = offset_ == 0 ? hop_ + firstPad_ : hop_;
  if (generated - offset_ < thisHop + kLookahead) return std::nullopt;
  TokenChunk chunk{offset_ + thisHop + kLookahead, offset_, false};
  offset_ += thisHop;
  hop_ = std::min(kMaxHop, hop_ * 2);
  return chunk;
}

TokenChunk StreamSchedule::finish(int generated) const {
  return {generated, offset_, true};
}

}  // namespace cosystudio
