// Voice handles and the voice file format.
//
// A voice file is deliberately simple and holds no executable content:
//   bytes 0..15   magic "CosyStudioVoice\0"
//   uint32 LE     format version (1)
//   uint32 LE     header length H
//   H bytes       UTF-8 JSON: transcript, model fingerprint, clip rate and, per
//                 array, its name, element type ("f32"/"i32"), count and offset
//   arrays        little-endian, at the offsets given (from the end of the header)
#include "pipeline/voice_data.h"

#include "core/fingerprint.h"
#include "cosystudio/atomic_file.h"
#include "cosystudio/voice_fingerprint.h"

#include <nlohmann/json.hpp>

#include <cstring>
#include <limits>
#include <filesystem>
#include <fstream>
#include <system_error>

namespace cosystudio {

namespace {

constexpr char kMagic[16] = "CosyStudioVoice";
constexpr uint32_t kVersion = 1;
constexpr size_t kMelBins = 80;  // CosyVoice3 flow mel
// Far above any real voice (a 30 s clip at 48 kHz is 5.8 MB); refuses garbage sizes.
constexpr uint64_t kMaxArrayBytes = 64ull << 20;

const VoiceData& emptyData() {
  static const VoiceData empty;
  return empty;
}

void writeU32(std::ostream& out, uint32_t value) {
  const unsigned char bytes[4] = {static_cast<unsigned char>(value), static_cast<unsigned char>(value >> 8),
                                  static_cast<unsigned char>(value >> 16), static_cast<unsigned char>(value >> 24)};
  out.write(reinterpret_cast<const char*>(bytes), 4);
}

uint32_t readU32(std::istream& in) {
  unsigned char bytes[4] = {};
  in.read(reinterpret_cast<char*>(bytes), 4);
  return uint32_t(bytes[0]) | uint32_t(bytes[1]) << 8 | uint32_t(bytes[2]) << 16 | uint32_t(bytes[3]) << 24;
}

// The arrays of a voice, in file order. Element types are 4 bytes; the host is
// little-endian (x86-64, aarch64), so the bytes are written as they are.
struct ArrayRef {
  const char* name;
  const char* type;
  const void* data;
  uint64_t count;
};

}  // namespace

Voice::Voice() = default;
Voice::~Voice() = default;
Voice::Voice(const Voice&) = default;
Voice& Voice::operator=(const Voice&) = default;

// A voice from fromClip() has its clip and no features yet.
bool Voice::isValid() const { return data_ && (!data_->speechTokens.empty() || !data_->clip.empty()); }

Voice Voice::fromClip(const audio::Clip& clip, const std::string& transcript) {
  if (const auto violation = audio::limitViolation(clip, audio::ClipLimits{}))
    throw EngineError({COSYSTUDIO_MESSAGE("Engine", "prompt clip: %1"), {*violation}});
  const audio::Clip mono = audio::downmixToMono(clip);  // as prepareVoice keeps it
  auto data = std::make_shared<VoiceData>();
  data->transcript = transcript;
  data->clip = mono.channels.at(0);
  data->clipRate = mono.sampleRate;
  return VoiceInternals::wrap(std::move(data));  // no model fingerprint: every engine computes the features
}
const std::string& Voice::transcript() const { return (data_ ? *data_ : emptyData()).transcript; }
const std::string& Voice::modelFingerprint() const {
  return (data_ ? *data_ : emptyData()).modelFingerprint;
}
const std::vector<float>& Voice::clipSamples() const {
  static const std::vector<float> none;
  return data_ ? data_->clip : none;
}

int Voice::clipRate() const { return data_ ? data_->clipRate : 0; }
std::size_t Voice::speechTokenCount() const { return data_ ? data_->speechTokens.size() : 0; }
int64_t Voice::promptMelFrames() const { return data_ ? data_->promptMelFrames : 0; }

std::size_t Voice::bytes() const {
  if (!data_) return 0;
  const VoiceData& d = *data_;
  return sizeof d + d.transcript.capacity() + d.modelFingerprint.capacity() + d.clip.capacity() * sizeof(float) +
         d.speechTokens.capacity() * sizeof(int32_t) + d.speakerEmbedding.capacity() * sizeof(float) +
         d.promptMel.capacity() * sizeof(float);
}

namespace {

// The voice's clip (mono) and transcript, whether it is prepared or not.
std::string clipFingerprint(const std::string& transcript, int clipRate, const std::vector<float>& clip) {
  Fingerprint fingerprint;
  fingerprint.mix(transcript.data(), transcript.size());
  fingerprint.mix(&clipRate, sizeof clipRate);
  fingerprint.mix(clip.data(), clip.size() * sizeof(float));
  return fingerprint.hex();
}

}  // namespace

std::string Voice::fingerprint() const {
  return data_ ? clipFingerprint(data_->transcript, data_->clipRate, data_->clip) : Fingerprint().hex();
}

std::string voiceFingerprint(const audio::Clip& clip, const std::string& transcript) {
  const audio::Clip mono = audio::downmixToMono(clip);  // as prepareVoice keeps it
  return clipFingerprint(transcript, mono.sampleRate, mono.channels.at(0));
}

double Voice::clipSeconds() const {
  return data_ && data_->clipRate > 0 ? double(data_->clip.size()) / data_->clipRate : 0.0;
}

void Voice::save(const std::filesystem::path& file) const {
  if (!isValid()) throw EngineError("cannot save an empty voice");
  const VoiceData& d = *data_;
  const ArrayRef arrays[] = {
      {"clip", "f32", d.clip.data(), d.clip.size()},
      {"speech_tokens", "i32", d.speechTokens.data(), d.speechTokens.size()},
      {"speaker_embedding", "f32", d.speakerEmbedding.data(), d.speakerEmbedding.size()},
      {"prompt_mel", "f32", d.promptMel.data(), d.promptMel.size()},
  };
  nlohmann::json header{{"transcript", d.transcript},
                        {"model_fingerprint", d.modelFingerprint},
                        {"clip_rate", d.clipRate},
                        {"prompt_mel_frames", d.promptMelFrames}};
  uint64_t offset = 0;
  for (const auto& a : arrays) {
    header["arrays"].push_back({{"name", a.name}, {"type", a.type}, {"count", a.count}, {"offset", offset}});
    offset += a.count * 4;
  }
  const std::string headerText = header.dump();

  writeAtomically(file, [&](const std::filesystem::path& temporary) {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) throw EngineError({COSYSTUDIO_MESSAGE("Engine", "cannot write voice file %1"), {file.string()}});
    out.write(kMagic, sizeof kMagic);
    writeU32(out, kVersion);
    writeU32(out, static_cast<uint32_t>(headerText.size()));
    out.write(headerText.data(), std::streamsize(headerText.size()));
    for (const auto& a : arrays) out.write(static_cast<const char*>(a.data), std::streamsize(a.count * 4));
    if (!out.flush())
      throw EngineError({COSYSTUDIO_MESSAGE("Engine", "cannot write voice file %1 (disk full?)"), {file.string()}});
  });
}

