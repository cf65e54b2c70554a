#include "asr/ctc_alignment.h"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

namespace cosystudio::asr {
namespace {

// Where a state's best score came from, as FunASR's backpointers count it.
enum Step : uint8_t { kStay = 0, kOneStep = 1, kSkipBlank = 2 };

}  // namespace

int64_t ctcFramesNeeded(const std::vector<int64_t>& labels) {
  int64_t frames = static_cast<int64_t>(labels.size());
  for (std::size_t i = 1; i < labels.size(); ++i)
    if (labels[i] == labels[i - 1]) ++frames;  // the blank between equal neighbours
  return frames;
}

CtcAlignment ctcForcedAlign(const at::Tensor& logProbs, const std::vector<int64_t>& labels) {
  if (logProbs.dim() != 2) throw std::invalid_argument("CTC log-probs must be (frames, vocabulary)");
  const auto lp = logProbs.to(at::kCPU, at::kFloat).contiguous();
  const auto emission = lp.accessor<float, 2>();
  const int64_t frames = lp.size(0), vocabulary = lp.size(1);
  if (labels.empty()) throw std::invalid_argument("no labels to align");
  for (const int64_t label : labels)
    if (label <= kCtcBlank || label >= vocabulary)
      throw std::invalid_argument("label " + std::to_string(label) + " is outside 1.." +
                                  std::to_string(vocabulary - 1));
  if (ctcFramesNeeded(labels) > frames)
    throw std::invalid_argument(std::to_string(labels.size()) + " labels need " +
                                std::to_string(ctcFramesNeeded(labels)) + " frames; there are " +
                                std::to_string(frames));

  const int64_t states = 2 * static_cast<int64_t>(labels.size()) + 1;
  std::vector<int64_t> stateLabel(states, kCtcBlank);
  // Only a label unlike the one before it may skip the blank between; a blank
  // never skips (the state two back is a blank too).
  std::vector<bool> mayEnterBySkip(states, false);
  for (int64_t s = 1; s < states; s += 2) {
    stateLabel[s] = labels[s / 2];
    mayEnterBySkip[s] = s >= 3 && stateLabel[s] != stateLabel[s - 2];
  }

  constexpr float kNever = -std::numeric_limits<float>::infinity();
  std::vector<float> score(states, kNever), next(states);
  score[0] = emission[0][kCtcBlank];
  score[1] = emission[0][stateLabel[1]];
  // One byte per frame and state: the most a clip gives, 2000 frames and as
  // many labels (4001 states), takes 8 MB.
  std::vector<uint8_t> cameFrom(static_cast<std::size_t>(frames * states), kStay);
  for (int64_t t = 1; t < frames; ++t) {
    uint8_t* back = &cameFrom[static_cast<std::size_t>(t * states)];
    for (int64_t s = 0; s < states; ++s) {
      // Strictly greater: a tie keeps the earlier candidate, as torch.max does.
      float best = score[s];
      uint8_t from = kStay;
      if (s >= 1 && score[s - 1] > best) best = score[s - 1], from = kOneStep;
      if (mayEnterBySkip[s] && score[s - 2] > best) best = score[s - 2], from = kSkipBlank;
      next[s] = emission[t][stateLabel[s]] + best;
      back[s] = from;
    }
    std::swap(score, next);
  }

  int64_t state = score[states - 1] > score[states - 2] ? states - 1 : states - 2;
  if (score[state] == kNever) throw std::invalid_argument("the log-probs leave no path through the labels");
  CtcAlignment alignment;
  alignment.framePath.assign(static_cast<std::size_t>(frames), kCtcBlank);
  alignment.firstFrame.assign(labels.size(), 0);
  alignment.lastFrame.assign(labels.size(), 0);
  int64_t laterState = -1;
  for (int64_t t = frames - 1; t >= 0; --t) {
    alignment.framePath[t] = stateLabel[state];
    if (state % 2) {
      const auto k = static_cast<std::size_t>(state / 2);
      if (state != laterState) alignment.lastFrame[k] = t;
      alignment.firstFrame[k] = t;
    }
    laterState = state;
    if (t > 0) state -= cameFrom[static_cast<std::size_t>(t * states + state)];
  }
  return alignment;
}

at::Tensor blankCertainWhereBest(const at::Tensor& logProbs) {
  auto sharpened = logProbs.clone();
  const auto blankIsBest = logProbs.argmax(-1) == kCtcBlank;
  sharpened.select(-1, kCtcBlank).masked_fill_(blankIsBest, 0.0);
  return sharpened;
}

FrameSpanSeconds ctcSpanSeconds(int64_t first, int64_t end, int64_t frames, int64_t frameMs) {
  const int64_t half = frameMs / 2;
  // Integer milliseconds divided once, as Python's (k * 60 - 30) / 1000.
  return {std::max(double(first * frameMs - half) / 1000, 0.0),
          std::min(double(end * frameMs - half) / 1000, double(frames * frameMs - half) / 1000)};
}

}  // namespace cosystudio::asr
