#include "pipeline/synthesizer.h"

#include "audio/prompt_features.h"
#include "cosystudio/audio/crossfade.h"
#include "cosystudio/text/prompt.h"
#include "cosystudio/text/text_normalize.h"

#include <algorithm>
#include <cctype>
#include <array>
#include <chrono>
#include <cmath>

namespace cosystudio {

namespace {

double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// CosyVoice3Model.llm_job: runs of these tokens are capped at 5 before the
// flow (the LLM itself still sees every token).
constexpr std::array<int64_t, 11> kSilentTokens = {1, 2, 28, 29, 55, 248, 494, 2241, 2242, 2322, 2323};
constexpr int kMaxSilentRun = 5;

bool isSilent(int64_t token) {
  return std::find(kSilentTokens.begin(), kSilentTokens.end(), token) != kSilentTokens.end();
}

text::SynthesisMode textMode(Mode mode) {
  switch (mode) {
    case Mode::ZeroShot: return text::SynthesisMode::ZeroShot;
    case Mode::CrossLingual: return text::SynthesisMode::CrossLingual;
    case Mode::Instruct: return text::SynthesisMode::Instruct2;
    case Mode::VoiceConversion: break;
  }
  return text::SynthesisMode::VoiceConversion;
}

std::vector<int64_t> widen(const std::vector<int32_t>& ids) { return {ids.begin(), ids.end()}; }

std::vector<float> hostSamples(const at::Tensor& wav) {
  const at::Tensor flat = wav.reshape({-1}).to(at::kCPU, at::kFloat).contiguous();
  return {flat.data_ptr<float>(), flat.data_ptr<float>() + flat.numel()};
}

}  // namespace

struct Synthesizer::Segment {
  int index = 0;
  std::string text;
  SegmentTrace trace;
  TokenSampler* sampler = nullptr;

