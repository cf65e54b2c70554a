#include "services/kept_results.h"

#include "services/book/text_hash.h"
#include "services/result_json.h"

#include "cosystudio/atomic_file.h"
#include "cosystudio/audio/clip.h"
#include "cosystudio/request_rules.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <iterator>

namespace cosystudio::services {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

namespace {

fs::path withSuffix(fs::path stem, const char* suffix) { return stem += suffix; }

std::optional<std::string> readText(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  return std::string{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::optional<KeptRecord> recordOf(const Json& record, const std::string& key) {
  if (!record.is_object() || !record.value("key", Json()).is_string() ||
      (!key.empty() && record.value("key", Json()) != key))
    return std::nullopt;
  const auto segments = record.find("segments"), seed = record.find("seed"), rate = record.find("sample_rate");
  const auto none = record.end();
  if (segments == none || !segments->is_array() || seed == none || !seed->is_number_unsigned() || rate == none ||
      !rate->is_number_unsigned() || rate->get<uint64_t>() == 0 || rate->get<uint64_t>() > 1000000)
    return std::nullopt;
  KeptRecord read;
  read.result.seed = seed->get<uint64_t>();
  read.result.sampleRate = int(rate->get<uint64_t>());
  for (const Json& entry : *segments) {
    std::optional<SegmentResult> segment = segmentFromJson(entry);
    const auto frames = entry.find("frames");
    if (!segment || frames == entry.end() || !frames->is_number_unsigned()) return std::nullopt;
    read.result.segments.push_back(std::move(*segment));
    read.frames.push_back(std::size_t(frames->get<uint64_t>()));
  }
  return read;
}

// The record at STEM.json and the result with its samples; nothing when either
// is missing, damaged or of another key.
std::optional<std::pair<Json, SynthesisResult>> readKept(const fs::path& stem, const std::string& key) {
  const std::optional<std::string> json = readText(withSuffix(stem, ".json"));
  if (!json) return std::nullopt;
  Json parsed = Json::parse(*json, nullptr, /*allow_exceptions=*/false);
  auto record = recordOf(parsed, key);
  if (!record) return std::nullopt;
  SynthesisResult& result = record->result;
  try {
    const audio::Clip clip = audio::loadClip(withSuffix(stem, ".wav"), audio::ClipLimits::none());
    if (clip.channelCount() != 1 || clip.sampleRate != result.sampleRate) return std::nullopt;
    const std::vector<float>& samples = clip.channels[0];
    std::size_t at = 0;
    for (std::size_t i = 0; i < result.segments.size(); ++i) {
      const std::size_t frames = record->frames[i];
      if (frames > samples.size() - at) return std::nullopt;
      result.segments[i].samples.assign(samples.begin() + std::ptrdiff_t(at),
                                        samples.begin() + std::ptrdiff_t(at + frames));
      at += frames;
    }
    if (at != samples.size()) return std::nullopt;
    result.joinSegments();
  } catch (const std::exception&) {
    return std::nullopt;  // a damaged or missing WAV: the result is made again
  }
  return std::pair{std::move(parsed), std::move(result)};
}

// keepResult, with `more` added to the record.
void writeKept(const fs::path& stem, const std::string& key, const SynthesisResult& result, const Json& more) {
  fs::create_directories(stem.parent_path());
  const fs::path recordFile = withSuffix(stem, ".json");
  fs::remove(recordFile);  // the record goes first and comes back last: a result is kept only whole
  std::vector<float> samples;
  Json segments = Json::array();
  for (const SegmentResult& segment : result.segments) {
    samples.insert(samples.end(), segment.samples.begin(), segment.samples.end());
    Json record = segmentJson(segment);
    record["frames"] = segment.samples.size();
    segments.push_back(std::move(record));
  }
  if (samples.empty()) return;  // no speech at all: nothing worth keeping
  audio::Clip clip;
  clip.channels = {std::move(samples)};
  clip.sampleRate = result.sampleRate;
  audio::writeWav(withSuffix(stem, ".wav"), clip, audio::WavEncoding::Float32);
  Json record{{"key", key}, {"seed", result.seed}, {"sample_rate", result.sampleRate}, {"segments", segments}};
  record.update(more);
  writeAtomically(recordFile, [&](const fs::path& temporary) {
    std::ofstream out(temporary, std::ios::binary);
    out << record.dump(1) << '\n';
    if (!out.flush()) throw std::runtime_error("cannot write " + temporary.string());
  });
}

}  // namespace

std::optional<KeptRecord> readKeptRecord(const std::string& json, const std::string& key) {
  return recordOf(Json::parse(json, nullptr, /*allow_exceptions=*/false), key);
}

bool isKept(const fs::path& stem, const std::string& key) {
  const std::optional<std::string> json = readText(withSuffix(stem, ".json"));
  return json && readKeptRecord(*json, key);
}

std::optional<SynthesisResult> readKeptResult(const fs::path& stem, const std::string& key) {
  auto kept = readKept(stem, key);
  if (!kept) return std::nullopt;
  return std::move(kept->second);
}

void keepResult(const fs::path& stem, const std::string& key, const SynthesisResult& result) {
  writeKept(stem, key, result, Json::object());
}

std::optional<CueSpeech> readKeptCue(const fs::path& stem, const std::string& key) {
  auto kept = readKept(stem, key);
  if (!kept) return std::nullopt;
  const Json& record = kept->first;
  const auto speed = record.find("speed"), attempts = record.find("attempts");
  if (speed == record.end() || !speed->is_number() || !(speed->get<double>() >= kMinSpeed) ||
      !(speed->get<double>() <= kMaxSpeed) || attempts == record.end() || !attempts->is_number_unsigned() ||
      attempts->get<uint64_t>() == 0 || attempts->get<uint64_t>() > 100)
    return std::nullopt;
  return CueSpeech{std::move(kept->second), speed->get<double>(), int(attempts->get<uint64_t>())};
}

void keepCue(const fs::path& stem, const std::string& key, const CueSpeech& speech) {
  writeKept(stem, key, speech.result, {{"speed", speech.speed}, {"attempts", speech.attempts}});
}

KeptLines::KeptLines(fs::path folder, std::string renderKey, Precision precision)
    : folder_(std::move(folder)), renderKey_(std::move(renderKey)), precision_(precision) {}

ScriptLineStore KeptLines::store() const {
  return {[lines = *this](int index, const ScriptLine& line) { return lines.made(index, line); },
          [lines = *this](int index, const ScriptLine& line, const SynthesisResult& result) {
            lines.keep(index, line, result);
          }};
}

std::string KeptLines::lineKey(const ScriptLine& line) const {
  const Json fields{renderKey_,
                    precisionName(precision_),
                    line.speaker,
                    line.text,
                    line.mode ? int(*line.mode) : -1,
                    line.instruction,
                    line.speed ? Json(*line.speed) : Json(),
                    line.seed ? Json(*line.seed) : Json()};
  return textHash(QString::fromStdString(fields.dump()));
}

fs::path KeptLines::stem(int index) const {
  char name[32];
  std::snprintf(name, sizeof name, "%04d", index + 1);
  return folder_ / name;
}

std::optional<SynthesisResult> KeptLines::made(int index, const ScriptLine& line) const {
  return readKeptResult(stem(index), lineKey(line));
}

int KeptLines::keptLines(const Script& script) const {
  int kept = 0;
  for (std::size_t i = 0; i < script.lines.size(); ++i) kept += isKept(stem(int(i)), lineKey(script.lines[i]));
  return kept;
}

void KeptLines::keep(int index, const ScriptLine& line, const SynthesisResult& result) const {
  keepResult(stem(index), lineKey(line), result);
}

}  // namespace cosystudio::services
