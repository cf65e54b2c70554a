// Shared by the ONNX audio parity commands (campplus, s3tokenizer): where a
// set's tiny models live, and how their speed is measured.
#pragma once

#include <ATen/ATen.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <vector>
#include <stdexcept>
#include <string>

namespace cosystudio::parity {

// The sibling folder `models/` of a set; its manifest.json names each model's
// file under "<key>.onnx.file".
inline std::filesystem::path audioModelFile(const std::filesystem::path& setDir, const std::string& key) {
  const auto modelsDir = setDir.lexically_normal().parent_path() / "models";
  const auto manifestPath = modelsDir / "manifest.json";
  std::ifstream in(manifestPath);
  if (!in) throw std::runtime_error("cannot open " + manifestPath.string());
  const auto manifest = nlohmann::json::parse(in);
  if (!manifest.contains(key) || !manifest[key].contains("onnx"))
    throw std::runtime_error(manifestPath.string() + " has no '" + key + ".onnx' entry");
  const auto file = std::filesystem::path(manifest[key]["onnx"]["file"].get<std::string>()).filename();
  return modelsDir / file;
}

// Features for `seconds` of audio: the set's own features repeated along `axis`.
inline at::Tensor repeatFrames(const at::Tensor& features, int64_t axis, int64_t frames) {
  const int64_t copies = (frames + features.size(axis) - 1) / features.size(axis);
  std::vector<int64_t> reps(features.dim(), 1);
  reps[axis] = copies;
  return features.repeat(reps).narrow(axis, 0, frames).contiguous();
}

// Prints "<label>: first <ms> ms, median of <runs> <ms> ms" for `run`, which
// must return only when its result is on the host.
inline void benchmark(const std::string& label, int runs, const std::function<void()>& run) {
  using Clock = std::chrono::steady_clock;
  const auto timeOnce = [&] {
    const auto start = Clock::now();
    run();
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  };
  const double first = timeOnce();
  std::vector<double> times;
  for (int k = 0; k < runs; ++k) times.push_back(timeOnce());
  std::sort(times.begin(), times.end());
  std::printf("%s: first %.1f ms, median of %d %.1f ms\n", label.c_str(), first, runs, times[times.size() / 2]);
}

}  // namespace cosystudio::parity
