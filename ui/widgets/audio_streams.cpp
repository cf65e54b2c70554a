#include "audio_streams.h"

#include <atomic>
#include <chrono>
#include <thread>

namespace cosystudio::ui {

namespace {

// Measured with `pactl subscribe` on a local server: the source or sink
// "change" event follows a stream's stop by 3-5 ms; 200 ms leaves room for a
// loaded machine.
constexpr auto kAudioServerAnswer = std::chrono::milliseconds(200);

using Clock = std::chrono::steady_clock;
std::atomic<Clock::rep> lastStop{0};

}  // namespace

void noteAudioStreamStopped() { lastStop = Clock::now().time_since_epoch().count(); }

void waitForAudioServerAnswer() {
  const Clock::time_point stopped{Clock::duration(lastStop.load())};
  if (stopped.time_since_epoch().count() == 0) return;
  std::this_thread::sleep_until(stopped + kAudioServerAnswer);
}

}  // namespace cosystudio::ui
