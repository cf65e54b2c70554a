// cosystudio-parity sensevoice <set-dir>: the recogniser against FunASR's
// SenseVoiceSmall, stage by stage. The set holds input.wav, tensors.pt and a
// manifest.json naming the model folder ("model", relative to the set; the
// sibling folder model/ when absent), the language and ITN query the golden
// run used, and its decoded text. Each stage starts from the golden input of
// that stage, so one error is not counted twice; the whole path from the wav
// is checked on the ids and the text at the end. The timestamps FunASR gives
// the decoded text are reproduced with the engine's CTC aligner on the golden
// log-probabilities, frame for frame and millisecond for millisecond.
#include "registry.h"
#include "report.h"

#include "asr/ctc_alignment.h"
#include "asr/sensevoice.h"
#include "audio/kaldi_fbank.h"
#include "audio/prompt_features.h"
#include "audio/sinc_resampler.h"
#include "cosystudio/audio/clip.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>

namespace cosystudio::parity {
namespace {

// torchaudio's resampler, reproduced op for op (the CosyVoice audio sets hold it to 1e-6).
constexpr double kResampled = 1e-6;
// fbank: log mel energies of the int16-scaled waveform, float32. The power
// spectrum's sums run in another order than torchaudio's, so a bin's energy
// differs by a few float32 ulps, which its log turns into an absolute error;
// the CosyVoice audio sets' bound for the same fbank (6.2e-4 max measured here,
// on the silence set's near-floor bins).
constexpr double kFbankMax = 2e-3, kFbankMean = 2e-5;
// Stacking copies values; (x + shift) * scale adds one rounding per operation.
constexpr double kFeatures = 1e-5;
// Encoder and CTC: float32 matrix products summed in another order than
// PyTorch's (blocked BLAS kernels differ by build): 1.4e-5 measured on the
// encoder's output and 2.3e-5 on the log-probabilities (each from the golden
// input of its stage) with Debian's libtorch 1.13 on OpenBLAS.
constexpr double kEncoder = 1e-4;
constexpr double kLogProbs = 1e-4;

nlohmann::json readManifest(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error("cannot open " + file.string());
  return nlohmann::json::parse(in);
}

std::vector<int64_t> idsOf(const at::Tensor& ids) {
  const auto flat = ids.to(at::kLong).contiguous().reshape({-1});
  return {flat.data_ptr<int64_t>(), flat.data_ptr<int64_t>() + flat.numel()};
}

void exactText(Report& report, const std::string& name, const std::string& got, const std::string& expected) {
  if (got == expected)
    report.exact(name, 0, 0);
  else
    report.failure(name, "'" + got + "', expected '" + expected + "'");
}

std::string joined(const std::vector<std::string>& words) {
  std::string text;
  for (const auto& word : words) text += (text.empty() ? "" : "|") + word;
  return text;
}

// One aligned piece as sense_voice/model.py inference() hands it to post().
struct TimedPiece {
  std::string piece;
  long long startMs, endMs, startFrame, endFrame;  // frames [start, end) of the speech
};

// FunASR's post(): milliseconds as given, a lone '▁' skipped, a piece
// starting with '▁' a new word without it (the first piece keeps it), an
// ASCII-letters piece after an ASCII-letters word joined to it.
void funAsrWords(const std::vector<TimedPiece>& pieces, std::vector<std::string>& words,
                 std::vector<long long>& times) {
  static const std::string kSpace = "\xE2\x96\x81";
  const auto asciiLetters = [](const std::string& text) {
    return !text.empty() && std::all_of(text.begin(), text.end(),
                                        [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); });
  };
  std::string previous;
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    std::string word = pieces[i].piece;
    if (word == kSpace) continue;
    if (i > 0 && word.rfind(kSpace, 0) == 0) {
      word.erase(0, kSpace.size());
    } else if (i > 0 && asciiLetters(previous) && asciiLetters(word)) {
      word = previous + word;
      words.back() = word;
      times.back() = pieces[i].endMs;
      previous = word;
      continue;
    }
    words.push_back(word);
    times.push_back(pieces[i].startMs);
    times.push_back(pieces[i].endMs);
    previous = word;
  }
}

