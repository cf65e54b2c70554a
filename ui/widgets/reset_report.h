// What Engine → Reset engine did: the time it took and the memory before,
// after the teardown and after the reload, in a box that does not block.
#pragma once

#include "cosystudio/engine.h"

class QWidget;

namespace cosystudio::ui {

// On the CPU (`onGpu` false) there is no VRAM to show and no CUDA context to explain.
void showResetReport(QWidget* parent, const ResetReport& report, bool onGpu);

}  // namespace cosystudio::ui
