// What SenseVoice-Small's official `config.yaml` says about the network and its
// front end (FunASR's SenseVoiceSmall with a SenseVoiceEncoderSmall and a
// WavFrontend), read without running anything. Values the port does not
// implement are refused naming the key, rather than computed differently.
#pragma once

#include <cstdint>
#include <filesystem>

namespace cosystudio::asr {

struct SenseVoiceConfig {
  // Front end: Kaldi fbank of `melBins` at 16 kHz, 25/10 ms, Hamming window,
  // then low frame rate stacking of `lfrM` frames every `lfrN`.
  int64_t melBins = 80;
  int64_t lfrM = 7;
  int64_t lfrN = 6;
  // Encoder: `blocks` SANM layers (the first maps the stacked features to
  // `outputSize`), then `tpBlocks` more after a norm.
  int64_t outputSize = 512;
  int64_t heads = 4;
  int64_t linearUnits = 2048;
  int64_t blocks = 50;
  int64_t tpBlocks = 20;
  int64_t kernelSize = 11;  // the FSMN memory block's taps
  int64_t sanmShift = 0;    // taps moved from the future to the past

  int64_t inputSize() const { return melBins * lfrM; }
  // Milliseconds of audio per encoder frame.
  int64_t frameMs() const { return 10 * lfrN; }

  // Throws ConfigError naming the file and the key.
  static SenseVoiceConfig load(const std::filesystem::path& file);
};

}  // namespace cosystudio::asr
