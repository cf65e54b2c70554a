// CTC forced alignment: the single best path (Viterbi) of a known label
// sequence y1 … yL through (T, V) log-probabilities, blank 0, as FunASR's
// ctc_forced_align (funasr/models/sense_voice/utils/ctc_alignment.py)
// computes it.
//
//   states s = 0 … 2L:      blank y1 blank y2 … blank yL blank
//   score[0][0] = lp[0][blank], score[0][1] = lp[0][y1], others -inf
//   score[t][s] = lp[t][label(s)] + max( score[t-1][s]       stay
//                                      , score[t-1][s-1]     one step
//                                      , score[t-1][s-2] )   skip a blank, only onto
//                                                            a label unlike the one before it
//   ties go to the first of stay, step, skip (torch.max's first index);
//   the path ends on yL or on the final blank, yL on a tie, and is traced back.
//
// Equal neighbours (散 散) cannot skip the blank between them, so L labels need
// L + (number of equal neighbours) frames.
#pragma once

#include <ATen/ATen.h>

#include <cstdint>
#include <vector>

namespace cosystudio::asr {

inline constexpr int64_t kCtcBlank = 0;

struct CtcAlignment {
  std::vector<int64_t> framePath;  // (T) the label each frame takes, blank 0
  // Each label's run of frames, [firstFrame, lastFrame] inclusive.
  std::vector<int64_t> firstFrame, lastFrame;
};

// The frames `labels` need at least.
int64_t ctcFramesNeeded(const std::vector<int64_t>& labels);

// logProbs: (T, V) on any device, computed in float32 as FunASR does. Throws
// std::invalid_argument for no labels, a label outside 1..V-1, fewer frames
// than ctcFramesNeeded, or log-probs that leave no finite path.
CtcAlignment ctcForcedAlign(const at::Tensor& logProbs, const std::vector<int64_t>& labels);

// FunASR's emissions for timing: a copy of `logProbs` where the blank's
// log-prob is 0 (certain) on every frame whose best label is the blank, so
// that labels keep to the frames that heard them.
at::Tensor blankCertainWhereBest(const at::Tensor& logProbs);

// FunASR's time of a run of frames [first, end) of `frames` speech frames of
// frameMs each, in seconds: start max(first * ms - ms/2, 0), end
// min(end * ms - ms/2, frames * ms - ms/2), each divided by 1000 as
// sense_voice/model.py inference() divides, so that its milliseconds match.
struct FrameSpanSeconds {
  double start = 0, end = 0;
};
FrameSpanSeconds ctcSpanSeconds(int64_t first, int64_t end, int64_t frames, int64_t frameMs);

}  // namespace cosystudio::asr
