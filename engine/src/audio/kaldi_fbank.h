// Kaldi filterbank features: torchaudio.compliance.kaldi.fbank(wav16k,
// num_mel_bins=80, dither=0, sample_frequency=16000, window_type=...) with
// every other option at its default. The speaker model (CAM++) takes them with
// Kaldi's default Povey window, the recogniser (SenseVoice) with a Hamming one.
#pragma once

#include <ATen/ATen.h>

namespace cosystudio::audio {

enum class FbankWindow { Povey, Hamming };

// waveform: (1, N) or (N,) float32 at 16 kHz (CAM++ takes samples in [-1, 1],
// SenseVoice in the int16 range). Returns (frames, 80) with frames = 1 + (N - 400) / 160,
// or (0, 80) for fewer than 400 samples, on the waveform's device.
at::Tensor kaldiFbank(const at::Tensor& waveform, FbankWindow window = FbankWindow::Povey);

// Per-utterance mean subtraction over frames, as the official frontend applies
// before CAM++.
at::Tensor subtractFrameMean(const at::Tensor& features);

}  // namespace cosystudio::audio
