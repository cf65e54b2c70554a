// The speech recogniser (SenseVoice-Small): what a clip says, in which
// language, and when each piece of it was heard. Torch-free, for the command
// line and the window; the network lives in engine/src/asr.
#pragma once

#include "cosystudio/audio/clip.h"
#include "cosystudio/runtime.h"
#include "cosystudio/user_message.h"

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace cosystudio {

class RecognizerError : public UserError {
 public:
  using UserError::UserError;
};

// The languages the recogniser can be told to expect; "auto" lets it identify
// the language itself.
const std::vector<std::string>& recognizerLanguages();

// Where the recogniser is downloaded to and looked for when no folder is
// given: $XDG_DATA_HOME/CosyStudio/models/SenseVoiceSmall (else
// ~/.local/share/...), the window's appDataFolder() + "/models/SenseVoiceSmall".
std::filesystem::path defaultRecognizerFolder();

// The files of a SenseVoiceSmall folder the recogniser reads, as paths
// relative to it; configuration.json, which may rename them, is read when
// present.
std::vector<std::string> requiredRecognizerFiles();
inline constexpr char kRecognizerOptionalFile[] = "configuration.json";

// The longest clip transcribed in one pass: the encoder's attention grows
// with the square of the length (2 minutes take about 1 GB on the CPU).
inline constexpr double kMaxTranscribeSeconds = 120.0;

struct HeardPiece {
  std::string piece;        // the SentencePiece piece ("▁hello", "你")
  double startSeconds = 0;  // where the recogniser's frames for it begin and end
  double endSeconds = 0;
};

struct Transcript {
  std::string text;        // what was said, without the recogniser's tags
  std::string language;    // the language it heard ("en", "zh", …), or "" when it named none
  std::string taggedText;  // the whole decoded output, <|en|><|NEUTRAL|><|Speech|><|woitn|> included
  std::vector<HeardPiece> pieces;  // the pieces of `text`, in order
};

// A word of a given text and when the clip says it.
struct TimedWord {
  std::string text;         // as written in the text (punctuation that follows it included)
  double startSeconds = 0;  // where its first piece's frames begin and its last piece's end
  double endSeconds = 0;
};

class Recognizer {
 public:
  // Loads a SenseVoiceSmall folder as downloaded; throws RecognizerError
  // naming the file, the key or the shape that does not fit.
  static std::unique_ptr<Recognizer> load(const std::filesystem::path& folder, const Device& device = {});
  virtual ~Recognizer() = default;

  // language: one of recognizerLanguages(). withItn: numbers and punctuation
  // written out ("inverse text normalisation") rather than as spoken.
  // Throws RecognizerError for a clip it cannot take (too short, too long).
  virtual Transcript transcribe(const audio::Clip& clip, const std::string& language = "auto",
                                bool withItn = false) const = 0;

  // When the clip says each word of `text`: the text's SentencePiece pieces
  // forced onto the recogniser's CTC frames (the best path that says exactly
  // them, in order, whatever it would have heard), as FunASR times its own
  // text. A piece starting with a space starts a word; a Chinese or Japanese
  // character is a word of its own (one piece of several such characters
  // stays one word: the alignment times pieces); punctuation stays with the
  // word before it. Throws RecognizerError for a clip transcribe() refuses,
  // for characters the vocabulary lacks, and for more pieces than the clip
  // has 60 ms frames. A text of no pieces gives no words.
  virtual std::vector<TimedWord> align(const audio::Clip& clip, const std::string& text,
                                       const std::string& language = "auto") const = 0;
};

}  // namespace cosystudio
