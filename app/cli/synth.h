// synth's options (command_synth.cpp) and its three drivers over one render
// skeleton (render_run.h): the text (synth_text.cpp), a --script
// (synth_script.cpp) and --srt subtitles to dub (synth_subtitles.cpp).
#pragma once

#include "render_run.h"
#include "voice_options.h"

#include "cosystudio/check_json.h"
#include "cosystudio/dubbing.h"

#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <vector>

namespace cosystudio::cli {

struct SynthOptions {
  RenderOptions render;
  VoiceOptions voice;
  std::string text;
  bool textGiven = false;  // --text, even as ""
  std::string textFile;
  std::string source;
  bool stream = false;
  bool rawText = false;
  bool officialText = false;
  std::string script;                     // a script project file instead of the text and voice
  std::vector<std::string> voiceFolders;  // where a script's moved voices are looked for
  std::string srt;                        // subtitles (SRT or WebVTT) to dub instead of the text
  DubbingOptions dubbing;
  ListenOptions listen;

  // The settings the options imply: a fresh seed unless one was given, so made once a run.
  SynthesisSettings settings() const;
};

int synthText(const SynthOptions& o);
int synthScript(const SynthOptions& o);
int synthSubtitles(const SynthOptions& o);

// `what` names the file in a refusal ("text file").
std::string readTextFile(const std::string& path, const std::string& what);

// A segment's check as synth --json and the speech server's X-CosyStudio-Check header spell it.
inline nlohmann::ordered_json checkJson(const SegmentCheck& check) {
  return nlohmann::ordered_json::parse(segmentCheckJson(check));
}

}  // namespace cosystudio::cli
