// SenseVoice-Small (FunASR's SenseVoiceSmall): a non-autoregressive CTC
// recogniser, loaded from its official folder as downloaded
// (config.yaml, model.pt, am.mvn, the SentencePiece model).
//
//   features (T', 560)                         SenseVoiceFrontend
//   queries = embed[language], embed[1], embed[2], embed[with/without ITN]
//   encoder_input = [queries; features]        (T' + 4, 560)
//   ctc = log_softmax(ctc_lo(encoder(encoder_input)))   (T' + 4, vocab)
//   frame ids = argmax, repeats merged, blank 0 dropped -> token ids
//   text = SentencePiece DecodeIds(token ids): the first pieces are the tags
//   the query frames answer (<|en|><|NEUTRAL|><|Speech|><|woitn|>).
#pragma once

#include "asr/sensevoice_encoder.h"
#include "asr/sensevoice_frontend.h"
#include "asr/sentencepiece_vocabulary.h"

#include <ATen/ATen.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace cosystudio::asr {

// The query rows of `embed` (FunASR's lid_dict and textnorm_dict).
struct QueryRows {
  static int64_t language(const std::string& code);  // -1 for an unknown code
  static constexpr int64_t kEvent = 1, kEmotion = 2;
  static constexpr int64_t kWithItn = 14, kWithoutItn = 15;
  static constexpr int64_t kCount = 16;
};

// Every stage of one recognition, for the parity checks and the callers.
struct SenseVoiceTrace {
  at::Tensor features;      // (T', 560)
  at::Tensor encoderInput;  // (T' + 4, 560)
  at::Tensor encoderOut;    // (T' + 4, d)
  at::Tensor ctcLogProbs;   // (T' + 4, vocab)
  at::Tensor frameIds;      // (T' + 4) int64, the argmax per frame
  at::Tensor tokenIds;      // (K) int64
  std::vector<int64_t> tokenFirstFrame, tokenLastFrame;  // each token's run of frames
};

// The files of a recogniser folder: configuration.json's file_path_metas
// where it names them, FunASR's usual names otherwise.
struct SenseVoiceFiles {
  std::filesystem::path config, weights, normalization, vocabulary;
  static SenseVoiceFiles in(const std::filesystem::path& folder);
};

class SenseVoice {
 public:
  // Throws ConfigError / CheckpointError naming the file, the key or the shape.
  SenseVoice(const std::filesystem::path& folder, const at::Device& device);
  ~SenseVoice();

  // speech16k: (N,) float32 in [-1, 1] on any device. language: a code of
  // QueryRows::language ("auto" lets the model identify it).
  SenseVoiceTrace recognize(const at::Tensor& speech16k, const std::string& language, bool withItn) const;
  // The steps after the front end, from given features (the parity checks).
  SenseVoiceTrace recognizeFeatures(const at::Tensor& features, const std::string& language, bool withItn) const;

  // The CTC head alone: log-probabilities (T, vocab) of encoder frames (T, d).
  at::Tensor ctcLogProbs(const at::Tensor& encoderOut) const;

  const SenseVoiceFrontend& frontend() const { return frontend_; }
  const SenseVoiceConfig& config() const { return config_; }
  // SentencePiece's DecodeIds of the whole list, and one piece.
  std::string decode(const std::vector<int64_t>& ids) const;
  std::string piece(int64_t id) const;
  // SentencePiece's pieces of a text, with their ids and where each stands in it.
  std::vector<SentencePieceVocabulary::EncodedPiece> encode(const std::string& text) const;

 private:
  SenseVoice(const SenseVoiceFiles& files, const at::Device& device);

  at::Device device_;
  SenseVoiceConfig config_;
  SenseVoiceFrontend frontend_;
  SentencePieceVocabulary vocabulary_;
  at::Tensor queries_;  // embed.weight (16, 560)
  std::unique_ptr<SenseVoiceEncoder> encoder_;
  Linear ctc_;
};

}  // namespace cosystudio::asr
