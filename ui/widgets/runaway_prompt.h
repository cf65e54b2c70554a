// A job whose segment outran the watchdog: the window says so and offers to
// run it again with another seed (which usually cures babbling), without
// blocking — the box is open while the queue goes on.
#pragma once

#include "job.h"

#include <functional>

class QWidget;

namespace cosystudio::ui {

// Shows the box; `retry` runs only when the user chooses to regenerate.
void offerRunawayRetry(QWidget* parent, const JobSpec& job, int segment, const QString& details,
                       std::function<void()> retry);

}  // namespace cosystudio::ui
