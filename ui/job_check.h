// A job is checked by the engine's own rule of what a request needs
// (cosystudio/request_rules.h) before it is queued, so the user hears at once
// what is missing instead of when the job's turn comes.
#pragma once

#include "job.h"

namespace cosystudio::ui {

// What `job` lacks, in the window's words; empty when nothing does.
QString jobProblem(const JobSpec& job);

}  // namespace cosystudio::ui
