// What Engine → Reset engine did: the time it took and the memory before,
// after the teardown and after the reload, in a box that does not block.
#pragma once

#include "cosystudio/engine.h"

class QWidget;

namespace cosystudio::ui {

// On the CPU (the report has no GPU's memory) there is no VRAM to show and no
// CUDA context to explain. The engine may be a server's: its report says which.
void showResetReport(QWidget* parent, const ResetReport& report);

}  // namespace cosystudio::ui
