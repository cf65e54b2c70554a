#include "report.h"

#include <torch/serialize.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace cosystudio::parity {

GoldenTensors::GoldenTensors(const std::filesystem::path& file) : file_(file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open golden tensor file " + file.string());
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const c10::IValue value = torch::pickle_load(bytes);
  if (!value.isGenericDict())
    throw std::runtime_error(file.string() + ": expected a dict of name -> tensor");
  for (const auto& item : value.toGenericDict()) {
    if (!item.value().isTensor()) continue;
    tensors_[item.key().toStringRef()] = item.value().toTensor();
  }
}

std::map<std::string, at::Tensor> GoldenTensors::withPrefix(const std::string& prefix) const {
  std::map<std::string, at::Tensor> run;
  for (auto it = tensors_.lower_bound(prefix); it != tensors_.end() && it->first.rfind(prefix, 0) == 0; ++it)
    run.emplace(it->first.substr(prefix.size()), it->second);
  return run;
}

const at::Tensor& GoldenTensors::at(const std::string& name) const {
  auto it = tensors_.find(name);
  if (it == tensors_.end())
    throw std::runtime_error(file_.string() + ": no tensor named '" + name + "'");
  return it->second;
}

static std::string shapeText(const at::Tensor& t) {
  std::ostringstream s;
  s << t.sizes();
  return s.str();
}

bool Report::comparable(const std::string& name, const at::Tensor& got, const at::Tensor& expected) {
  if (!got.defined()) {
    failure(name, "not computed");
    return false;
  }
  if (got.sizes() != expected.sizes()) {
    failure(name, "shape " + shapeText(got) + " != expected " + shapeText(expected));
    return false;
  }
  return true;
}

bool Report::close(const std::string& name, const at::Tensor& got, const at::Tensor& expected,
                   double maxAbsTolerance, double meanAbsTolerance) {
  if (!comparable(name, got, expected)) return false;
  const auto diff = (got.detach().to(at::kCPU, at::kDouble) - expected.to(at::kDouble)).abs();
  const bool finite = diff.isfinite().all().item<bool>();
  const double maxAbs = diff.numel() ? diff.max().item<double>() : 0.0;
  const double meanAbs = diff.numel() ? diff.mean().item<double>() : 0.0;
  const bool ok = finite && maxAbs <= maxAbsTolerance && meanAbs <= meanAbsTolerance;
  char tol[64];
  if (meanAbsTolerance == kNoMeanLimit)
    std::snprintf(tol, sizeof tol, "%.0e", maxAbsTolerance);
  else
    std::snprintf(tol, sizeof tol, "%.0e/%.0e", maxAbsTolerance, meanAbsTolerance);
  line(name, maxAbs, meanAbs, tol, ok, finite ? "" : "non-finite values");
  return ok;
}

bool Report::closeRelative(const std::string& name, const at::Tensor& got, const at::Tensor& expected,
                           double relTolerance, double absFloor) {
  if (!comparable(name, got, expected)) return false;
  const auto reference = expected.to(at::kDouble);
  const auto diff = (got.detach().to(at::kCPU, at::kDouble) - reference).abs();
  const bool finite = diff.isfinite().all().item<bool>();
  const auto excess = (diff - absFloor).clamp_min(0.0);
  const auto relative = at::where(excess > 0, excess / reference.abs(), at::zeros_like(excess));
  const double maxRelative = relative.numel() ? relative.max().item<double>() : 0.0;
  const double meanAbs = diff.numel() ? diff.mean().item<double>() : 0.0;
  const bool ok = finite && maxRelative <= relTolerance;
  char tol[64];
  std::snprintf(tol, sizeof tol, "rel %.0e", relTolerance);
  line(name, maxRelative, meanAbs, tol, ok, finite ? "" : "non-finite values");
  return ok;
}

bool Report::closeToRange(const std::string& name, const at::Tensor& got, const at::Tensor& expected,
                          double maxFraction) {
  if (!comparable(name, got, expected)) return false;
  const auto reference = expected.to(at::kDouble);
  const auto diff = (got.detach().to(at::kCPU, at::kDouble) - reference).abs();
  const bool finite = diff.isfinite().all().item<bool>();
  double range = 0;
  if (reference.numel())
    range = std::max((reference.max() - reference.min()).item<double>(), reference.abs().max().item<double>());
  const double maxAbs = diff.numel() ? diff.max().item<double>() : 0.0;
  const double fraction = range > 0 ? maxAbs / range : maxAbs;
  const bool ok = finite && fraction <= maxFraction;
  char tol[64];
  std::snprintf(tol, sizeof tol, "%.0e range", maxFraction);
  line(name, fraction, diff.numel() ? diff.mean().item<double>() : 0.0, tol, ok,
       finite ? "" : "non-finite values");
  return ok;
}