// FunASR's timestamps (inference() with output_timestamp, then post()), its
// steps with the engine's aligner: the decoded text re-tokenised less its
// first 4 pieces (the tags), each piece encoded again on its own (124 when it
// gives nothing), the speech frames' log-probs with the blank made certain
// where it is the best label, the forced alignment, each label's run of
// frames timed and named by the piece of the same index.
void compareTimestamps(const asr::SenseVoice& model, const at::Tensor& ctcLogProbs, const nlohmann::json& manifest,
                       Report& report) {
  constexpr std::size_t kTagPieces = 4;
  constexpr int64_t kQueryFrames = 4, kEmptyPieceId = 124;
  auto pieces = model.encode(manifest.at("text").get<std::string>());
  if (pieces.size() < kTagPieces) return report.failure("timestamps", "the text has fewer pieces than tags");
  pieces.erase(pieces.begin(), pieces.begin() + kTagPieces);
  std::vector<int64_t> labels;
  long long fallbacks = 0;
  for (const auto& piece : pieces) {
    const auto again = model.encode(piece.piece);
    if (again.empty()) labels.push_back(kEmptyPieceId), ++fallbacks;
    for (const auto& id : again) labels.push_back(id.id);
  }
  report.exact("timestamp_fallback_124", fallbacks, manifest.at("timestamp_fallback_124").get<long long>());
  // FunASR names each aligned label by the piece of its index: more labels run past its list.
  if (labels.size() > pieces.size())
    return report.failure("timestamps", "the pieces encode to more ids than pieces, which FunASR cannot time");

  const auto emissions = asr::blankCertainWhereBest(ctcLogProbs.slice(0, kQueryFrames));
  const int64_t frames = emissions.size(0);
  const auto alignment = asr::ctcForcedAlign(emissions, labels);
  std::vector<TimedPiece> timed;
  for (std::size_t k = 0; k < labels.size(); ++k) {
    const int64_t end = alignment.lastFrame[k] + 1;
    const auto span = asr::ctcSpanSeconds(alignment.firstFrame[k], end, frames, model.config().frameMs());
    // post()'s int(seconds * 1000) truncates.
    timed.push_back({pieces[k].piece, static_cast<long long>(span.start * 1000),
                     static_cast<long long>(span.end * 1000), alignment.firstFrame[k], end});
  }

  std::vector<TimedPiece> expected;
  for (const auto& row : manifest.at("timestamp_tokens"))
    expected.push_back({row.at(0).get<std::string>(), row.at(1).get<long long>(), row.at(2).get<long long>(),
                        row.at(3).get<long long>(), row.at(4).get<long long>()});
  const auto column = [](const std::vector<TimedPiece>& rows, long long TimedPiece::*field) {
    std::vector<int64_t> values;
    for (const auto& row : rows) values.push_back(row.*field);
    return at::tensor(values, at::kLong);
  };
  const auto names = [](const std::vector<TimedPiece>& rows) {
    std::vector<std::string> values;
    for (const auto& row : rows) values.push_back(row.piece);
    return values;
  };
  exactText(report, "timestamp pieces", joined(names(timed)), joined(names(expected)));
  report.exact("timestamp start frames", column(timed, &TimedPiece::startFrame),
               column(expected, &TimedPiece::startFrame));
  report.exact("timestamp end frames", column(timed, &TimedPiece::endFrame), column(expected, &TimedPiece::endFrame));
  report.exact("timestamp start ms", column(timed, &TimedPiece::startMs), column(expected, &TimedPiece::startMs));
  report.exact("timestamp end ms", column(timed, &TimedPiece::endMs), column(expected, &TimedPiece::endMs));

  std::vector<std::string> words;
  std::vector<long long> times, expectedTimes;
  funAsrWords(timed, words, times);
  for (const auto& pair : manifest.at("timestamps"))
    for (const auto& ms : pair) expectedTimes.push_back(ms.get<long long>());
  exactText(report, "timestamp words", joined(words),
            joined(manifest.at("timestamp_words").get<std::vector<std::string>>()));
  report.exact("timestamps (ms)", at::tensor(std::vector<int64_t>(times.begin(), times.end()), at::kLong),
               at::tensor(std::vector<int64_t>(expectedTimes.begin(), expectedTimes.end()), at::kLong));
}

