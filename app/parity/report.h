// Loading golden tensors and printing comparison lines for parity commands.
#pragma once

#include <ATen/ATen.h>

#include <filesystem>
#include <functional>
#include <limits>
#include <map>
#include <set>
#include <string>

namespace cosystudio::parity {

// A `tensors.pt` file: torch.save (zip) of a plain dict name -> tensor.
class GoldenTensors {
 public:
  explicit GoldenTensors(const std::filesystem::path& file);
  bool has(const std::string& name) const { return tensors_.count(name) != 0; }
  // Throws std::runtime_error naming the file and the key when it is absent.
  const at::Tensor& at(const std::string& name) const;
  const std::map<std::string, at::Tensor>& all() const { return tensors_; }
  // The tensors whose names start with `prefix` (e.g. one run's "flow.nonstream."), by the rest of the name.
  std::map<std::string, at::Tensor> withPrefix(const std::string& prefix) const;

 private:
  std::filesystem::path file_;
  std::map<std::string, at::Tensor> tensors_;
};

// Collects PASS/FAIL lines: "name  max_abs  mean_abs  tolerance  PASS".
class Report {
 public:
  static constexpr double kNoMeanLimit = std::numeric_limits<double>::infinity();

  // Floating-point comparison (both cast to float64). Shapes must match exactly.
  bool close(const std::string& name, const at::Tensor& got, const at::Tensor& expected,
             double maxAbsTolerance, double meanAbsTolerance = kNoMeanLimit);
  // |got - expected| <= relTolerance * |expected| + absFloor, element by element,
  // for magnitudes whose rounding error scales with the value. The line shows
  // the largest relative error max(|got - expected| - absFloor, 0) / |expected|.
  bool closeRelative(const std::string& name, const at::Tensor& got, const at::Tensor& expected,
                     double relTolerance, double absFloor);
  // Reduced precision: the largest error as a fraction of the golden's range
  // (max - min; its largest magnitude where that is wider), for activations
  // and mels whose bf16/fp16 rounding scales with their spread.
  bool closeToRange(const std::string& name, const at::Tensor& got, const at::Tensor& expected, double maxFraction);
  // Reduced precision: log-probabilities (log_softmax of logits along the last
  // axis when `fromLogits`) within `nats` of the golden's.
  bool logProbsClose(const std::string& name, const at::Tensor& got, const at::Tensor& expected, double nats,
                     bool fromLogits);
  // Reduced precision: the signal-to-noise ratio of a waveform's STFT
  // magnitudes against the golden one's, at least `minDb`.
  bool spectralSnrAtLeast(const std::string& name, const at::Tensor& got, const at::Tensor& expected, double minDb);
  // Reduced precision: the fraction of token positions equal to the golden's
  // (a length difference counts as disagreement), at least `minFraction`.
  bool agreement(const std::string& name, const at::Tensor& got, const at::Tensor& expected, double minFraction);
  // Exact comparison for ids, lengths and shapes.
  bool exact(const std::string& name, const at::Tensor& got, const at::Tensor& expected);
  bool exact(const std::string& name, long long got, long long expected);
  // Ranked ids, each row best first as topk gives them, against the golden
  // rows and their scores (`expectedScores`, shaped alike: each golden id's
  // log-prob, best first). Two candidates whose golden scores differ by less
  // than `tieTolerance` may change places: a computation held to that
  // tolerance may order them either way. Any other difference fails: an id
  // moved across a wider golden gap, or one not in its golden row (or twice).
  bool ranked(const std::string& name, const at::Tensor& got, const at::Tensor& expected,
              const at::Tensor& expectedScores, double tieTolerance);
  // A check that could not run (exception, missing tensor) counts as a failure.
  void failure(const std::string& name, const std::string& message);
  // A golden quantity deliberately left out, with the reason; neither passes nor fails.
  void notCompared(const std::string& name, const std::string& reason);
  // Compares one golden quantity: `key` is its golden name, `name` the rest
  // after the run's prefix, `got` the engine's tensor under that name.
  using Comparison = std::function<void(const std::string& key, const std::string& name, const at::Tensor& got,
                                        const at::Tensor& expected)>;
  // Every golden quantity of one run (the tensors under `prefix`) is compared
  // by `compare` with the tensor of the same name in `computed`, listed as not
  // compared when `leftOut` gives a reason for its name, or fails when the
  // engine computes nothing under its name.
  void compareRun(const GoldenTensors& golden, const std::string& prefix,
                  const std::map<std::string, at::Tensor>& computed, const Comparison& compare,
                  const std::map<std::string, std::string>& leftOut = {});
  // Fails every tensor of `golden` under `prefix` that no line has named yet:
  // each golden quantity is compared, or listed with the reason it is not.
  void failUnreported(const GoldenTensors& golden, const std::string& prefix);

  int passed() const { return passed_; }
  int failed() const { return failed_; }
  // Prints the closing "N passed, N failed" line and returns the exit code:
  // a run that compared nothing fails.
  int finish() const;

 private:
  // False (and a FAIL line) when `got` is missing or shaped differently.
  bool comparable(const std::string& name, const at::Tensor& got, const at::Tensor& expected);
  void line(const std::string& name, double maxAbs, double meanAbs, const std::string& tolerance,
            bool ok, const std::string& note = {});
  int passed_ = 0;
  int failed_ = 0;
  std::set<std::string> reported_;
};

}  // namespace cosystudio::parity
