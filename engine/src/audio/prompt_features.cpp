#include "audio/prompt_features.h"

#include "cosystudio/audio/analysis.h"

#include "audio/flow_mel.h"
#include "audio/kaldi_fbank.h"
#include "audio/sinc_resampler.h"
#include "audio/whisper_mel.h"

#include <c10/util/Exception.h>

namespace cosystudio::audio {
namespace {
constexpr int kTokenizerRate = 16000;
constexpr int kFlowRate = 24000;

at::Tensor lengthTensor(std::int64_t length, const at::Device& device) {
  return at::full({1}, length, at::TensorOptions().dtype(at::kInt).device(device));
}
}  // namespace

at::Tensor clipTensor(const Clip& clip) {
  TORCH_CHECK(clip.channelCount() > 0, "clip has no channels");
  auto tensor = at::empty({clip.channelCount(), clip.frames()}, at::kFloat);
  for (int c = 0; c < clip.channelCount(); ++c) {
    TORCH_CHECK(std::int64_t(clip.channels[c].size()) == clip.frames(),
                "clip channels differ in length");
    std::copy(clip.channels[c].begin(), clip.channels[c].end(), tensor[c].data_ptr<float>());
  }
  return tensor;
}

at::Tensor monoTensor(const Clip& clip) { return clipTensor(clip).mean(0, /*keepdim=*/true); }

at::Tensor speakerFbank(const at::Tensor& speech16k) { return subtractFrameMean(kaldiFbank(speech16k)).unsqueeze(0); }

PromptFeatures extractPromptFeatures(const Clip& clip, const at::Device& device) {
  // Clips recorded or trimmed in memory get the same limits as loaded ones.
  if (const auto violation = limitViolation(clip, ClipLimits{}))
    throw AudioError({COSYSTUDIO_MESSAGE("Engine", "prompt clip: %1"), {*violation}});
  PromptFeatures f;
  const auto mono = monoTensor(clip).to(device);
  f.speech16k = sincResample(mono, clip.sampleRate, kTokenizerRate);
  f.speech24k = sincResample(mono, clip.sampleRate, kFlowRate);
  f.speakerFbank = speakerFbank(f.speech16k);
  f.tokenizerMel = whisperLogMel(f.speech16k);
  f.tokenizerMelLength = lengthTensor(f.tokenizerMel.size(2), device);
  f.flowMel = flowMel(f.speech24k).squeeze(0).transpose(0, 1).unsqueeze(0);
  f.flowMelLength = lengthTensor(f.flowMel.size(1), device);
  return f;
}

AlignedPrompt alignPrompt(const at::Tensor& flowMel, const at::Tensor& speechTokens) {
  TORCH_CHECK(flowMel.dim() == 3 && speechTokens.dim() == 2,
              "alignPrompt: expected flow mel (1, frames, 80) and tokens (1, n), got ",
              flowMel.sizes(), " and ", speechTokens.sizes());
  const std::int64_t tokens = std::min(flowMel.size(1) / 2, speechTokens.size(1));
  AlignedPrompt aligned;
  aligned.speechFeat = flowMel.narrow(1, 0, 2 * tokens);
  aligned.speechFeatLength = lengthTensor(2 * tokens, flowMel.device());
  aligned.speechToken = speechTokens.narrow(1, 0, tokens);
  aligned.speechTokenLength = lengthTensor(tokens, speechTokens.device());
  return aligned;
}

PromptFeatureSizes promptFeatureSizes(const Clip& clip) {
  const PromptFeatures f = extractPromptFeatures(clip, at::kCPU);
  return {f.speech16k.size(1), f.speech24k.size(1), f.speakerFbank.size(1), f.tokenizerMel.size(2),
          f.flowMel.size(1)};
}

}  // namespace cosystudio::audio