int runSenseVoice(const std::filesystem::path& setDir, const RunOptions& options) {
  if (options.precision != Precision::Float32) {
    std::fprintf(stderr, "cosystudio-parity sensevoice: the recogniser computes in fp32 only\n");
    return 2;
  }
  const auto manifest = readManifest(setDir / "manifest.json");
  const auto modelDir = setDir / manifest.value("model", std::string("../model"));
  const std::string language = manifest.value("language", std::string("auto"));
  const bool withItn = manifest.value("use_itn", false);
  std::printf("model: %s, language %s, %s ITN\n", modelDir.lexically_normal().c_str(), language.c_str(),
              withItn ? "with" : "without");

  const GoldenTensors golden(setDir / "tensors.pt");
  Report report;
  try {
    const asr::SenseVoice model(modelDir, options.device);
    const auto& frontend = model.frontend();

    const auto clip = audio::loadClip(setDir / manifest.value("clip", std::string("input.wav")),
                                      audio::ClipLimits::none());
    const auto speech = audio::sincResample(audio::monoTensor(clip), clip.sampleRate, 16000).reshape({-1});
    report.close("speech_16k", speech, golden.at("speech_16k").reshape({-1}), kResampled);

    const auto goldenSpeech = golden.at("speech_16k").reshape({-1});
    report.close("fbank", audio::kaldiFbank(goldenSpeech * 32768.0, audio::FbankWindow::Hamming),
                 golden.at("fbank"), kFbankMax, kFbankMean);
    report.close("features", frontend.normalize(frontend.stackFrames(golden.at("fbank"))), golden.at("features"),
                 kFeatures);

    const auto staged = model.recognizeFeatures(golden.at("features"), language, withItn);
    report.close("encoder_input", staged.encoderInput.cpu(), golden.at("encoder_input"), 0.0);
    report.close("encoder_out", staged.encoderOut.cpu(), golden.at("encoder_out"), kEncoder);
    report.close("ctc_logprobs", model.ctcLogProbs(golden.at("encoder_out")).cpu(), golden.at("ctc_logprobs"),
                 kLogProbs);
    // The argmax is exact, except where the golden log-probs of two ids lie
    // within the log-prob tolerance: a computation held to it may choose either
    // there. Such a frame is checked by the golden log-prob of the id chosen,
    // and what follows from the path (ids, text) cannot be compared.
    const auto goldenLogProbs = golden.at("ctc_logprobs");
    const auto nearTie = [&](const at::Tensor& frameIds) {
      return frameIds.sizes() == golden.at("frame_ids").sizes() && !at::equal(frameIds, golden.at("frame_ids"));
    };
    const auto comparePath = [&](const std::string& name, const at::Tensor& frameIds) {
      if (!nearTie(frameIds)) return report.exact(name, frameIds, golden.at("frame_ids"));
      const auto chosen = goldenLogProbs.gather(1, frameIds.reshape({-1, 1}).to(at::kLong)).reshape({-1});
      return report.close(name + " (golden log-prob of each chosen id)", chosen,
                          std::get<0>(goldenLogProbs.max(1)), kLogProbs);
    };
    const std::string tieReason = "a frame chose another id whose golden log-prob lies within the tolerance";
    comparePath("frame_ids", staged.frameIds);
    if (nearTie(staged.frameIds))
      report.notCompared("token_ids", tieReason);
    else
      report.exact("token_ids", staged.tokenIds, golden.at("token_ids"));

    // The whole path, from the wav: ids, the decoded text and the language.
    const auto whole = model.recognize(speech, language, withItn);
    const auto ids = idsOf(whole.tokenIds);
    if (nearTie(whole.frameIds)) {
      comparePath("frame_ids from the wav", whole.frameIds);
      report.notCompared("token_ids from the wav", tieReason);
      report.notCompared("text", tieReason);
    } else {
      report.exact("token_ids from the wav", whole.tokenIds, golden.at("token_ids"));
      exactText(report, "text", model.decode(ids), manifest.at("text").get<std::string>());
    }
    if (manifest.contains("language_piece"))  // the piece the first query frame answers, blank included
      exactText(report, "language piece", model.piece(whole.frameIds[0].item<int64_t>()),
                manifest["language_piece"].get<std::string>());
    if (manifest.contains("timestamp_tokens")) compareTimestamps(model, golden.at("ctc_logprobs"), manifest, report);
    report.failUnreported(golden, "");
  } catch (const std::exception& e) {
    report.failure("sensevoice", e.what());
  }
  return report.finish();
}

const Registration reg("sensevoice", "SenseVoice-Small recogniser: front end, encoder, CTC, ids, text and timestamps",
                       &runSenseVoice);

}  // namespace
}  // namespace cosystudio::parity
