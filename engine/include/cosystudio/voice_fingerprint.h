// The fingerprint of the voice a clip and its transcript make
// (Voice::fingerprint, engine.h), without the model that prepares it: a front
// end holding the clip tells by it whether something was made in that voice.
#pragma once

#include "cosystudio/audio/clip.h"

#include <string>

namespace cosystudio {

std::string voiceFingerprint(const audio::Clip& clip, const std::string& transcript);

}  // namespace cosystudio
