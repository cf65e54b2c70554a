#include "pipeline/synthesizer.h"

#include "audio/prompt_features.h"
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

std::vector<int64_t> widen(const std::vector<int32_t>& ids) { return {ids.begin(), ids.end()}; }

// The LLM stopped before its first speech token.
struct NoSpeech {};

std::vector<float> hostSamples(const at::Tensor& wav) {
  const at::Tensor flat = wav.reshape({-1}).to(at::kCPU, at::kFloat).contiguous();
  return {flat.data_ptr<float>(), flat.data_ptr<float>() + flat.numel()};
}

}  // namespace

// The prompt as every segment of a request uses it.
struct Synthesizer::Prompt {
  at::Tensor flowTokens;        // (P) as the flow sees them
  at::Tensor flowMel;           // (M, 80)
  at::Tensor speakerEmbedding;  // (E)
  std::vector<int32_t> textIds;
  std::vector<int64_t> llmTokens;  // zero-shot only: the prompt's speech tokens the LLM continues
};

struct Synthesizer::Segment {
  int index = 0;
  std::string text;
  const Prompt* prompt = nullptr;
  TokenSampler* sampler = nullptr;

  std::vector<int32_t> textIds;
  at::Tensor lmInput;
  std::vector<int64_t> llmTokens;   // as sampled
  std::vector<int64_t> flowTokens;  // after the silent-token filter
  at::Tensor generatedMel;  // (1, 80, frames) handed to HiFT so far
  int64_t samplesDelivered = 0;
  std::vector<float> samples;
  bool reachedTokenCap = false;
  // Only with SynthesisHooks::onSegment: what each token2wav call made.
  std::optional<SegmentTrace> trace;
};

Synthesizer::Synthesizer(Model& model) : model_(model) {}

void Synthesizer::throwIfCancelled() const {
  if (callbacks_->shouldStop && callbacks_->shouldStop()) throw Cancelled();
}

void Synthesizer::report(Stage stage, const Segment* segment, int flowStep) const {
  if (!callbacks_->onProgress) return;
  Progress progress;
  progress.stage = stage;
  progress.flowStep = flowStep;
  progress.segmentCount = segmentCount_;
  if (segment) {
    progress.segment = segment->index;
    progress.tokens = int(segment->flowTokens.size());
  }
  progress.elapsedSeconds = now() - startSeconds_;
  callbacks_->onProgress(progress);
}

void Synthesizer::traceSegment(const Segment& segment) const {
  SegmentTrace trace = *segment.trace;
  trace.flowPromptTokens = segment.prompt->flowTokens;
  trace.flowPromptMel = segment.prompt->flowMel;
  trace.speakerEmbedding = segment.prompt->speakerEmbedding;
  trace.promptTextIds = segment.prompt->textIds;
  trace.llmPromptTokens = segment.prompt->llmTokens;
  trace.textIds = segment.textIds;
  trace.lmInput = segment.lmInput;
  trace.llmTokens = segment.llmTokens;
  trace.flowTokens = segment.flowTokens;
  hooks_->onSegment(segment.index, trace);
}