  at::Tensor generatedMel;  // (1, 80, frames) handed to HiFT so far
  int64_t samplesDelivered = 0;
  std::vector<float> samples;
  bool reachedTokenCap = false;
};

Synthesizer::Synthesizer(Model& model) : model_(model) {}

void Synthesizer::throwIfCancelled() const {
  if (callbacks_->shouldStop && callbacks_->shouldStop()) throw Cancelled();
}

void Synthesizer::report(Stage stage, const Segment& segment, int flowStep) const {
  if (!callbacks_->onProgress) return;
  Progress progress;
  progress.stage = stage;
  progress.flowStep = flowStep;
  progress.segment = segment.index;
  progress.segmentCount = segmentCount_;
  progress.tokens = int(segment.trace.flowTokens.size());
  progress.elapsedSeconds = now() - startSeconds_;
  callbacks_->onProgress(progress);
}

SynthesisResult Synthesizer::run(const SynthesisRequest& request, const VoiceFeatures& voice,
                                 const SynthesisCallbacks& callbacks, const SynthesisHooks& hooks) {
  request_ = &request;
  callbacks_ = &callbacks;
  hooks_ = &hooks;
  // A rerun continues the first run's clock.
  const bool rerun = !samplesSent_.empty() || !finished_.empty();
  if (!rerun) {
    startSeconds_ = now();
    firstAudioSeconds_ = -1;
  }
  // A request stopped before it began does no work at all.
  throwIfCancelled();

  text::PromptRequest promptRequest;
  promptRequest.mode = textMode(request.mode);
  promptRequest.text = request.text;
  promptRequest.transcript = request.voice.transcript();
  promptRequest.instruction = request.instruction;
  promptRequest.normalize.textFrontend = request.normalize;
  promptRequest.normalize.readNumbers = request.readNumbers;
  text::PromptTexts texts;
  try {
    texts = text::assemblePrompt(promptRequest, model_.tokenizer);
  } catch (const std::invalid_argument& e) {
    throw EngineError(std::string(e.what()));
  }

  std::vector<int64_t> promptTextIds;
  if (!texts.promptText.empty()) promptTextIds = widen(model_.tokenizer.encode(texts.promptText));

  // Two flow-mel frames per prompt token; voice conversion keeps both whole.
  Segment prototype;
  prototype.trace.speakerEmbedding = voice.speakerEmbedding;
  if (request.mode == Mode::VoiceConversion) {
    prototype.trace.flowPromptTokens = voice.speechTokens;
    prototype.trace.flowPromptMel = voice.promptMel;
  } else {
    const auto aligned = audio::alignPrompt(voice.promptMel.unsqueeze(0), voice.speechTokens.unsqueeze(0));
    prototype.trace.flowPromptTokens = aligned.speechToken.squeeze(0).to(at::kLong);
    prototype.trace.flowPromptMel = aligned.speechFeat.squeeze(0);
  }
  if (request.mode == Mode::ZeroShot) {
    const at::Tensor tokens = prototype.trace.flowPromptTokens.to(at::kCPU).contiguous();
    prototype.trace.llmPromptTokens.assign(tokens.data_ptr<int64_t>(), tokens.data_ptr<int64_t>() + tokens.numel());
  }

  // Pieces of only blanks or punctuation have nothing to say (cross-lingual
  // text is not normalised, so it can still hold them).
  const auto speakable = [](std::string text) {
    text.erase(std::remove_if(text.begin(), text.end(), [](char c) { return std::isspace(static_cast<unsigned char>(c)); }),
               text.end());
    return !text.empty() && !text::isOnlyPunctuation(text);
  };
  std::vector<std::string> segmentTexts;
  for (auto& piece : texts.segments)
    if (speakable(request.mode == Mode::CrossLingual ? request.text : piece)) segmentTexts.push_back(std::move(piece));
  if (request.mode == Mode::VoiceConversion) segmentTexts = {std::string()};
  if (segmentTexts.empty())
    throw EngineError(COSYSTUDIO_MESSAGE("Engine", "the text has nothing to speak after normalisation"));
  segmentCount_ = int(segmentTexts.size());
  if (request.onlySegment && (*request.onlySegment < 0 || *request.onlySegment >= segmentCount_))
    throw EngineError({COSYSTUDIO_MESSAGE("Engine", "segment %1 does not exist (the text has %2)"),
                       {std::to_string(*request.onlySegment + 1), std::to_string(segmentCount_)}});

  for (int i = 0; i < segmentCount_; ++i) {
    if (request.onlySegment && *request.onlySegment != i) continue;
    if (finished_.count(i)) continue;  // made by an earlier run of this request
    // Reseeded for every segment: a segment made again alone with the same
    // seed comes out as it did in the whole run.
    RasSampler sampler(model_.config.llm.sampling, request.seed);
    Segment segment;
    const auto freshSegment = [&] {
      sampler = RasSampler(model_.config.llm.sampling, request.seed);
      if (hooks.draw) sampler.setDrawHook(hooks.draw);
      segment = prototype;
      segment.index = i;
      segment.text = segmentTexts[size_t(i)];
      segment.sampler = hooks.sampler ? hooks.sampler : &sampler;
      segment.trace.promptTextIds.assign(promptTextIds.begin(), promptTextIds.end());
    };
    freshSegment();
    throwIfCancelled();
    report(Stage::Text, segment);
    std::vector<std::string> warnings;
    // A network in bf16/fp16 that overflows is reloaded in float32 and the
    // segment made again from its start (the listener hears nothing twice).
    for (;;) {
      try {
        generateSegment(segment);
        break;
      } catch (const NonFiniteOutput& e) {
        if (!model_.useFloat32For(e.network))
          throw EngineError(networkName(e.network) + " produced non-finite values in float32 on segment " +
                            std::to_string(i + 1) + ": the model files may be damaged");
        warnings.push_back("segment " + std::to_string(i + 1) + ": " + networkName(e.network) +
                           " gave non-finite values in reduced precision; it runs in float32 from now on, until the "
                           "model is loaded again");
        freshSegment();
      }
    }
    if (hooks.onSegment) hooks.onSegment(i, segment.trace);

    SegmentResult done;
    done.warnings = std::move(warnings);
    done.text = segment.text;
    done.samples = std::move(segment.samples);
    done.speechTokens = int(segment.trace.flowTokens.size());
    done.reachedTokenCap = segment.reachedTokenCap;
    if (done.reachedTokenCap)
      done.warnings.push_back("segment " + std::to_string(i + 1) + " reached its token cap (" +
                                std::to_string(segment.trace.llmTokens.size()) +
                                " tokens) without ending by itself: listen for babbling and regenerate it with "
                                "another seed");
    finished_[i] = std::move(done);
  }
  SynthesisResult result;
  result.seed = request.seed;
  result.sampleRate = model_.config.sampleRate;
  for (auto& [index, segment] : finished_) result.segments.push_back(std::move(segment));
  finished_.clear();
  samplesSent_.clear();
  for (const SegmentResult& segment : result.segments)
    audio::appendWithCrossfade(result.samples, segment.samples.data(), segment.samples.size(), result.sampleRate);
  result.totalSeconds = now() - startSeconds_;
  result.firstAudioSeconds = std::max(0.0, firstAudioSeconds_);
  return result;
}

void Synthesizer::generateSegment(Segment& segment) {
  const SynthesisRequest& request = *request_;
  SegmentTrace& trace = segment.trace;
  std::optional<StreamSchedule> schedule;
  if (request.stream) schedule.emplace(int(segment.trace.flowPromptTokens.size(0)));

  if (request.mode == Mode::VoiceConversion) {
    // The source clip's speech tokens stand in for generated ones.
    const audio::Clip source = audio::loadClip(request.sourceClip);
    const auto features = audio::extractPromptFeatures(source, model_.device);
    const at::Tensor ids = model_.speechTokenizer.tokenize(features.tokenizerMel).ids.to(at::kCPU).contiguous();
    trace.flowTokens.assign(ids.data_ptr<int64_t>(), ids.data_ptr<int64_t>() + ids.numel());
    if (schedule)
      while (auto chunk = schedule->next(int(trace.flowTokens.size())))
        token2wav(segment, *chunk);
  } else {
    trace.textIds = model_.tokenizer.encode(segment.text);
    if (trace.textIds.empty())
      throw EngineError({COSYSTUDIO_MESSAGE("Engine", "segment %1 has no text"), {std::to_string(segment.index + 1)}});
    trace.lmInput =
        model_.llm.inputEmbeddings(widen(trace.promptTextIds), widen(trace.textIds), trace.llmPromptTokens);
    // The flow can take only so many tokens after the prompt: the decode stops
    // there instead of failing in the flow after all the decoding work.
    auto limits = LengthLimits::forText(int64_t(trace.textIds.size()));
    const int64_t room = model_.flow->maxSpeechTokens(trace.flowPromptTokens.size(0));
    if (room < limits.minLen)
      throw EngineError({COSYSTUDIO_MESSAGE("Engine",
                                            "segment %1 needs at least %2 speech tokens, but after this prompt clip "
                                            "the flow takes %3: use a shorter prompt clip or a shorter text"),
                         {std::to_string(segment.index + 1), std::to_string(limits.minLen),
                          std::to_string(std::max<int64_t>(0, room))}});
    limits.maxLen = std::min(limits.maxLen, room);
    report(Stage::SpeechTokens, segment);

    int silentRun = 0;
    const double segmentStart = now();
    const auto onToken = [&](int64_t token, const at::Tensor&) {
      if (request.segmentTimeLimitSeconds > 0 && now() - segmentStart > request.segmentTimeLimitSeconds)
        throw RunawaySegment(segment.index,
                             {COSYSTUDIO_MESSAGE("Engine",
                                                 "segment %1 was still generating after %2 s and was stopped "
                                                 "(generation ran away?): regenerate it with another seed"),
                              {std::to_string(segment.index + 1),
                               std::to_string(int(request.segmentTimeLimitSeconds))}});
      trace.llmTokens.push_back(token);
      silentRun = isSilent(token) ? silentRun + 1 : 0;
      if (silentRun <= kMaxSilentRun) trace.flowTokens.push_back(token);
      if (schedule)
        while (auto chunk = schedule->next(int(trace.flowTokens.size())))
          token2wav(segment, *chunk);
      report(Stage::SpeechTokens, segment);
      return !(callbacks_->shouldStop && callbacks_->shouldStop());
    };
    GeneratedTokens generated;
    try {
      generated = model_.llm.generate(trace.lmInput, limits, *segment.sampler, onToken, hooks_->decodeStep);
    } catch (const NonFiniteLogProbs&) {
      throw NonFiniteOutput(ReducedNetwork::Llm);
    }
    throwIfCancelled();
    segment.reachedTokenCap = !generated.stopped && int64_t(generated.tokens.size()) >= limits.maxLen;
  }
  if (trace.flowTokens.empty())
    throw EngineError({COSYSTUDIO_MESSAGE("Engine",
                                          "segment %1 produced no speech: the model stopped at once (try another "
                                          "seed)"),
                       {std::to_string(segment.index + 1)}});
  const TokenChunk last = schedule ? schedule->finish(int(trace.flowTokens.size()))
                                   : TokenChunk{int(trace.flowTokens.size()), 0, true};
  token2wav(segment, last);
}

void Synthesizer::token2wav(Segment& segment, const TokenChunk& scheduled) {
  throwIfCancelled();
  SegmentTrace& trace = segment.trace;
  trace.token2wavCalls.push_back(scheduled);
  report(Stage::Mel, segment);

  FlowRequest flowRequest;
  flowRequest.promptTokens = segment.trace.flowPromptTokens;
  flowRequest.tokens = at::tensor(at::ArrayRef<int64_t>(trace.flowTokens.data(), size_t(scheduled.tokenCount)))
                           .to(model_.device);
  flowRequest.promptMel = segment.trace.flowPromptMel;
  flowRequest.speakerEmbedding = segment.trace.speakerEmbedding;
  // Upstream's final call uses full attention even when streaming (spec §8).
  flowRequest.streaming = !scheduled.finalize;
  flowRequest.finalize = scheduled.finalize;
  // The estimator observer runs at every Euler step: cancel lands within one.
  FlowTrace flowTrace;
  flowTrace.onEstimatorCall = [this, &segment](const EstimatorCall& call) {
    report(Stage::Mel, segment, call.step);
    throwIfCancelled();
  };
  at::Tensor mel = model_.flow->inference(flowRequest, &flowTrace);
  if (hooks_->flowOutput) hooks_->flowOutput(mel);
  if (!mel.isfinite().all().item<bool>()) throw NonFiniteOutput(ReducedNetwork::Flow);
  trace.flowMels.push_back(mel);

  const at::Tensor newMel = mel.narrow(2, scheduled.tokenOffset * model_.config.flow.tokenMelRatio,
                                       mel.size(2) - scheduled.tokenOffset * model_.config.flow.tokenMelRatio);
  segment.generatedMel = segment.generatedMel.defined() ? at::cat({segment.generatedMel, newMel}, 2) : newMel;
  at::Tensor hiftMel = segment.generatedMel;
  if (scheduled.finalize && request_->speed != 1.0) {
    const auto frames = int64_t(double(hiftMel.size(2)) / request_->speed);
    hiftMel = at::upsample_linear1d(hiftMel, at::IntArrayRef{frames}, /*align_corners=*/false);
  }

  throwIfCancelled();
  report(Stage::Waveform, segment);
  HiftTrace hiftTrace;
  const at::Tensor wav = model_.hift.inference(hiftMel, scheduled.finalize, &hiftTrace);
  trace.hiftCalls.push_back({hiftMel.size(2), wav.size(1), hiftTrace.f0});

  const int64_t fresh = wav.size(1) - segment.samplesDelivered;
  if (fresh <= 0 && !scheduled.finalize) return;
  const std::vector<float> samples = hostSamples(wav.narrow(1, segment.samplesDelivered, std::max<int64_t>(fresh, 0)));
  segment.samplesDelivered += std::max<int64_t>(fresh, 0);
  segment.samples.insert(segment.samples.end(), samples.begin(), samples.end());
  // What an earlier run already sent of this segment is not sent again.
  int64_t& sent = samplesSent_[segment.index];
  const int64_t unsent = std::max<int64_t>(0, segment.samplesDelivered - sent);
  if (unsent == 0 && !scheduled.finalize) return;
  AudioChunk chunk;
  chunk.segment = segment.index;
  chunk.sampleRate = model_.config.sampleRate;
  chunk.samples.assign(segment.samples.end() - unsent, segment.samples.end());
  chunk.segmentDone = scheduled.finalize;
  sent = std::max(sent, segment.samplesDelivered);
  if (firstAudioSeconds_ < 0 && !chunk.samples.empty()) firstAudioSeconds_ = now() - startSeconds_;
  if (callbacks_->onAudio) callbacks_->onAudio(chunk);
}

}  // namespace cosystudio
