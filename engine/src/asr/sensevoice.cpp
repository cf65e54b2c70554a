#include "asr/sensevoice.h"

#include "config/hyper_yaml.h"
#include "model/state_dict.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <map>

namespace cosystudio::asr {
namespace {

constexpr int64_t kBlank = 0;

// configuration.json's file_path_metas.<path>, when it names a plain file name.
std::filesystem::path namedFile(const nlohmann::json& metas, const std::vector<std::string>& path,
                                const std::string& fallback) {
  const nlohmann::json* node = &metas;
  for (const auto& key : path) {
    if (!node->is_object() || !node->contains(key)) return fallback;
    node = &(*node)[key];
  }
  if (!node->is_string()) return fallback;
  // Only a name inside the folder: a path in a downloaded file goes nowhere else.
  const std::filesystem::path name = node->get<std::string>();
  return name.has_filename() && name == name.filename() ? name : std::filesystem::path(fallback);
}

}  // namespace

int64_t QueryRows::language(const std::string& code) {
  static const std::map<std::string, int64_t> rows = {{"auto", 0}, {"zh", 3},  {"en", 4},       {"yue", 7},
                                                      {"ja", 11},  {"ko", 12}, {"nospeech", 13}};
  const auto row = rows.find(code);
  return row == rows.end() ? -1 : row->second;
}

SenseVoiceFiles SenseVoiceFiles::in(const std::filesystem::path& folder) {
  nlohmann::json metas;
  if (std::ifstream in(folder / "configuration.json"); in) {
    const auto json = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
    if (json.is_object() && json.contains("file_path_metas")) metas = json["file_path_metas"];
  }
  return {folder / namedFile(metas, {"config"}, "config.yaml"), folder / namedFile(metas, {"init_param"}, "model.pt"),
          folder / namedFile(metas, {"frontend_conf", "cmvn_file"}, "am.mvn"),
          folder / namedFile(metas, {"tokenizer_conf", "bpemodel"}, "chn_jpn_yue_eng_ko_spectok.bpe.model")};
}

SenseVoice::SenseVoice(const std::filesystem::path& folder, const at::Device& device)
    : SenseVoice(SenseVoiceFiles::in(folder), device) {}

SenseVoice::SenseVoice(const SenseVoiceFiles& files, const at::Device& device)
    : device_(device),
      config_(SenseVoiceConfig::load(files.config)),
      frontend_(config_,
                FeatureNormalization::load(files.normalization, static_cast<std::size_t>(config_.inputSize()))),
      vocabulary_(SentencePieceVocabulary::load(files.vocabulary)) {
  const int64_t vocab = vocabulary_.size();

  StateDict weights = StateDict::load(files.weights);
  const auto options = at::TensorOptions().dtype(at::kFloat).device(device);
  queries_ = weights.take("embed.weight", {QueryRows::kCount, config_.inputSize()}).to(options);
  encoder_ = std::make_unique<SenseVoiceEncoder>(weights, "encoder.", config_, options);
  // Looked at before it is taken: the vocabulary of another model shows as its row count.
  const auto ctc = weights.tensors().find("ctc.ctc_lo.weight");
  if (ctc != weights.tensors().end() && ctc->second.dim() == 2 && ctc->second.size(0) != vocab)
    throw CheckpointError(files.weights.string() + ": ctc.ctc_lo.weight has " + std::to_string(ctc->second.size(0)) +
                          " rows but " + files.vocabulary.filename().string() + " has " + std::to_string(vocab) +
                          " pieces: the two files are not of one model");
  ctc_ = Linear(weights.take("ctc.ctc_lo.weight", {vocab, config_.outputSize}).to(options),
                weights.take("ctc.ctc_lo.bias", {vocab}).to(options));
  weights.finish();
}

SenseVoice::~SenseVoice() = default;

SenseVoiceTrace SenseVoice::recognize(const at::Tensor& speech16k, const std::string& language, bool withItn) const {
  return recognizeFeatures(frontend_.features(speech16k.to(at::kCPU, at::kFloat).reshape({-1})), language, withItn);
}

SenseVoiceTrace SenseVoice::recognizeFeatures(const at::Tensor& features, const std::string& language,
                                              bool withItn) const {
  const int64_t row = QueryRows::language(language);
  if (row < 0) throw std::invalid_argument("no language query for '" + language + "'");
  const auto rows = at::tensor({row, QueryRows::kEvent, QueryRows::kEmotion,
                                withItn ? QueryRows::kWithItn : QueryRows::kWithoutItn},
                               at::TensorOptions().dtype(at::kLong).device(device_));
  SenseVoiceTrace trace;
  trace.features = features;
  trace.encoderInput = at::cat({queries_.index_select(0, rows), features.to(device_)});
  trace.encoderOut = encoder_->forward(trace.encoderInput.unsqueeze(0)).squeeze(0);
  trace.ctcLogProbs = ctcLogProbs(trace.encoderOut);
  trace.frameIds = trace.ctcLogProbs.argmax(-1).cpu();

  std::vector<int64_t> ids;
  const auto frames = trace.frameIds.accessor<int64_t, 1>();
  for (int64_t t = 0; t < frames.size(0); ++t) {
    const bool repeat = t > 0 && frames[t] == frames[t - 1];
    if (repeat && frames[t] != kBlank) trace.tokenLastFrame.back() = t;
    if (repeat || frames[t] == kBlank) continue;
    ids.push_back(frames[t]);
    trace.tokenFirstFrame.push_back(t);
    trace.tokenLastFrame.push_back(t);
  }
  trace.tokenIds = at::tensor(ids, at::kLong);
  return trace;
}

at::Tensor SenseVoice::ctcLogProbs(const at::Tensor& encoderOut) const {
  return at::log_softmax(ctc_(encoderOut.to(device_)), -1);
}

std::string SenseVoice::decode(const std::vector<int64_t>& ids) const { return vocabulary_.decode(ids); }

std::string SenseVoice::piece(int64_t id) const { return vocabulary_.piece(id); }

std::vector<SentencePieceVocabulary::EncodedPiece> SenseVoice::encode(const std::string& text) const {
  return vocabulary_.encode(text);
}

}  // namespace cosystudio::asr