SynthesisResult Synthesizer::run(const SynthesisRequest& request, const SynthesisSettings& settings,
                                 const VoiceFeatures& voice, const SynthesisCallbacks& callbacks,
                                 const SynthesisHooks& hooks) {
  request_ = &request;
  settings_ = &settings;
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
  report(Stage::Preparing, nullptr);

  text::PromptRequest promptRequest;
  promptRequest.mode = settings.mode;
  promptRequest.text = request.text;
  promptRequest.transcript = request.voice.transcript();
  promptRequest.instruction = request.instruction;
  promptRequest.normalize.textFrontend = settings.normalize;
  promptRequest.normalize.readNumbers = settings.readNumbers;
  text::PromptTexts texts;
  try {
    texts = text::assemblePrompt(promptRequest, model_.tokenizer);
  } catch (const std::invalid_argument& e) {
    throw EngineError(std::string(e.what()));
  }

  Prompt prompt;
  if (!texts.promptText.empty()) prompt.textIds = model_.tokenizer.encode(texts.promptText);
  // Two flow-mel frames per prompt token; voice conversion keeps both whole.
  prompt.speakerEmbedding = voice.speakerEmbedding;
  if (settings.mode == Mode::VoiceConversion) {
    prompt.flowTokens = voice.speechTokens;
    prompt.flowMel = voice.promptMel;
  } else {
    const auto aligned = audio::alignPrompt(voice.promptMel.unsqueeze(0), voice.speechTokens.unsqueeze(0));
    prompt.flowTokens = aligned.speechToken.squeeze(0).to(at::kLong);
    prompt.flowMel = aligned.speechFeat.squeeze(0);
  }
  if (settings.mode == Mode::ZeroShot) {
    const at::Tensor tokens = prompt.flowTokens.to(at::kCPU).contiguous();
    prompt.llmTokens.assign(tokens.data_ptr<int64_t>(), tokens.data_ptr<int64_t>() + tokens.numel());
  }

  // Pieces of only blanks or punctuation have nothing to say (cross-lingual
  // text is not normalised, so it can still hold them).
  const auto speakable = [](std::string text) {
    text.erase(std::remove_if(text.begin(), text.end(), [](char c) { return std::isspace(static_cast<unsigned char>(c)); }),
               text.end());
    return !text.empty() && !text::isOnlyPunctuation(text);
  };
  if (request.textIsSegment) texts.segments = texts.userSegments = {request.text};
  std::vector<std::string> segmentTexts, userTexts;
  for (std::size_t i = 0; i < texts.segments.size(); ++i)
    if (speakable(settings.mode == Mode::CrossLingual ? request.text : texts.segments[i])) {
      segmentTexts.push_back(std::move(texts.segments[i]));
      userTexts.push_back(std::move(texts.userSegments[i]));
    }
  if (settings.mode == Mode::VoiceConversion) segmentTexts = userTexts = {std::string()};
  if (segmentTexts.empty())
    throw EngineError(COSYSTUDIO_MESSAGE("Engine", "the text has nothing to speak after normalisation"));
  segmentCount_ = int(segmentTexts.size());
  if (request.onlySegment && (*request.onlySegment < 0 || *request.onlySegment >= segmentCount_))
    throw EngineError({COSYSTUDIO_MESSAGE("Engine", "segment %1 does not exist (the text has %2)"),
                       {std::to_string(*request.onlySegment + 1), std::to_string(segmentCount_)}});

  for (int i = 0; i < segmentCount_; ++i) {
    if (request.onlySegment && *request.onlySegment != i) continue;
    if (finished_.count(i)) continue;  // made by an earlier run of this request
    if (callbacks.store.made)
      if (std::optional<SegmentResult> kept = callbacks.store.made(i, segmentTexts[size_t(i)])) {
        finished_[i] = std::move(*kept);
        continue;
      }
    // Reseeded for every segment: a segment made again alone with the same
    // seed comes out as it did in the whole run.
    RasSampler sampler(model_.config.llm.sampling, settings.seed);
    Segment segment;
    const auto freshSegment = [&] {
      sampler = RasSampler(model_.config.llm.sampling, settings.seed);
      if (hooks.draw) sampler.setDrawHook(hooks.draw);
      segment = Segment();
      segment.index = i;
      segment.text = segmentTexts[size_t(i)];
      segment.prompt = &prompt;
      segment.sampler = hooks.sampler ? hooks.sampler : &sampler;
      if (hooks.onSegment) segment.trace.emplace();
    };
    freshSegment();
    throwIfCancelled();
    report(Stage::Text, &segment);
    std::vector<std::string> warnings;
    bool madeNoSpeech = false;
    // A network in bf16/fp16 that overflows is reloaded in float32 and the
    // segment made again from its start (the listener hears nothing twice).
    for (;;) {
      try {
        generateSegment(segment);
        break;
      } catch (const NoSpeech&) {
        madeNoSpeech = true;
        warnings.push_back("segment " + std::to_string(i + 1) +
                           " produced no speech: the model stopped at once; regenerate it with another seed");
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
    if (segment.trace) traceSegment(segment);

    SegmentResult done;
    done.warnings = std::move(warnings);
    done.text = segment.text;
    done.userText = userTexts[size_t(i)];
    done.samples = std::move(segment.samples);
    done.speechTokens = int(segment.flowTokens.size());
    done.reachedTokenCap = segment.reachedTokenCap;
    done.madeNoSpeech = madeNoSpeech;
    if (done.reachedTokenCap)
      done.warnings.push_back("segment " + std::to_string(i + 1) + " reached its token cap (" +
                                std::to_string(segment.llmTokens.size()) +
                                " tokens) without ending by itself: listen for babbling and regenerate it with "
                                "another seed");
    if (callbacks.store.keep) callbacks.store.keep(i, segmentCount_, done);
    finished_[i] = std::move(done);
  }
  if (std::all_of(finished_.begin(), finished_.end(), [](const auto& kept) { return kept.second.madeNoSpeech; })) {
    finished_.clear();
    samplesSent_.clear();
    throw EngineError(
        COSYSTUDIO_MESSAGE("Engine", "the model produced no speech: it stopped at once (try another seed)"));
  }
  SynthesisResult result;
  result.seed = settings.seed;
  result.sampleRate = model_.config.sampleRate;
  for (auto& [index, segment] : finished_) result.segments.push_back(std::move(segment));
  finished_.clear();
  samplesSent_.clear();
  result.joinSegments();
  result.totalSeconds = now() - startSeconds_;
  result.firstAudioSeconds = std::max(0.0, firstAudioSeconds_);
  report(Stage::Done, nullptr);
  return result;
}

void Synthesizer::generateSegment(Segment& segment) {
  const SynthesisSettings& settings = *settings_;
  const Prompt& prompt = *segment.prompt;
  std::optional<StreamSchedule> schedule;
  if (settings.stream) schedule.emplace(int(prompt.flowTokens.size(0)));

  if (settings.mode == Mode::VoiceConversion) {
    // The source clip's speech tokens stand in for generated ones.
    const auto features = audio::extractPromptFeatures(request_->sourceClip, model_.device);
    const at::Tensor ids = model_.speechTokenizer.tokenize(features.tokenizerMel).ids.to(at::kCPU).contiguous();
    segment.flowTokens.assign(ids.data_ptr<int64_t>(), ids.data_ptr<int64_t>() + ids.numel());
    if (schedule)
      while (auto chunk = schedule->next(int(segment.flowTokens.size())))
        token2wav(segment, *chunk);
  } else {
    segment.textIds = model_.tokenizer.encode(segment.text);
    if (segment.textIds.empty())
      throw EngineError({COSYSTUDIO_MESSAGE("Engine", "segment %1 has no text"), {std::to_string(segment.index + 1)}});
    segment.lmInput = model_.llm.inputEmbeddings(widen(prompt.textIds), widen(segment.textIds), prompt.llmTokens);
    // The flow can take only so many tokens after the prompt: the decode stops
    // there instead of failing in the flow after all the decoding work.
    auto limits = LengthLimits::forText(int64_t(segment.textIds.size()));
    const int64_t room = model_.flow->maxSpeechTokens(prompt.flowTokens.size(0));
    if (room < limits.minLen)
      throw EngineError({COSYSTUDIO_MESSAGE("Engine",
                                            "segment %1 needs at least %2 speech tokens, but after this prompt clip "
                                            "the flow takes %3: use a shorter prompt clip or a shorter text"),
                         {std::to_string(segment.index + 1), std::to_string(limits.minLen),
                          std::to_string(std::max<int64_t>(0, room))}});
    limits.maxLen = std::min(limits.maxLen, room);
    report(Stage::SpeechTokens, &segment);

    int silentRun = 0;
    const double segmentStart = now();
    const auto onToken = [&](int64_t token, const at::Tensor&) {
      if (settings.segmentTimeLimitSeconds > 0 && now() - segmentStart > settings.segmentTimeLimitSeconds)
        throw RunawaySegment(segment.index,
                             {COSYSTUDIO_MESSAGE("Engine",
                                                 "segment %1 was still generating after %2 s and was stopped "
                                                 "(generation ran away?): regenerate it with another seed"),
                              {std::to_string(segment.index + 1),
                               std::to_string(int(settings.segmentTimeLimitSeconds))}});
      segment.llmTokens.push_back(token);
      silentRun = isSilent(token) ? silentRun + 1 : 0;
      if (silentRun <= kMaxSilentRun) segment.flowTokens.push_back(token);
      if (schedule)
        while (auto chunk = schedule->next(int(segment.flowTokens.size())))
          token2wav(segment, *chunk);
      report(Stage::SpeechTokens, &segment);
      return !(callbacks_->shouldStop && callbacks_->shouldStop());
    };
    GeneratedTokens generated;
    try {
      generated = model_.llm.generate(segment.lmInput, limits, *segment.sampler, onToken, hooks_->decodeStep);
    } catch (const NonFiniteLogProbs&) {
      throw NonFiniteOutput(ReducedNetwork::Llm);
    }
    throwIfCancelled();
    segment.reachedTokenCap = !generated.stopped && int64_t(generated.tokens.size()) >= limits.maxLen;
  }
  if (segment.flowTokens.empty()) throw NoSpeech();
  const TokenChunk last = schedule ? schedule->finish(int(segment.flowTokens.size()))
                                   : TokenChunk{int(segment.flowTokens.size()), 0, true};
  token2wav(segment, last);
}

void Synthesizer::token2wav(Segment& segment, const TokenChunk& scheduled) {
  throwIfCancelled();
  report(Stage::Mel, &segment);

  FlowRequest flowRequest;
  flowRequest.promptTokens = segment.prompt->flowTokens;
  flowRequest.tokens = at::tensor(at::ArrayRef<int64_t>(segment.flowTokens.data(), size_t(scheduled.tokenCount)))
                           .to(model_.device);
  flowRequest.promptMel = segment.prompt->flowMel;
  flowRequest.speakerEmbedding = segment.prompt->speakerEmbedding;
  // Upstream's final call uses full attention even when streaming (spec §8).
  flowRequest.streaming = !scheduled.finalize;
  flowRequest.finalize = scheduled.finalize;
  // Every Euler step reports, and cancel lands within one.
  flowRequest.steps.onStep = [this, &segment](int step) { report(Stage::Mel, &segment, step); };
  flowRequest.steps.shouldStop = callbacks_->shouldStop;
  at::Tensor mel = model_.flow->inference(flowRequest);
  if (hooks_->flowOutput) hooks_->flowOutput(mel);
  if (!mel.isfinite().all().item<bool>()) throw NonFiniteOutput(ReducedNetwork::Flow);

  const at::Tensor newMel = mel.narrow(2, scheduled.tokenOffset * model_.config.flow.tokenMelRatio,
                                       mel.size(2) - scheduled.tokenOffset * model_.config.flow.tokenMelRatio);
  segment.generatedMel = segment.generatedMel.defined() ? at::cat({segment.generatedMel, newMel}, 2) : newMel;
  at::Tensor hiftMel = segment.generatedMel;
  if (scheduled.finalize && settings_->speed != 1.0) {
    const auto frames = int64_t(double(hiftMel.size(2)) / settings_->speed);
    hiftMel = at::upsample_linear1d(hiftMel, at::IntArrayRef{frames}, /*align_corners=*/false);
  }

  throwIfCancelled();
  report(Stage::Waveform, &segment);
  HiftTrace hiftTrace;
  const at::Tensor wav = model_.hift.inference(hiftMel, scheduled.finalize, segment.trace ? &hiftTrace : nullptr);
  if (segment.trace) {
    segment.trace->token2wavCalls.push_back(scheduled);
    segment.trace->flowMels.push_back(mel);
    segment.trace->hiftCalls.push_back({hiftMel.size(2), wav.size(1), hiftTrace.f0});
  }

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