bool Report::logProbsClose(const std::string& name, const at::Tensor& got, const at::Tensor& expected, double nats,
                           bool fromLogits) {
  if (!comparable(name, got, expected)) return false;
  at::Tensor a = got.detach().to(at::kCPU, at::kDouble);
  at::Tensor b = expected.to(at::kDouble);
  if (fromLogits) {
    a = at::log_softmax(a, -1);
    b = at::log_softmax(b, -1);
  }
  // Only candidates the sampler can draw count: below a probability of 1e-4
  // (a log-prob of -9.21) a token is never in the nucleus (top-p 0.8 of at
  // most 25) and hardly ever drawn by the fallback, and there bf16 rounds a
  // log-prob of -25 to anything from -20 to -30 without a change in sound.
  const auto diff = at::where(b > std::log(1e-4), (a - b).abs(), at::zeros_like(b));
  const bool finite = diff.isfinite().all().item<bool>();
  const double maxAbs = diff.numel() ? diff.max().item<double>() : 0.0;
  const bool ok = finite && maxAbs <= nats;
  char tol[64];
  std::snprintf(tol, sizeof tol, "%.2g nats", nats);
  line(name, maxAbs, diff.numel() ? diff.mean().item<double>() : 0.0, tol, ok, finite ? "" : "non-finite values");
  return ok;
}

bool Report::spectralSnrAtLeast(const std::string& name, const at::Tensor& got, const at::Tensor& expected,
                                double minDb) {
  if (!comparable(name, got, expected)) return false;
  // Magnitudes of 1024-point frames every 256 samples (43 ms at 24 kHz): the
  // phase of the harmonic source integrates F0 over the whole segment, so
  // samples drift apart while the spectrum, what is heard, stays.
  const auto magnitude = [](const at::Tensor& wav) {
    const auto window = at::hann_window(1024, at::TensorOptions().dtype(at::kDouble));
    return at::abs(at::stft(wav.reshape({-1}).to(at::kDouble), 1024, 256, 1024, window, false, true, true));
  };
  const auto reference = magnitude(expected);
  const auto error = magnitude(got.detach().to(at::kCPU)) - reference;
  const bool finite = error.isfinite().all().item<bool>();
  const double signal = reference.pow(2).sum().item<double>();
  const double noise = error.pow(2).sum().item<double>();
  const double db = noise > 0 ? 10.0 * std::log10(signal / noise) : 999.0;
  const bool ok = finite && db >= minDb;
  char tol[64];
  std::snprintf(tol, sizeof tol, ">= %.0f dB", minDb);
  line(name, db, error.numel() ? error.abs().mean().item<double>() : 0.0, tol, ok,
       finite ? "spectral SNR in dB" : "non-finite values");
  return ok;
}

bool Report::agreement(const std::string& name, const at::Tensor& got, const at::Tensor& expected,
                       double minFraction) {
  const auto a = got.detach().reshape({-1}).to(at::kCPU, at::kLong);
  const auto b = expected.reshape({-1}).to(at::kLong);
  const int64_t common = std::min(a.numel(), b.numel());
  const int64_t total = std::max(a.numel(), b.numel());
  const int64_t equal = common ? a.narrow(0, 0, common).eq(b.narrow(0, 0, common)).sum().item<int64_t>() : 0;
  const double fraction = total ? double(equal) / double(total) : 1.0;
  const bool ok = fraction >= minFraction;
  char tol[64];
  std::snprintf(tol, sizeof tol, ">= %.2f equal", minFraction);
  line(name, fraction, double(total - equal), tol, ok,
       std::to_string(equal) + " of " + std::to_string(total) + " equal");
  return ok;
}

bool Report::exact(const std::string& name, const at::Tensor& got, const at::Tensor& expected) {
  if (!comparable(name, got, expected)) return false;
  const auto a = got.detach().to(at::kCPU, at::kLong);
  const auto b = expected.to(at::kLong);
  const long long mismatches = a.ne(b).sum().item<int64_t>();
  const double maxAbs = a.numel() ? (a - b).abs().max().item<double>() : 0.0;
  line(name, maxAbs, double(mismatches), "exact", mismatches == 0,
       mismatches ? std::to_string(mismatches) + " of " + std::to_string(a.numel()) + " differ" : "");
  return mismatches == 0;
}

bool Report::exact(const std::string& name, long long got, long long expected) {
  const bool ok = got == expected;
  line(name, double(std::llabs(got - expected)), 0.0, "exact", ok,
       ok ? "" : "got " + std::to_string(got) + ", expected " + std::to_string(expected));
  return ok;
}

