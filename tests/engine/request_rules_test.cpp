// The one rule of what a request needs in each mode (cosystudio/request_rules.h),
// which the engine, the CLI and the window each word for their own reader.
#include "cosystudio/request_rules.h"

#include <gtest/gtest.h>

#include <cmath>

namespace cosystudio {
namespace {

RequestOutline complete(Mode mode) {
  RequestOutline r;
  r.mode = mode;
  r.voice = r.text = r.transcript = r.instruction = r.sourceClip = true;
  return r;
}

TEST(RequestRules, EachModeNeedsItsOwnParts) {
  for (Mode mode : {Mode::ZeroShot, Mode::CrossLingual, Mode::Instruct, Mode::VoiceConversion})
    EXPECT_EQ(requestProblem(complete(mode)), RequestProblem::None);

  RequestOutline r = complete(Mode::ZeroShot);
  r.transcript = false;
  EXPECT_EQ(requestProblem(r), RequestProblem::NoTranscript);
  r.mode = Mode::CrossLingual;  // cross-lingual is what needs no transcript
  EXPECT_EQ(requestProblem(r), RequestProblem::None);

  r = complete(Mode::Instruct);
  r.instruction = false;
  EXPECT_EQ(requestProblem(r), RequestProblem::NoInstruction);

  r = complete(Mode::VoiceConversion);
  r.text = r.transcript = r.instruction = false;  // voice conversion speaks no text
  EXPECT_EQ(requestProblem(r), RequestProblem::None);
  r.sourceClip = false;
  EXPECT_EQ(requestProblem(r), RequestProblem::NoSourceClip);

  for (Mode mode : {Mode::ZeroShot, Mode::CrossLingual, Mode::Instruct}) {
    r = complete(mode);
    r.text = false;
    EXPECT_EQ(requestProblem(r), RequestProblem::NoText);
  }
}

TEST(RequestRules, TheVoiceComesFirstThenWhatTheModeNeeds) {
  RequestOutline r;  // nothing at all
  r.mode = Mode::ZeroShot;
  EXPECT_EQ(requestProblem(r), RequestProblem::NoVoice);
  r.voice = true;
  EXPECT_EQ(requestProblem(r), RequestProblem::NoTranscript);
  r.transcript = true;
  EXPECT_EQ(requestProblem(r), RequestProblem::NoText);
  r.text = true;
  r.speed = 3.0;
  EXPECT_EQ(requestProblem(r), RequestProblem::SpeedOutOfRange);
}

TEST(RequestRules, Speed) {
  RequestOutline r = complete(Mode::CrossLingual);
  for (double speed : {kMinSpeed, 1.0, kMaxSpeed}) {
    r.speed = speed;
    EXPECT_EQ(requestProblem(r), RequestProblem::None) << speed;
  }
  for (double speed : {0.0, kMinSpeed - 0.01, kMaxSpeed + 0.01, std::nan(""), HUGE_VAL}) {
    r.speed = speed;
    EXPECT_EQ(requestProblem(r), RequestProblem::SpeedOutOfRange) << speed;
  }
  r.speed = 1.5;
  r.stream = true;
  EXPECT_EQ(requestProblem(r), RequestProblem::SpeedWhileStreaming);
  r.speed = 1.0;
  EXPECT_EQ(requestProblem(r), RequestProblem::None);
}

}  // namespace
}  // namespace cosystudio
