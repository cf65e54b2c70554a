// Tolerances shared by several parity commands, each with its cause and the
// figure it was set from (the README's tolerance table repeats them). Those of
// one command alone stay next to their check.
#pragma once

#include "registry.h"

namespace cosystudio::parity {

// F0 in Hz is a frequency: its rounding error scales with it. The summation
// order of the BLAS moves it by up to 6.2e-4 Hz at ~225 Hz (2.8e-6 relative)
// on PyPI's libtorch 2.11 (MKL) on an unpublished e2e set, 2.5e-5 Hz on the
// public ones; unvoiced frames sit at 0 Hz, where the old absolute 1e-4 Hz
// stays as the floor.
constexpr double kF0Relative = 1e-5;
constexpr double kF0FloorHz = 1e-4;

// What bf16 and fp16 in the LLM and the flow may cost, measured on the CPU
// against the fp32 goldens (README, "Reduced precision"). fp32 is held to the
// absolute tolerances of each command instead.
struct ReducedTolerances {
  double logProbNats;      // LLM log-probabilities, max abs over candidates the golden gives a chance
  double greedyAgreement;  // fraction of greedy tokens equal to the golden's
  double ofRange;          // activations and mels: max abs error / the golden's range
  double waveformSnrDb;    // end-to-end waveform against the golden
};
ReducedTolerances reducedTolerances(const RunOptions& options);

}  // namespace cosystudio::parity
