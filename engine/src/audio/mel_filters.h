// Mel filter banks and analysis windows of the three feature extractors,
// computed the way their official implementations compute them. All are
// float32 CPU tensors; callers move them to the signal's device.
#pragma once

#include <ATen/ATen.h>

namespace cosystudio::audio {

// librosa.filters.mel(sr, n_fft, n_mels, fmin, fmax) with its defaults
// (Slaney mel scale, Slaney area normalisation): (n_mels, n_fft / 2 + 1).
// Whisper ships the 16 kHz / n_fft 400 banks as a file; Matcha calls librosa.
at::Tensor slaneyMelFilters(int sampleRate, int nFft, int nMels, double fMin, double fMax);

// Kaldi's triangular mel banks as torchaudio.compliance.kaldi builds them
// (1127 ln(1 + f/700), float32 arithmetic), with the zero Nyquist column
// appended: (nMels, paddedWindow / 2 + 1).
at::Tensor kaldiMelBanks(int nMels, int paddedWindow, double sampleRate, double lowFreq,
                         double highFreq);

// Kaldi's "povey" window: symmetric Hann to the power 0.85.
at::Tensor poveyWindow(int length);

}  // namespace cosystudio::audio
