#include "cosystudio/recognizer.h"

#include "asr/ctc_alignment.h"
#include "asr/sensevoice.h"
#include "audio/prompt_features.h"
#include "audio/sinc_resampler.h"
#include "config/hyper_yaml.h"
#include "cosystudio/engine.h"
#include "model/state_dict.h"
#include "pipeline/model.h"
#include "text/unicode.h"

#include <cstdlib>
#include <optional>
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

// Characters written without spaces between words, each a word of its own:
// CJK ideographs (extensions and compatibility forms included) and kana.
bool standsAlone(char32_t cp) {
  return (cp >= 0x3400 && cp <= 0x4DBF) || (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0xF900 && cp <= 0xFAFF) ||
         (cp >= 0x20000 && cp <= 0x2FA1F) || (cp >= 0x3040 && cp <= 0x30FF) || (cp >= 0x31F0 && cp <= 0x31FF) ||
         (cp >= 0xFF66 && cp <= 0xFF9F);
}

// What a piece writes: text[begin, end) without the spaces around it
// (SentencePiece's "▁word" stands for " word"), and its first and last characters.
struct Ink {
  std::size_t begin = 0, end = 0;
  char32_t first = 0, last = 0;
};

std::optional<Ink> inkOf(std::string_view text, std::size_t begin, std::size_t end) {
  std::optional<Ink> ink;
  for (std::size_t pos = begin; pos < end;) {
    const std::size_t at = pos;
    const char32_t cp = text::nextCodePoint(text, pos);
    if (text::isPythonSpace(cp)) continue;
    if (!ink) ink = Ink{at, pos, cp, cp};
    ink->end = pos;
    ink->last = cp;
  }
  return ink;
}

class SenseVoiceRecognizer : public Recognizer {
 public:
  SenseVoiceRecognizer(const std::filesystem::path& folder, const at::Device& device) : model_(folder, device) {}

  Transcript transcribe(const audio::Clip& clip, const std::string& language, bool withItn) const override {
    return transcript(model_.recognize(speechOf(clip, language), language, withItn));
  }

  std::vector<TimedWord> align(const audio::Clip& clip, const std::string& text,
                               const std::string& language) const override {
    const auto speech = speechOf(clip, language);
    try {
      text::requireValidUtf8(text);
    } catch (const std::invalid_argument& e) {
      throw RecognizerError(
          {COSYSTUDIO_MESSAGE("Engine", "the text to align is not UTF-8: %1"), {std::string(e.what())}});
    }
    const auto pieces = model_.encode(text);
    std::vector<int64_t> labels;
    std::string lacking;
    for (const auto& piece : pieces) {
      // <unk> is id 0, the blank itself: the recogniser cannot say it.
      if (piece.id == asr::kCtcBlank)
        lacking += (lacking.empty() ? "'" : ", '") + text.substr(piece.begin, piece.end - piece.begin) + "'";
      labels.push_back(piece.id);
    }
    if (!lacking.empty())
      throw RecognizerError(
          {COSYSTUDIO_MESSAGE("Engine", "the recogniser's vocabulary has no piece for %1"), {lacking}});
    if (labels.empty()) return {};

    // Written text comes with punctuation and digits: the query "with ITN"
    // asks the model for text so written.
    const auto trace = model_.recognize(speech, language, /*withItn=*/true);
    const auto emissions = asr::blankCertainWhereBest(trace.ctcLogProbs.slice(0, kQueryFrames));
    const int64_t frames = emissions.size(0);
    const int64_t needed = asr::ctcFramesNeeded(labels);
    if (needed > frames)
      throw RecognizerError({COSYSTUDIO_MESSAGE("Engine",
                                                "%1 is too short for the text: its %2 pieces need %3 frames of %4 ms, "
                                                "the clip has %5"),
                             {clip.source.filename().string(), std::to_string(labels.size()), std::to_string(needed),
                              std::to_string(model_.config().frameMs()), std::to_string(frames)}});
    const auto alignment = asr::ctcForcedAlign(emissions, labels);
    return words(text, pieces, alignment, frames);
  }

 private:
  // The recogniser's input: 16 kHz mono, refused when it cannot take it.
  at::Tensor speechOf(const audio::Clip& clip, const std::string& language) const {
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
    return speech;
  }

  Transcript transcript(const asr::SenseVoiceTrace& trace) const {
    Transcript result;
    const std::vector<int64_t> ids(trace.tokenIds.data_ptr<int64_t>(),
                                   trace.tokenIds.data_ptr<int64_t>() + trace.tokenIds.numel());
    result.taggedText = model_.decode(ids);
    result.text = std::regex_replace(result.taggedText, tagPattern(), "");
    // The language is what the first query frame answers.
    if (!ids.empty() && trace.tokenFirstFrame.front() == 0) result.language = languageOfTag(model_.piece(ids.front()));
    const int64_t speechFrames = trace.frameIds.size(0) - kQueryFrames;
    for (std::size_t i = 0; i < ids.size(); ++i) {
      if (trace.tokenFirstFrame[i] < kQueryFrames) continue;  // a tag, answered by a query frame
      const auto span =
          asr::ctcSpanSeconds(trace.tokenFirstFrame[i] - kQueryFrames, trace.tokenLastFrame[i] + 1 - kQueryFrames,
                              speechFrames, model_.config().frameMs());
      result.pieces.push_back(HeardPiece{model_.piece(ids[i]), span.start, span.end});
    }
    return result;
  }

  // The aligned pieces gathered into words: a piece starts one when it
  // starts with '▁', follows a lone '▁' or a tag, is a tag, begins with a
  // character that stands alone, or follows such a character (its
  // punctuation aside); other pieces continue the word before them.
  std::vector<TimedWord> words(const std::string& text,
                               const std::vector<asr::SentencePieceVocabulary::EncodedPiece>& pieces,
                               const asr::CtcAlignment& alignment, int64_t frames) const {
    static const std::string kSpace = "\xE2\x96\x81";  // '▁'
    std::vector<TimedWord> result;
    std::size_t wordBegin = 0;
    bool breakBefore = true, afterLoneCharacter = false;
    for (std::size_t i = 0; i < pieces.size(); ++i) {
      const auto& piece = pieces[i];
      const auto ink = inkOf(text, piece.begin, piece.end);
      if (!ink) {  // a lone '▁': a space between words, timed but not written
        breakBefore = true;
        continue;
      }
      const bool tag = std::regex_match(piece.piece, tagPattern());
      const auto span =
          asr::ctcSpanSeconds(alignment.firstFrame[i], alignment.lastFrame[i] + 1, frames, model_.config().frameMs());
      const bool punctuation = text::isPunctuationOrSymbol(ink->first);
      const bool startsWord = result.empty() || breakBefore || tag || piece.piece.rfind(kSpace, 0) == 0 ||
                              standsAlone(ink->first) || (afterLoneCharacter && !punctuation);
      if (startsWord) {
        wordBegin = ink->begin;
        result.push_back(TimedWord{{}, span.start, span.end});
      }
      result.back().text = text.substr(wordBegin, ink->end - wordBegin);
      result.back().endSeconds = span.end;
      breakBefore = tag;
      // "好。Hello": the word after a lone character's punctuation is a word of its own too.
      afterLoneCharacter = standsAlone(ink->last) || (afterLoneCharacter && punctuation && !startsWord);
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
