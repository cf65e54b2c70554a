// The weights of one official checkpoint file (`llm.pt`, `flow.pt`, `hift.pt`),
// read with the engine's restricted unpickler and normalised at load time:
// `generator.` prefixes stripped, weight norm folded (both key spellings), fp16/
// bf16 converted as requested, skipped keys (e.g. the unused tied `lm_head`)
// never materialised.
//
// Networks take their parameters with `take()` while they are built; problems
// are collected rather than thrown one by one, and `finish()` reports every
// missing, mis-shaped and unexpected key of the file in one error.
#pragma once

#include <ATen/ATen.h>

#include <filesystem>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace cosystudio {

struct StateDictOptions {
  at::Device device = at::kCPU;
  // Floating-point tensors are converted to this type while loading.
  at::ScalarType dtype = at::kFloat;
  // Keys (after prefix stripping and weight-norm folding) that are dropped
  // without being read, e.g. the unused tied `llm.model.lm_head.weight`.
  std::set<std::string> skipKeys;
  // Keys under these prefixes load as float64 and their weight norm is folded
  // in float64: upstream runs HiFT's F0 predictor in float64 and recomputes its
  // weight-norm parametrisation from the float32 parameters in that precision.
  std::vector<std::string> float64Prefixes;
};

class StateDict {
 public:
  // Throws CheckpointError naming the file on anything that is not a
  // torch.save zip archive of a dict / OrderedDict of tensors.
  static StateDict load(const std::filesystem::path& file, const StateDictOptions& options = {});

  // The tensor stored under `key`, which the dict then no longer holds;
  // records a problem (and returns an empty tensor of `shape`) when it is
  // missing (or taken before) or its shape differs.
  at::Tensor take(const std::string& key, at::IntArrayRef shape);
  // Same without a shape check, for tensors whose shape the caller derives;
  // records a problem and returns an undefined tensor when the key is missing.
  at::Tensor take(const std::string& key);
  bool contains(const std::string& key) const { return tensors_.count(key) != 0; }

  // Throws CheckpointError listing all problems and all keys never taken.
  void finish() const;

  const std::filesystem::path& file() const { return file_; }
  const std::map<std::string, at::Tensor>& tensors() const { return tensors_; }

 private:
  at::Tensor release(const std::string& key);  // removed from tensors_; undefined when not there

  std::filesystem::path file_;
  StateDictOptions options_;
  std::map<std::string, at::Tensor> tensors_;  // those not taken yet
  std::vector<std::string> problems_;
};

class CheckpointError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace cosystudio
