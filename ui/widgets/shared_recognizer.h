// One recogniser in memory for the whole window (about 900 MB): the engine's
// thread listens back to what it made with it while the recogniser's own
// thread (transcriber.h) hears prompt clips with the same weights.
// Recognizer::transcribe() is const and runs inference on read-only weights,
// so two threads may call it at once.
#pragma once

#include "cosystudio/recognizer.h"

#include <QString>

#include <memory>

namespace cosystudio::ui {

// The recogniser of `folder`, loaded on the first call (on the caller's
// thread, a few seconds) and shared while anyone holds it; freed with the
// last holder. Throws RecognizerError as Recognizer::load does.
std::shared_ptr<const Recognizer> sharedRecognizer(const QString& folder);

}  // namespace cosystudio::ui
