#include "cosystudio/request_rules.h"

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

}  // namespace cosystudio
