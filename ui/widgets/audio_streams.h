// Lets the audio server's answer to a closing stream arrive before the process
// exits. Qt 6.4's PulseAudio engine disconnects at static destruction without
// holding its mainloop lock (later Qt takes it); the server answers every stream
// that closes with a device-state event a few milliseconds later, and if that
// event is processed during the disconnect the exit crashes.
#pragma once

namespace cosystudio::ui {

// Called by PcmPlayer and ClipRecorder whenever they stop a stream.
void noteAudioStreamStopped();

// Blocks until 200 ms have passed since the last stop; returns at
// once when no stream stopped that recently. Call it last, before main returns.
void waitForAudioServerAnswer();

}  // namespace cosystudio::ui
