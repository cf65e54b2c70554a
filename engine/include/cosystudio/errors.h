// What the engine throws: the ground floor, so that a network or the model
// folder's check can throw without the engine's whole header.
#pragma once

#include "cosystudio/user_message.h"

#include <utility>

namespace cosystudio {

// Thrown when the engine cannot do what was asked; what() is user-readable,
// message() translatable (user_message.h).
class EngineError : public UserError {
 public:
  using UserError::UserError;
};

// A new model failed to load (what() says why) and the model loaded before it
// is loaded again: the engine is still usable, options() naming that model.
class ModelKept : public EngineError {
 public:
  using EngineError::EngineError;
};

class Cancelled : public EngineError {
 public:
  Cancelled() : EngineError("cancelled") {}
};

// A segment outran SynthesisSettings::segmentTimeLimitSeconds: the request was
// stopped; another seed usually cures it.
class RunawaySegment : public EngineError {
 public:
  RunawaySegment(int segment, UserMessage message) : EngineError(std::move(message)), segment_(segment) {}
  int segment() const { return segment_; }  // 0-based

 private:
  int segment_;
};

}  // namespace cosystudio
