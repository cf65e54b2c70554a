// A full-size random-weight model folder in the official formats.
#include "cosystudio/bench.h"

#include "bench/random_llm_folder.h"
#include "flow/flow_config.h"
#include "hift/hift_config.h"
#include "model/state_dict_writer.h"

#include <ATen/ATen.h>
#include <ATen/CPUGeneratorImpl.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <map>
#include <stdexcept>

namespace cosystudio::bench {

namespace {

namespace fs = std::filesystem;

// The inference sections of the released cosyvoice3.yaml, appended to the llm
// section the LLM folder writer leaves.
void appendFlowAndHiftYaml(const fs::path& yamlFile, const FlowConfig& f, const HiftConfig& h) {
  const auto list = [](const std::vector<int64_t>& values) {
    std::string text = "[";
    for (size_t i = 0; i < values.size(); ++i) text += (i ? ", " : "") + std::to_string(values[i]);
    return text + "]";
  };
  const auto lists = [&](const std::vector<std::vector<int64_t>>& values) {
    std::string text = "[";
    for (size_t i = 0; i < values.size(); ++i) text += (i ? ", " : "") + list(values[i]);
    return text + "]";
  };
  std::ofstream yaml(yamlFile, std::ios::app);
  yaml << "\nsample_rate: " << h.samplingRate << "\nspk_embed_dim: " << f.speakerEmbedDim
       << "\ntoken_frame_rate: 25\ntoken_mel_ratio: " << f.tokenMelRatio << "\nchunk_size: " << f.chunkTokens
       << "\nnum_decoding_left_chunks: -1\n"
       << "\nflow: !new:cosyvoice.flow.flow.CausalMaskedDiffWithDiT\n    input_size: " << f.melDim
       << "\n    output_size: " << f.melDim << "\n    spk_embed_dim: !ref <spk_embed_dim>\n    output_type: 'mel'"
       << "\n    vocab_size: " << f.vocabSize << "\n    input_frame_rate: !ref <token_frame_rate>"
       << "\n    only_mask_loss: True\n    token_mel_ratio: !ref <token_mel_ratio>\n    pre_lookahead_len: "
       << f.preLookaheadLen
       << "\n    pre_lookahead_layer: !new:cosyvoice.transformer.upsample_encoder.PreLookaheadLayer"
       << "\n        in_channels: " << f.melDim << "\n        channels: " << f.preLookaheadChannels
       << "\n        pre_lookahead_len: " << f.preLookaheadLen
       << "\n    decoder: !new:cosyvoice.flow.flow_matching.CausalConditionalCFM\n        in_channels: "
       << 3 * f.melDim << "\n        n_spks: 1\n        spk_emb_dim: " << f.melDim
       << "\n        cfm_params: !new:omegaconf.DictConfig\n            content:\n                sigma_min: 1e-06"
       << "\n                solver: 'euler'\n                t_scheduler: 'cosine'"
       << "\n                training_cfg_rate: 0.2\n                inference_cfg_rate: " << f.cfgRate
       << "\n                reg_loss_type: 'l1'\n        estimator: !new:cosyvoice.flow.DiT.dit.DiT"
       << "\n            dim: " << f.ditDim << "\n            depth: " << f.ditDepth << "\n            heads: "
       << f.ditHeads << "\n            dim_head: " << f.ditDimHead << "\n            ff_mult: " << f.ditFfMult
       << "\n            mel_dim: " << f.melDim << "\n            mu_dim: " << f.melDim
       << "\n            spk_dim: " << f.melDim << "\n            out_channels: " << f.melDim
       << "\n            static_chunk_size: !ref <chunk_size> * <token_mel_ratio>"
       << "\n            num_decoding_left_chunks: !ref <num_decoding_left_chunks>\n"
       << "\nhift: !new:cosyvoice.hifigan.generator.CausalHiFTGenerator\n    in_channels: " << h.inChannels
       << "\n    base_channels: " << h.baseChannels << "\n    nb_harmonics: " << h.nbHarmonics
       << "\n    sampling_rate: !ref <sample_rate>\n    nsf_alpha: " << h.nsfAlpha << "\n    nsf_sigma: "
       << h.nsfSigma << "\n    nsf_voiced_threshold: " << h.nsfVoicedThreshold
       << "\n    upsample_rates: " << list(h.upsampleRates)
       << "\n    upsample_kernel_sizes: " << list(h.upsampleKernelSizes) << "\n    istft_params:\n        n_fft: "
       << h.nFft << "\n        hop_len: " << h.hopLen << "\n    resblock_kernel_sizes: "
       << list(h.resblockKernelSizes) << "\n    resblock_dilation_sizes: " << lists(h.resblockDilationSizes)
       << "\n    source_resblock_kernel_sizes: " << list(h.sourceResblockKernelSizes)
       << "\n    source_resblock_dilation_sizes: " << lists(h.sourceResblockDilationSizes)
       << "\n    lrelu_slope: " << h.lreluSlope << "\n    audio_limit: " << h.audioLimit
       << "\n    conv_pre_look_right: " << h.convPreLookRight
       << "\n    f0_predictor: !new:cosyvoice.hifigan.f0_predictor.CausalConvRNNF0Predictor"
       << "\n        num_class: " << h.f0NumClass << "\n        in_channels: " << h.f0InChannels
       << "\n        cond_channels: " << h.f0CondChannels << "\n";
}

// Random tensors with the keys and shapes the manifest lists for `module`, in
// the spirit of an initialised network: matrices scaled by 1/sqrt(fan_in),
// small vectors, the DiT's rotary frequencies as they are computed, weight
// norm stored as (g = |v|, v) so that the folded weight is v.
void writeRandomWeights(const nlohmann::json& stateDict, const fs::path& file, at::Generator& generator) {
  const auto matrix = [&](at::IntArrayRef shape) {
    return at::normal(0.0, 1.0, shape, generator) / std::sqrt(double(c10::multiply_integers(shape) / shape[0]));
  };
  StateDictWriter writer(file);
  std::map<std::string, at::Tensor> directions;  // weight-norm v, drawn when its g is written
  for (const auto& [key, entry] : stateDict.items()) {
    const auto shape = entry.at("shape").get<std::vector<int64_t>>();
    const auto suffix = [&key = key](const char* s) {
      const std::string tail(s);
      return key.size() >= tail.size() && key.compare(key.size() - tail.size(), tail.size(), tail) == 0;
    };
    at::Tensor value;
    if (suffix("inv_freq")) {
      value = 1.0 / at::pow(10000.0, at::arange(0, 2 * shape[0], 2, at::kFloat) / double(2 * shape[0]));
    } else if (suffix("original0") || suffix("original1")) {
      const std::string prefix = key.substr(0, key.size() - 1);
      if (!directions.count(prefix))
        directions[prefix] = matrix(stateDict.at(prefix + "1").at("shape").get<std::vector<int64_t>>());
      const at::Tensor& v = directions[prefix];
      value = suffix("original1") ? v : v.flatten(1).norm(2, {1}, true).unsqueeze(-1);
    } else if (shape.size() == 1) {
      value = 0.1 * at::normal(0.0, 1.0, shape, generator);
      // Keep HiFT's iSTFT log-magnitudes small, as a trained model does.
      if (key == "conv_post.bias") value.narrow(0, 0, shape[0] / 2).sub_(3);
    } else {
      value = matrix(shape);
    }
    writer.add(key, value);
  }
  writer.finish();
}

}  // namespace

void writeRandomModelFolder(const fs::path& folder, const fs::path& fixtures, uint64_t seed) {
  const fs::path donor = fixtures / "e2e" / "tiny-model-a";
  const fs::path manifestFile = fixtures / "core" / "manifest-full-size.json";
  for (const auto& needed : {donor, manifestFile})
    if (!fs::exists(needed)) throw std::runtime_error("the fixture " + needed.string() + " does not exist");
  std::ifstream manifestStream(manifestFile);
  const auto manifest = nlohmann::json::parse(manifestStream);

  writeRandomLlmFolder(folder, releasedLlmConfig(), seed);
  appendFlowAndHiftYaml(folder / "cosyvoice3.yaml", FlowConfig{}, HiftConfig{});
  auto generator = at::make_generator<at::CPUGeneratorImpl>(seed + 1);
  for (const char* module : {"flow", "hift"})
    writeRandomWeights(manifest.at("modules").at(module).at("state_dict"), folder / (std::string(module) + ".pt"),
                       generator);
  for (const char* name : {"campplus.onnx", "speech_tokenizer_v3.onnx", "CosyVoice-BlankEN/vocab.json",
                           "CosyVoice-BlankEN/merges.txt", "CosyVoice-BlankEN/tokenizer_config.json"}) {
    fs::remove(folder / name);  // the fixture copies are read-only
    fs::copy_file(donor / name, folder / name);
  }
}


void writeRandomLanguageModel(const fs::path& folder, uint64_t seed) {
  writeRandomLlmFolder(folder, releasedLlmConfig(), seed);
}

}  // namespace cosystudio::bench
