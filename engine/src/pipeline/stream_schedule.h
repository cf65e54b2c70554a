// When streaming, which prefix of the generated speech tokens goes through the
// flow and the vocoder next (spec §8, CosyVoice2Model.tts as CosyVoice3 runs it).
//
// The first chunk ends on a 25-token boundary of prompt + generated tokens; each
// later hop doubles up to 100 tokens; every non-final chunk needs the flow's
// 3-token look-ahead beyond its end. The hop is kept per request: upstream
// mutates it on the model object, so its second streaming request chunks
// differently — a bug not reproduced here.
#pragma once

#include <optional>

namespace cosystudio {

struct TokenChunk {
  int tokenCount = 0;   // flow input: generated tokens [0, tokenCount)
  int tokenOffset = 0;  // tokens already turned into audio by earlier chunks
  bool finalize = false;
};

class StreamSchedule {
 public:
  static constexpr int kHop = 25;
  static constexpr int kMaxHop = 100;
  static constexpr int kLookahead = 3;

  explicit StreamSchedule(int promptTokens);

  // The next non-final chunk once `generated` tokens exist, or nothing yet.
  std::optional<TokenChunk> next(int generated);
  // The final chunk once generation has ended with `generated` tokens.
  TokenChunk finish(int generated) const;

 private:
  int firstPad_;
  int hop_ = kHop;
  int offset_ = 0;
};

}  // namespace cosystudio
