// Model-facing resampling, feature extractors and prompt alignment. Exactness
// against the official pipeline is proven by `cosystudio-parity audio`; these
// tests pin the properties that hold for any input.
#include "audio/flow_mel.h"
#include "audio/kaldi_fbank.h"
#include "audio/mel_filters.h"
#include "audio/prompt_features.h"
#include "audio/sinc_resampler.h"
#include "audio/whisper_mel.h"

#include <gtest/gtest.h>
#include <torch/serialize.h>
#include <torch/version.h>

#include <cmath>
#include <fstream>
#include <iterator>

using namespace cosystudio::audio;

namespace {

at::Tensor sine(int rate, std::int64_t frames, double hz) {
  return at::sin(at::arange(frames, at::kDouble) * (2 * M_PI * hz / rate)).to(at::kFloat).unsqueeze(0);
}

TEST(AudioResample, KernelShapeAndWidthFollowTorchaudio) {
  // 22050 -> 16000: gcd 50, stride 441, 320 phases, width ceil(6 * 441 / (320 * 0.99)) = 9.
  const auto k = sincResampleKernel(22050, 16000);
  EXPECT_EQ(k.origStep, 441);
  EXPECT_EQ(k.newStep, 320);
  EXPECT_EQ(k.width, 9);
  EXPECT_EQ(k.weights.sizes(), (at::IntArrayRef{320, 1, 459}));
  EXPECT_EQ(k.weights.scalar_type(), at::kFloat);
  // Each phase is a lowpass interpolator: its taps sum to about one.
  EXPECT_LT((k.weights.sum(-1) - 1).abs().max().item<float>(), 2e-2);
}

TEST(AudioResample, OutputLengthIsCeilOfTheRatio) {
  const std::tuple<int, int, std::int64_t> cases[] = {
      {44100, 16000, 1000}, {22050, 24000, 12345}, {48000, 16000, 48001}, {16000, 24000, 7}};
  for (const auto& [from, to, frames] : cases) {
    const auto out = sincResample(at::zeros({1, frames}), from, to);
    const auto expected = std::int64_t(std::ceil(double(to) * double(frames) / double(from)));
    EXPECT_EQ(out.size(1), expected) << from << " -> " << to;
  }
}

TEST(AudioResample, EqualRatesAreLeftAlone) {
  const auto x = at::randn({1, 1000});
  EXPECT_TRUE(sincResample(x, 16000, 16000).is_same(x));
}

TEST(AudioResample, ReproducesABandLimitedTone) {
  const auto x = sine(44100, 44100, 440.0);
  const auto y = sincResample(x, 44100, 16000);
  const auto expected = sine(16000, y.size(1), 440.0);
  const auto interior = at::indexing::Slice(200, -200);
  const float error = (y.index({0, interior}) - expected.index({0, interior})).abs().max().item<float>();
  EXPECT_LT(error, 2e-3);
}

TEST(AudioFeatures, FrameCountsFollowTheOfficialFormulas) {
  for (const std::int64_t n16 : {400, 401, 16000, 16159}) {
    const auto x = at::randn({1, n16}) * 0.1;
    EXPECT_EQ(kaldiFbank(x).sizes(), (at::IntArrayRef{1 + (n16 - 400) / 160, 80})) << n16;
    EXPECT_EQ(whisperLogMel(x).sizes(), (at::IntArrayRef{1, 128, n16 / 160})) << n16;
  }
  EXPECT_EQ(kaldiFbank(at::randn({1, 399})).size(0), 0);
  for (const std::int64_t n24 : {960, 24000, 24479}) {
    EXPECT_EQ(flowMel(at::randn({1, n24}) * 0.1).sizes(), (at::IntArrayRef{1, 80, n24 / 480})) << n24;
  }
}

TEST(AudioFeatures, MeanSubtractionCentresEveryBin) {
  const auto features = subtractFrameMean(kaldiFbank(at::randn({1, 8000}) * 0.1));
  EXPECT_LT(features.mean(0).abs().max().item<float>(), 1e-5);
}

TEST(AudioFeatures, DigitalSilenceHitsTheLogFloors) {
  const auto silence = at::zeros({1, 4800});
  EXPECT_NEAR(kaldiFbank(silence).max().item<float>(), std::log(1.1920929e-07f), 1e-6);
  EXPECT_NEAR(flowMel(silence).max().item<float>(), std::log(1e-5f), 1e-6);
  // log10(1e-10) = -10, then (x + 4) / 4.
  EXPECT_NEAR(whisperLogMel(silence).max().item<float>(), -1.5f, 1e-6);
}

TEST(AudioFeatures, MelFilterBanksHaveTheirShapes) {
  EXPECT_EQ(slaneyMelFilters(16000, 400, 128, 0, 8000).sizes(), (at::IntArrayRef{128, 201}));
  EXPECT_EQ(slaneyMelFilters(24000, 1920, 80, 0, 12000).sizes(), (at::IntArrayRef{80, 961}));
  const auto kaldi = kaldiMelBanks(80, 512, 16000, 20, 0);
  EXPECT_EQ(kaldi.sizes(), (at::IntArrayRef{80, 257}));
  EXPECT_EQ(kaldi.select(1, 256).abs().max().item<float>(), 0.0f);  // Nyquist column
}

TEST(AudioFeatures, FilterBanksMatchTheFixtureConstants) {
  const auto file = std::filesystem::path(COSYSTUDIO_FIXTURES_DIR) / "audio/common/constants.pt";
  std::ifstream in(file, std::ios::binary);
  ASSERT_TRUE(in) << file;
  const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto constants = torch::pickle_load(bytes).toGenericDict();
  auto expected = [&](const char* name) { return constants.at(name).toTensor(); };
  EXPECT_TRUE(at::equal(slaneyMelFilters(16000, 400, 128, 0, 8000), expected("whisper_mel_filters_128")));
  // Bit for bit on the torch series that made the constants (1.13); libtorch
  // 2.x's vectorised log is one float32 ulp of mel off in places, 7.0e-6 of
  // weight (7.09e-6 measured on 2.11; app/parity/parity_audio.cpp derives it).
  const float kaldiTolerance = TORCH_VERSION_MAJOR == 1 ? 0.0f : 1e-5f;
  EXPECT_LE((kaldiMelBanks(80, 512, 16000, 20, 0) - expected("kaldi_mel_banks_80")).abs().max().item<float>(),
            kaldiTolerance);
  EXPECT_LT((slaneyMelFilters(24000, 1920, 80, 0, 12000) - expected("flow_mel_basis_80")).abs().max().item<float>(),
            1e-6);
  EXPECT_LT((poveyWindow(400) - expected("kaldi_povey_window_400")).abs().max().item<float>(), 1e-6);
}

TEST(AudioPrompt, MonoIsTheChannelMean) {
  Clip clip;
  clip.sampleRate = 16000;
  clip.channels = {{0.5f, 0.25f, -1.0f}, {0.25f, 0.25f, 1.0f}, {0.0f, 0.1f, 0.3f}};
  const auto mono = monoTensor(clip);
  ASSERT_EQ(mono.sizes(), (at::IntArrayRef{1, 3}));
  const Clip mixed = downmixToMono(clip);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(mono[0][i].item<float>(), mixed.channels[0][i]);
  EXPECT_FLOAT_EQ(mono[0][0].item<float>(), 0.25f);
}

TEST(AudioPrompt, FeaturesOfAClip) {
  Clip clip;
  clip.sampleRate = 22050;
  clip.channels = {std::vector<float>(22050 * 2)};
  const auto samples = sine(22050, 22050 * 2, 300.0) * 0.3;
  std::copy_n(samples.data_ptr<float>(), samples.numel(), clip.channels[0].begin());

  const auto f = extractPromptFeatures(clip, at::kCPU);
  EXPECT_EQ(f.speech16k.sizes(), (at::IntArrayRef{1, 32000}));
  EXPECT_EQ(f.speech24k.sizes(), (at::IntArrayRef{1, 48000}));
  EXPECT_EQ(f.speakerFbank.sizes(), (at::IntArrayRef{1, 198, 80}));
  EXPECT_EQ(f.tokenizerMel.sizes(), (at::IntArrayRef{1, 128, 200}));
  EXPECT_EQ(f.tokenizerMelLength.item<int>(), 200);
  EXPECT_EQ(f.tokenizerMelLength.scalar_type(), at::kInt);
  EXPECT_EQ(f.flowMel.sizes(), (at::IntArrayRef{1, 100, 80}));
  EXPECT_EQ(f.flowMelLength.item<int>(), 100);
}

TEST(AudioPrompt, InMemoryClipsGetThePromptLimits) {
  Clip clip;
  clip.sampleRate = 16000;
  clip.channels = {std::vector<float>(16000 * 31)};
  EXPECT_THROW(extractPromptFeatures(clip, at::kCPU), AudioError);
  clip.channels = {std::vector<float>(800)};
  EXPECT_THROW(extractPromptFeatures(clip, at::kCPU), AudioError);
  clip.sampleRate = 8000;
  clip.channels = {std::vector<float>(8000)};
  EXPECT_THROW(extractPromptFeatures(clip, at::kCPU), AudioError);
}

TEST(AudioPrompt, AlignmentKeepsTwoMelFramesPerToken) {
  const auto mel = at::randn({1, 7, 80});
  auto aligned = alignPrompt(mel, at::arange(5, at::kInt).unsqueeze(0));
  EXPECT_EQ(aligned.speechToken.sizes(), (at::IntArrayRef{1, 3}));
  EXPECT_EQ(aligned.speechTokenLength.item<int>(), 3);
  EXPECT_EQ(aligned.speechFeat.sizes(), (at::IntArrayRef{1, 6, 80}));
  EXPECT_EQ(aligned.speechFeatLength.item<int>(), 6);
  EXPECT_TRUE(at::equal(aligned.speechFeat, mel.narrow(1, 0, 6)));

  aligned = alignPrompt(mel, at::arange(2, at::kInt).unsqueeze(0));
  EXPECT_EQ(aligned.speechTokenLength.item<int>(), 2);
  EXPECT_EQ(aligned.speechFeat.size(1), 4);
}

// Runs where the engine was built with CUDA and a GPU is present.
TEST(AudioPrompt, CudaMatchesCpu) {
  if (!at::hasCUDA()) GTEST_SKIP() << "needs a CUDA GPU (none is present)";
  Clip clip;
  clip.sampleRate = 44100;
  const auto samples = (at::randn({44100 * 3}) * 0.1).contiguous();
  clip.channels = {std::vector<float>(samples.data_ptr<float>(), samples.data_ptr<float>() + samples.numel())};
  const auto cpu = extractPromptFeatures(clip, at::kCPU);
  const auto gpu = extractPromptFeatures(clip, at::Device(at::kCUDA, 0));
  EXPECT_TRUE(gpu.flowMel.is_cuda());
  EXPECT_TRUE(gpu.tokenizerMel.is_cuda());
  EXPECT_TRUE(gpu.speakerFbank.is_cuda());
  auto maxError = [](const at::Tensor& a, const at::Tensor& b) {
    return (a.cpu() - b).abs().max().item<double>();
  };
  EXPECT_LT(maxError(gpu.speech16k, cpu.speech16k), 1e-6);
  EXPECT_LT(maxError(gpu.speech24k, cpu.speech24k), 1e-6);
  EXPECT_LT(maxError(gpu.speakerFbank, cpu.speakerFbank), 2e-3);
  EXPECT_LT(maxError(gpu.tokenizerMel, cpu.tokenizerMel), 2e-4);
  EXPECT_LT(maxError(gpu.flowMel, cpu.flowMel), 4e-3);
}

}  // namespace
