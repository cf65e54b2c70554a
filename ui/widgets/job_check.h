// A job is checked by the engine's own rule of what a request needs
// (cosystudio/request_rules.h) before it is queued, so the user hears at once
// what is missing instead of when the job's turn comes.
#pragma once

#include "job.h"

namespace cosystudio::ui {

// What `job` lacks, in the window's words; empty when nothing does.
QString jobProblem(const JobSpec& job);

// Why the audio file at `path` cannot be voice conversion's source clip (the
// speech tokenizer takes what a prompt clip may be); empty when it can.
QString sourceClipProblem(const QString& path);

}  // namespace cosystudio::ui
