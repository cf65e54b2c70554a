// A request and its settings in one value, so that a test reads as the one
// request it makes: r.text, r.seed, r.stream side by side.
#pragma once

#include "cosystudio/engine.h"

namespace cosystudio {

struct TestRequest : SynthesisRequest, SynthesisSettings {};

inline SynthesisResult synthesize(Engine& engine, const TestRequest& r, const SynthesisCallbacks& callbacks = {}) {
  return engine.synthesize(r, r, callbacks);
}

}  // namespace cosystudio