bool Report::ranked(const std::string& name, const at::Tensor& got, const at::Tensor& expected,
                    const at::Tensor& expectedScores, double tieTolerance) {
  if (!comparable(name, got, expected)) return false;
  if (expectedScores.sizes() != expected.sizes()) {
    failure(name, "golden scores shaped " + shapeText(expectedScores) + ", its ids " + shapeText(expected));
    return false;
  }
  const int64_t width = expected.dim() ? expected.size(-1) : 1;
  const int64_t rows = width ? expected.numel() / width : 0;
  const auto gotRows = got.detach().to(at::kCPU, at::kLong).reshape({rows, width}).contiguous();
  const auto goldenRows = expected.to(at::kLong).reshape({rows, width}).contiguous();
  const auto scoreRows = expectedScores.to(at::kDouble).reshape({rows, width}).contiguous();
  const auto ids = gotRows.accessor<int64_t, 2>();
  const auto golden = goldenRows.accessor<int64_t, 2>();
  const auto score = scoreRows.accessor<double, 2>();
  int64_t nearTies = 0, outOfPlace = 0;
  double widestGap = 0;  // the widest golden gap an id moved across
  for (int64_t row = 0; row < rows; ++row) {
    std::vector<bool> taken(size_t(width), false);
    for (int64_t rank = 0; rank < width; ++rank) {
      int64_t own = 0;  // the id's golden rank, each golden id matched once
      while (own < width && (taken[size_t(own)] || golden[row][own] != ids[row][rank])) ++own;
      if (own == width) {
        ++outOfPlace;
        widestGap = std::numeric_limits<double>::infinity();
        continue;
      }
      taken[size_t(own)] = true;
      if (own == rank) continue;
      const double gap = std::abs(score[row][own] - score[row][rank]);
      widestGap = std::max(widestGap, gap);
      gap < tieTolerance ? ++nearTies : ++outOfPlace;
    }
  }
  const std::string of = " of " + std::to_string(gotRows.numel());
  char tol[64];
  std::snprintf(tol, sizeof tol, "ties < %.0e", tieTolerance);
  line(name, widestGap, double(nearTies + outOfPlace), tol, outOfPlace == 0,
       outOfPlace ? std::to_string(outOfPlace) + of + " out of place"
       : nearTies ? std::to_string(nearTies) + of + " changed places with a near-tied candidate"
                  : "");
  return outOfPlace == 0;
}

void Report::failure(const std::string& name, const std::string& message) {
  ++failed_;
  reported_.insert(name);
  std::printf("%-32s %12s %12s %14s FAIL  %s\n", name.c_str(), "-", "-", "-", message.c_str());
  std::fflush(stdout);
}

void Report::notCompared(const std::string& name, const std::string& reason) {
  reported_.insert(name);
  std::printf("%-32s %12s %12s %14s NOT COMPARED  %s\n", name.c_str(), "-", "-", "-", reason.c_str());
  std::fflush(stdout);
}

void Report::line(const std::string& name, double maxAbs, double meanAbs,
                  const std::string& tolerance, bool ok, const std::string& note) {
  ok ? ++passed_ : ++failed_;
  reported_.insert(name);
  std::printf("%-32s %12.3e %12.3e %14s %s%s%s\n", name.c_str(), maxAbs, meanAbs, tolerance.c_str(),
              ok ? "PASS" : "FAIL", note.empty() ? "" : "  ", note.c_str());
  std::fflush(stdout);
}

void Report::compareRun(const GoldenTensors& golden, const std::string& prefix,
                        const std::map<std::string, at::Tensor>& computed, const Comparison& compare,
                        const std::map<std::string, std::string>& leftOut) {
  for (const auto& [name, expected] : golden.withPrefix(prefix)) {
    const std::string key = prefix + name;
    const auto reason = leftOut.find(name);
    const auto got = computed.find(name);
    if (reason != leftOut.end())
      notCompared(key, reason->second);
    else if (got == computed.end())
      failure(key, "the engine computes nothing under this name");
    else
      compare(key, name, got->second, expected);
  }
}

void Report::failUnreported(const GoldenTensors& golden, const std::string& prefix) {
  for (const auto& [name, tensor] : golden.withPrefix(prefix))
    if (!reported_.count(prefix + name)) failure(prefix + name, "in the golden set, but neither compared nor listed");
}

int Report::finish() const {
  std::printf("parity: %d passed, %d failed\n", passed_, failed_);
  if (passed_ + failed_ == 0) {
    std::printf("parity: FAIL  nothing was compared\n");
    return 1;
  }
  return failed_ == 0 ? 0 : 1;
}

}  // namespace cosystudio::parity
