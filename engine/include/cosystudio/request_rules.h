// What a synthesis request needs in each mode: one rule, asked by the engine
// before it synthesises, by the CLI before it loads a model and by the window
// before it queues a job. Each words the problem for its own reader.
#pragma once

#include "cosystudio/engine.h"

#include <optional>

namespace cosystudio {

inline constexpr double kMinSpeed = 0.5;
inline constexpr double kMaxSpeed = 2.0;
// The seeds every front end takes and draws, 0 .. kMaxSeed: what the window's
// seed box holds, so that any seed shown (a take's, a retake's, one a program
// asked for) can be typed back in. The engine itself takes any.
inline constexpr uint64_t kMaxSeed = 2147483647;

// Which parts a request has, as far as the one asking knows them.
struct RequestOutline {
  Mode mode = Mode::ZeroShot;
  bool voice = false;       // a prompt clip or a prepared voice
  bool text = false;        // text that is not blank
  bool transcript = false;  // of the voice's clip
  bool instruction = false;
  bool sourceClip = false;
  double speed = 1.0;
  bool stream = false;
};

enum class RequestProblem {
  None,
  NoVoice,
  NoText,          // every mode but voice conversion speaks a text
  NoTranscript,    // zero-shot
  NoInstruction,   // instruct
  NoSourceClip,    // voice conversion
  SpeedOutOfRange,  // outside kMinSpeed .. kMaxSpeed
  // The speed change resamples a segment's whole mel at once, so it cannot
  // run on streamed chunks.
  SpeedWhileStreaming,
};

// The first problem, in the order a user would fix them: the voice, what the
// mode needs, then the speed.
RequestProblem requestProblem(const RequestOutline& request);

// The problem in the engine's words (`speed`: the request's, for SpeedOutOfRange);
// nothing for RequestProblem::None.
std::optional<UserMessage> requestProblemMessage(RequestProblem problem, double speed);

}  // namespace cosystudio
