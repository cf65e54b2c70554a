// Whisper's log-mel spectrogram with 128 bands, the speech tokenizer's input:
// whisper.log_mel_spectrogram(wav16k, n_mels=128).
#pragma once

#include <ATen/ATen.h>

namespace cosystudio::audio {

// waveform: (1, N) float32 at 16 kHz (N > 200). Returns (1, 128, N / 160) on
// the waveform's device.
at::Tensor whisperLogMel(const at::Tensor& waveform);

}  // namespace cosystudio::audio
