// What a client of CosyStudio's own API heard while a server made speech for
// it (remote_speech_test, window_server_test): each segment's streamed audio,
// and how many progress reports came.
#pragma once

#include "cosystudio/engine.h"

#include <map>
#include <vector>

struct HeardSpeech {
  std::map<int, std::vector<float>> streamed;
  int progress = 0;

  // Callbacks that fill it; it must outlive them.
  cosystudio::SynthesisCallbacks callbacks() {
    cosystudio::SynthesisCallbacks heard;
    heard.onAudio = [this](const cosystudio::AudioChunk& chunk) {
      streamed[chunk.segment].insert(streamed[chunk.segment].end(), chunk.samples.begin(), chunk.samples.end());
    };
    heard.onProgress = [this](const cosystudio::Progress&) { ++progress; };
    return heard;
  }
};
