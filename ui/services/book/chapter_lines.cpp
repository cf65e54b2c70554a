#include "services/book/chapter_lines.h"

#include "services/book/text_hash.h"

#include "cosystudio/atomic_file.h"
#include "cosystudio/audio/clip.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <system_error>

namespace cosystudio::services {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

Script chapterScript(const std::string& text, const std::string& instruction) {
  Script script;
  script.lines = parseScriptText(text, {}, kChapterVoice);
  for (ScriptLine& line : script.lines) line.instruction = instruction;
  return script;
}

namespace {

fs::path linesFolder(const fs::path& bookFolder, int chapter) { return bookFolder / ".lines" / std::to_string(chapter); }

}  // namespace

ChapterLines::ChapterLines(const fs::path& bookFolder, int chapter, std::string renderKey, Precision precision)
    : folder_(linesFolder(bookFolder, chapter)), renderKey_(std::move(renderKey)), precision_(precision) {}

ScriptLineStore ChapterLines::store() const {
  return {[lines = *this](int index, const ScriptLine& line) { return lines.made(index, line); },
          [lines = *this](int index, const ScriptLine& line, const SynthesisResult& result) {
            lines.keep(index, line, result);
          }};
}

std::string ChapterLines::lineKey(const ScriptLine& line) const {
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

fs::path ChapterLines::file(int index, const char* suffix) const {
  char name[32];
  std::snprintf(name, sizeof name, "%04d%s", index + 1, suffix);
  return folder_ / name;
}

std::optional<ChapterLines::Record> ChapterLines::readRecord(const std::string& json, const std::string& key) {
  const Json record = Json::parse(json, nullptr, /*allow_exceptions=*/false);
  if (!record.is_object() || record.value("key", Json()) != key) return std::nullopt;
  const auto segments = record.find("segments"), seed = record.find("seed"), rate = record.find("sample_rate");
  const auto none = record.end();
  if (segments == none || !segments->is_array() || seed == none || !seed->is_number_unsigned() || rate == none ||
      !rate->is_number_unsigned() || rate->get<uint64_t>() == 0 || rate->get<uint64_t>() > 1000000)
    return std::nullopt;
  Record read;
  read.result.seed = seed->get<uint64_t>();
  read.result.sampleRate = int(rate->get<uint64_t>());
  for (const Json& entry : *segments) {
    if (!entry.is_object()) return std::nullopt;
    const auto text = entry.find("text"), userText = entry.find("user_text"), tokens = entry.find("speech_tokens"),
               cap = entry.find("reached_token_cap"), silent = entry.find("made_no_speech"),
               warnings = entry.find("warnings"), frames = entry.find("frames"), end = entry.end();
    if (text == end || !text->is_string() || userText == end || !userText->is_string() || tokens == end ||
        !tokens->is_number_unsigned() || tokens->get<uint64_t>() > uint64_t(INT32_MAX) || cap == end ||
        !cap->is_boolean() || silent == end || !silent->is_boolean() || warnings == end || !warnings->is_array() ||
        frames == end || !frames->is_number_unsigned())
      return std::nullopt;
    SegmentResult segment;
    segment.text = text->get<std::string>();
    segment.userText = userText->get<std::string>();
    segment.speechTokens = int(tokens->get<uint64_t>());
    segment.reachedTokenCap = cap->get<bool>();
    segment.madeNoSpeech = silent->get<bool>();
    for (const Json& warning : *warnings) {
      if (!warning.is_string()) return std::nullopt;
      segment.warnings.push_back(warning.get<std::string>());
    }
    read.result.segments.push_back(std::move(segment));
    read.frames.push_back(std::size_t(frames->get<uint64_t>()));
  }
  return read;
}

std::optional<SynthesisResult> ChapterLines::made(int index, const ScriptLine& line) const {
  std::ifstream in(file(index, ".json"), std::ios::binary);
  if (!in) return std::nullopt;
  const std::string json{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  auto record = readRecord(json, lineKey(line));
  if (!record) return std::nullopt;
  SynthesisResult& result = record->result;
  try {
    const audio::Clip clip = audio::loadClip(file(index, ".wav"), audio::ClipLimits::none());
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
  } catch (const std::exception&) {
    return std::nullopt;  // a damaged or missing WAV: the line is made again
  }
  return result;
}

int ChapterLines::keptLines(const Script& script) const {
  int kept = 0;
  for (std::size_t i = 0; i < script.lines.size(); ++i) {
    std::ifstream in(file(int(i), ".json"), std::ios::binary);
    if (in && readRecord({std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()},
                         lineKey(script.lines[i])))
      ++kept;
  }
  return kept;
}

void ChapterLines::keep(int index, const ScriptLine& line, const SynthesisResult& result) const {
  fs::create_directories(folder_);
  fs::remove(file(index, ".json"));  // the record goes first and comes back last: a line is kept only whole
  std::vector<float> samples;
  Json segments = Json::array();
  for (const SegmentResult& segment : result.segments) {
    samples.insert(samples.end(), segment.samples.begin(), segment.samples.end());
    segments.push_back({{"text", segment.text},
                        {"user_text", segment.userText},
                        {"speech_tokens", segment.speechTokens},
                        {"reached_token_cap", segment.reachedTokenCap},
                        {"made_no_speech", segment.madeNoSpeech},
                        {"warnings", segment.warnings},
                        {"frames", segment.samples.size()}});
  }
  if (samples.empty()) return;  // no speech at all: nothing worth keeping
  audio::Clip clip;
  clip.channels = {std::move(samples)};
  clip.sampleRate = result.sampleRate;
  audio::writeWav(file(index, ".wav"), clip, audio::WavEncoding::Float32);
  const Json record{{"key", lineKey(line)}, {"seed", result.seed}, {"sample_rate", result.sampleRate},
                    {"segments", segments}};
  writeAtomically(file(index, ".json"), [&](const fs::path& temporary) {
    std::ofstream out(temporary, std::ios::binary);
    out << record.dump(1) << '\n';
    if (!out.flush()) throw std::runtime_error("cannot write " + temporary.string());
  });
}

void ChapterLines::drop(const fs::path& bookFolder, int chapter) {
  const fs::path folder = linesFolder(bookFolder, chapter);
  std::error_code ignored;  // nothing kept is nothing to drop
  fs::remove_all(folder, ignored);
  fs::remove(folder.parent_path(), ignored);  // only when no other chapter keeps lines
}

}  // namespace cosystudio::services
