#include "cosystudio/request_rules.h"

#include <string>

namespace cosystudio {

RequestProblem requestProblem(const RequestOutline& r) {
  if (!r.voice) return RequestProblem::NoVoice;
  switch (r.mode) {
    case Mode::VoiceConversion:
      if (!r.sourceClip) return RequestProblem::NoSourceClip;
      break;
    case Mode::ZeroShot:
      if (!r.transcript) return RequestProblem::NoTranscript;
      [[fallthrough]];
    case Mode::CrossLingual:
    case Mode::Instruct:
      if (!r.text) return RequestProblem::NoText;
      if (r.mode == Mode::Instruct && !r.instruction) return RequestProblem::NoInstruction;
      break;
  }
  // Written so that NaN is out of range too.
  if (!(r.speed >= kMinSpeed && r.speed <= kMaxSpeed)) return RequestProblem::SpeedOutOfRange;
  if (r.stream && r.speed != 1.0) return RequestProblem::SpeedWhileStreaming;
  return RequestProblem::None;
}

std::optional<UserMessage> requestProblemMessage(RequestProblem problem, double speed) {
  switch (problem) {
    case RequestProblem::None: return std::nullopt;
    case RequestProblem::NoVoice: return COSYSTUDIO_MESSAGE("Engine", "choose or record a voice first");
    case RequestProblem::NoText:
      return COSYSTUDIO_MESSAGE("Engine", "the text has nothing to speak after normalisation");
    case RequestProblem::NoTranscript:
      return COSYSTUDIO_MESSAGE("Engine", "zero-shot cloning needs the transcript of the voice clip");
    case RequestProblem::NoInstruction: return COSYSTUDIO_MESSAGE("Engine", "instruct mode needs an instruction");
    case RequestProblem::NoSourceClip: return COSYSTUDIO_MESSAGE("Engine", "voice conversion needs a source clip");
    case RequestProblem::SpeedOutOfRange:
      return UserMessage(COSYSTUDIO_MESSAGE("Engine", "speed must be between 0.5 and 2.0, not %1"),
                         {std::to_string(speed)});
    case RequestProblem::SpeedWhileStreaming:
      return COSYSTUDIO_MESSAGE("Engine", "a speed other than 1.0 needs non-streaming synthesis");
  }
  return std::nullopt;
}

}  // namespace cosystudio
