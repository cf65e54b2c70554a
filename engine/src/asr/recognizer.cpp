#include "cosystudio/recognizer.h"

#include "asr/sensevoice.h"
#include "audio/prompt_features.h"
#include "audio/sinc_resampler.h"
#include "config/hyper_yaml.h"
#include "cosystudio/engine.h"
#include "model/state_dict.h"
#include "pipeline/model.h"

#include <cstdlib>
#include <regex>

namespace cosystudio {
namespace {

constexpr int kRecognizerRate = 16000;
constexpr int kFrameSamples = 400;  // one 25 ms fbank frame
constexpr int64_t kQueryFrames = 4;

// The tags SenseVoice writes before the text (language, emotion, event, ITN).
const std::regex& tagPattern() {
  static const std::regex tag(R"(<\|[^|<>]*\|>)");
  return tag;
}

std::string languageOfTag(const std::string& piece) {
  if (piece.size() < 5 || piece.rfind("<|", 0) != 0) return {};
  const std::string code = piece.substr(2, piece.size() - 4);
  return code != "auto" && asr::QueryRows::language(code) >= 0 ? code : std::string();
}

class SenseVoiceRecognizer : public Recognizer {
 public:
  SenseVoiceRecognizer(const std::filesystem::path& folder, const at::Device& device) : model_(folder, device) {}

  Transcript transcribe(const audio::Clip& clip, const std::string& language, bool withItn) const override {
    if (asr::QueryRows::language(language) < 0)
      throw RecognizerError({COSYSTUDIO_MESSAGE("Engine", "the recogniser knows no language '%1'"), {language}});
    if (clip.durationSeconds() > kMaxTranscribeSeconds)
      throw RecognizerError({COSYSTUDIO_MESSAGE("Engine", "%1 lasts %2 s; the recogniser takes at most %3 s at once"),
                             {clip.source.filename().string(), std::to_string(int(clip.durationSeconds())),
                              std::to_string(int(kMaxTranscribeSeconds))}});
    const auto speech = audio::sincResample(audio::monoTensor(clip), clip.sampleRate, kRecognizerRate).reshape({-1});
    if (speech.size(0) < kFrameSamples)
      throw RecognizerError({COSYSTUDIO_MESSAGE("Engine", "%1 is too short to transcribe (under 25 ms)"),
                             {clip.source.filename().string()}});
    const auto trace = model_.recognize(speech, language, withItn);
    return transcript(trace);
  }

 private:
  Transcript transcript(const asr::SenseVoiceTrace& trace) const {
    Transcript result;
    const std::vector<int64_t> ids(trace.tokenIds.data_ptr<int64_t>(),
                                   trace.tokenIds.data_ptr<int64_t>() + trace.tokenIds.numel());
    result.taggedText = model_.decode(ids);
    result.text = std::regex_replace(result.taggedText, tagPattern(), "");
    // The language is what the first query frame answers.
    if (!ids.empty() && trace.tokenFirstFrame.front() == 0) result.language = languageOfTag(model_.piece(ids.front()));
    // Times as FunASR states them: frame k of the speech covers
    // (k * step - step / 2) ms onwards, step = 60 ms.
    const double step = model_.config().frameMs() / 1000.0;
    const double end = double(trace.frameIds.size(0) - kQueryFrames) * step - step / 2;
    for (std::size_t i = 0; i < ids.size(); ++i) {
      if (trace.tokenFirstFrame[i] < kQueryFrames) continue;  // a tag, answered by a query frame
      const auto first = trace.tokenFirstFrame[i] - kQueryFrames, last = trace.tokenLastFrame[i] - kQueryFrames;
      result.pieces.push_back(HeardPiece{model_.piece(ids[i]), std::max(0.0, first * step - step / 2),
                                         std::min(end, (last + 1) * step - step / 2)});
    }
    return result;
  }

  asr::SenseVoice model_;
};

}  // namespace

const std::vector<std::string>& recognizerLanguages() {
  static const std::vector<std::string> languages = {"auto", "zh", "en", "yue", "ja", "ko"};
  return languages;
}

std::vector<std::string> requiredRecognizerFiles() {
  const auto files = asr::SenseVoiceFiles::in({});
  return {files.config.string(), files.weights.string(), files.normalization.string(), files.vocabulary.string()};
}

std::filesystem::path defaultRecognizerFolder() {
  const char* dataHome = std::getenv("XDG_DATA_HOME");
  const char* home = std::getenv("HOME");
  // XDG: a relative XDG_DATA_HOME is invalid and ignored.
  const std::filesystem::path data = dataHome && dataHome[0] == '/' ? std::filesystem::path(dataHome)
                                     : std::filesystem::path(home ? home : "") / ".local/share";
  return data / "CosyStudio/models/SenseVoiceSmall";
}

std::unique_ptr<Recognizer> Recognizer::load(const std::filesystem::path& folder, const Device& device) {
  if (!std::filesystem::exists(folder))
    throw RecognizerError({COSYSTUDIO_MESSAGE("Engine", "there is no recogniser at %1"), {folder.string()}});
  if (!std::filesystem::is_directory(folder))
    throw RecognizerError({COSYSTUDIO_MESSAGE("Engine", "%1 is not a folder: give the SenseVoiceSmall folder"),
                           {folder.string()}});
  try {
    return std::make_unique<SenseVoiceRecognizer>(folder, torchDevice(device));
  } catch (const ConfigError& e) {
    throw RecognizerError(std::string(e.what()));
  } catch (const CheckpointError& e) {
    throw RecognizerError(std::string(e.what()));
  }
}

}  // namespace cosystudio