Voice Voice::load(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw EngineError("cannot open voice file " + file.string());
  const auto fail = [&](const std::string& why) {
    return EngineError("voice file " + file.string() + ": " + why);
  };
  char magic[sizeof kMagic] = {};
  in.read(magic, sizeof magic);
  if (!in || std::memcmp(magic, kMagic, sizeof kMagic) != 0) throw fail("not a CosyStudio voice file");
  if (const uint32_t version = readU32(in); version != kVersion)
    throw fail("format version " + std::to_string(version) + " is not supported");
  const uint32_t headerLength = readU32(in);
  if (!in || headerLength > (1u << 20)) throw fail("damaged header");
  std::string headerText(headerLength, '\0');
  in.read(headerText.data(), headerLength);
  if (!in) throw fail("truncated header");

  // A whole number of the header from 0 to `max`: nlohmann would convert a
  // float by a plain cast, which is undefined beyond the target's range.
  const auto wholeNumber = [&](const nlohmann::json& object, const char* key, uint64_t max) {
    const nlohmann::json& value = object.at(key);
    if (!value.is_number_unsigned() || value.get<uint64_t>() > max)
      throw fail(std::string("damaged header (\"") + key + "\" is not a whole number from 0 to " + std::to_string(max) +
                 ")");
    return value.get<uint64_t>();
  };
  auto data = std::make_shared<VoiceData>();
  try {
    const auto header = nlohmann::json::parse(headerText);
    data->transcript = header.at("transcript").get<std::string>();
    data->modelFingerprint = header.at("model_fingerprint").get<std::string>();
    data->clipRate = int(wholeNumber(header, "clip_rate", std::numeric_limits<int>::max()));
    data->promptMelFrames = int64_t(wholeNumber(header, "prompt_mel_frames", std::numeric_limits<int64_t>::max()));
    const std::streamoff base = in.tellg();
    // Sizes from the header are checked against the file's before anything
    // is allocated: a damaged count must not ask for gigabytes.
    std::error_code sizeError;
    const uint64_t fileBytes = std::filesystem::file_size(file, sizeError);
    if (sizeError || base < 0 || fileBytes < uint64_t(base)) throw fail("cannot read its size");
    const uint64_t dataBytes = fileBytes - uint64_t(base);
    for (const auto& array : header.at("arrays")) {
      const std::string name = array.at("name");
      const std::string type = array.at("type");
      const uint64_t count = wholeNumber(array, "count", std::numeric_limits<uint64_t>::max());
      const uint64_t offset = wholeNumber(array, "offset", std::numeric_limits<uint64_t>::max());
      if (count > kMaxArrayBytes / 4) throw fail("array '" + name + "' is implausibly large");
      if (offset > dataBytes || count * 4 > dataBytes - offset) throw fail("truncated array '" + name + "'");
      void* target = nullptr;
      if (name == "clip" && type == "f32") {
        data->clip.resize(count);
        target = data->clip.data();
      } else if (name == "speech_tokens" && type == "i32") {
        data->speechTokens.resize(count);
        target = data->speechTokens.data();
      } else if (name == "speaker_embedding" && type == "f32") {
        data->speakerEmbedding.resize(count);
        target = data->speakerEmbedding.data();
      } else if (name == "prompt_mel" && type == "f32") {
        data->promptMel.resize(count);
        target = data->promptMel.data();
      } else {
        continue;  // arrays of later versions of the format
      }
      in.seekg(base + std::streamoff(offset));
      in.read(static_cast<char*>(target), std::streamsize(count * 4));
      if (!in) throw fail("truncated array '" + name + "'");
    }
  } catch (const nlohmann::json::exception& e) {
    throw fail(std::string("damaged header (") + e.what() + ")");
  }
  // A voice of the clip alone (fromClip) has no features and names no model;
  // one that names a model has them all.
  const bool clipAlone = data->modelFingerprint.empty() && data->speechTokens.empty() &&
                         data->speakerEmbedding.empty() && data->promptMel.empty() && data->promptMelFrames == 0;
  if ((data->speechTokens.empty() && !clipAlone) || data->clip.empty() || data->clipRate <= 0 ||
      data->promptMel.size() != size_t(data->promptMelFrames) * kMelBins)
    throw fail("incomplete voice data");
  return VoiceInternals::wrap(std::move(data));
}

}  // namespace cosystudio
