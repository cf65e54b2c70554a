// The four ways CosyVoice3 speaks, shared by the text front end (what each
// feeds the LLM: text/prompt.h) and the engine's requests.
#pragma once

namespace cosystudio {

enum class Mode {
  ZeroShot,         // clip + its transcript, then the text
  CrossLingual,     // clip only (no transcript); text in any language
  Instruct,         // clip + an instruction (dialect, emotion, speed, role)
  VoiceConversion,  // a source clip re-spoken in the voice of the prompt clip; no text
};

}  // namespace cosystudio
