// Matcha-TTS's mel spectrogram at 24 kHz, the flow's prompt features:
// matcha.utils.audio.mel_spectrogram(wav24k, n_fft=1920, num_mels=80,
// sampling_rate=24000, hop_size=480, win_size=1920, fmin=0, fmax=12000,
// center=False).
#pragma once

#include <ATen/ATen.h>

namespace cosystudio::audio {

// waveform: (1, N) float32 at 24 kHz (N > 720). Returns (1, 80, N / 480) on
// the waveform's device.
at::Tensor flowMel(const at::Tensor& waveform);

}  // namespace cosystudio::audio
