#include "pipeline/voice_features.h"

#include "audio/prompt_features.h"
#include "audio/sinc_resampler.h"

namespace cosystudio {

namespace {

template <typename T>
std::vector<T> hostVector(const at::Tensor& tensor, at::ScalarType type) {
  const at::Tensor host = tensor.to(at::kCPU, type).contiguous();
  return std::vector<T>(host.data_ptr<T>(), host.data_ptr<T>() + host.numel());
}

}  // namespace

VoiceData computeVoiceData(Model& model, const audio::Clip& clip, const std::string& transcript,
                             VoiceTrace* trace) {
  const audio::PromptFeatures features = audio::extractPromptFeatures(clip, model.device);
  if (trace) {
    trace->speakerFbank = features.speakerFbank;
    trace->tokenizerMel = features.tokenizerMel;
  }
  VoiceData data;
  data.transcript = transcript;
  data.modelFingerprint = model.fingerprint;
  const audio::Clip mono = audio::downmixToMono(clip);
  data.clip = mono.channels.at(0);
  data.clipRate = mono.sampleRate;
  data.speechTokens = hostVector<int32_t>(model.speechTokenizer.tokenize(features.tokenizerMel).ids, at::kInt);
  data.speakerEmbedding = hostVector<float>(model.speakerEncoder.embed(features.speakerFbank), at::kFloat);
  const at::Tensor mel = features.flowMel.squeeze(0);  // (F, 80)
  data.promptMelFrames = mel.size(0);
  data.promptMel = hostVector<float>(mel, at::kFloat);
  return data;
}

at::Tensor speakerEmbeddingOf(Model& model, const std::vector<float>& samples, int sampleRate) {
  constexpr int kSpeakerRate = 16000;
  // CAM++ pools statistics over at least three fbank frames (45 ms).
  if (samples.size() < std::size_t(sampleRate) / 10)
    throw EngineError(COSYSTUDIO_MESSAGE("Engine", "the audio is too short to compare its speaker (under 0.1 s)"));
  const auto mono = at::tensor(samples, at::kFloat).unsqueeze(0).to(model.device);
  return model.speakerEncoder.embed(audio::speakerFbank(audio::sincResample(mono, sampleRate, kSpeakerRate)))
      .reshape({-1});
}

VoiceFeatures voiceFeatures(const VoiceData& data, const at::Device& device) {
  const auto frames = data.promptMelFrames;
  const auto bins = frames ? int64_t(data.promptMel.size()) / frames : 0;
  VoiceFeatures f;
  f.speechTokens = at::tensor(at::ArrayRef<int32_t>(data.speechTokens)).to(device, at::kLong);
  f.speakerEmbedding = at::tensor(at::ArrayRef<float>(data.speakerEmbedding)).to(device);
  f.promptMel = at::tensor(at::ArrayRef<float>(data.promptMel)).view({frames, bins}).to(device);
  return f;
}

audio::Clip voiceClip(const VoiceData& data) {
  audio::Clip clip;
  clip.channels.push_back(data.clip);
  clip.sampleRate = data.clipRate;
  return clip;
}

}  // namespace cosystudio
