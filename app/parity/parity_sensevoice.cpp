// cosystudio-parity sensevoice <set-dir>: the recogniser against FunASR's
// SenseVoiceSmall, stage by stage. The set holds input.wav, tensors.pt and a
// manifest.json naming the model folder ("model", relative to the set; the
// sibling folder model/ when absent), the language and ITN query the golden
// run used, and its decoded text. Each stage starts from the golden input of
// that stage, so one error is not counted twice; the whole path from the wav
// is checked on the ids and the text at the end.
#include "registry.h"
#include "report.h"

#include "asr/sensevoice.h"
#include "audio/kaldi_fbank.h"
#include "audio/prompt_features.h"
#include "audio/sinc_resampler.h"
#include "cosystudio/audio/clip.h"

#include <nlohmann/json.hpp>

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
    report.exact("frame_ids", staged.frameIds, golden.at("frame_ids"));
    report.exact("token_ids", staged.tokenIds, golden.at("token_ids"));

    // The whole path, from the wav: ids, the decoded text and the language.
    const auto whole = model.recognize(speech, language, withItn);
    report.exact("token_ids from the wav", whole.tokenIds, golden.at("token_ids"));
    const auto ids = idsOf(whole.tokenIds);
    const std::string text = model.decode(ids);
    const std::string expectedText = manifest.at("text").get<std::string>();
    if (text == expectedText)
      report.exact("text", 0, 0);
    else
      report.failure("text", "'" + text + "', expected '" + expectedText + "'");
    if (manifest.contains("language_piece")) {
      // The piece the first query frame answers, blank included.
      const std::string heard = model.piece(whole.frameIds[0].item<int64_t>());
      const std::string expected = manifest["language_piece"].get<std::string>();
      if (heard == expected)
        report.exact("language piece", 0, 0);
      else
        report.failure("language piece", "'" + heard + "', expected '" + expected + "'");
    }
    report.failUnreported(golden, "");
  } catch (const std::exception& e) {
    report.failure("sensevoice", e.what());
  }
  return report.finish();
}

const Registration reg("sensevoice", "SenseVoice-Small recogniser: front end, encoder, CTC, ids and text",
                       &runSenseVoice);

}  // namespace
}  // namespace cosystudio::parity
