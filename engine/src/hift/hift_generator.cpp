#include "hift/hift_generator.h"

#include <stdexcept>
#include <string>

namespace cosystudio {

namespace {

std::vector<ResBlock> resblocks(StateDict& weights, const std::string& name, int64_t first, int64_t channels,
                                const std::vector<int64_t>& kernels,
                                const std::vector<std::vector<int64_t>>& dilations) {
  std::vector<ResBlock> blocks;
  for (size_t j = 0; j < kernels.size(); ++j)
    blocks.emplace_back(weights, name + "." + std::to_string(first + static_cast<int64_t>(j)), channels, kernels[j],
                        dilations.at(j));
  return blocks;
}

}  // namespace

HiftGenerator::HiftGenerator(StateDict& weights, const HiftConfig& config, SourceTables tables)
    : config_(config),
      tables_(std::move(tables)),
      f0Predictor_(weights, "f0_predictor", config),
      source_(weights, "m_source", config),
      stft_(config.nFft, config.hopLen),
      convPre_(weights, "conv_pre", config.inChannels, config.baseChannels, config.convPreLookRight + 1, 1,
               PadSide::Right),
      device_(convPre_.device()) {
  const size_t stages = config.upsampleRates.size();
  const int64_t spectrumChannels = config.nFft + 2;
  // Source stage i meets the signal after upsample i: its stride is the
  // product of the remaining rates (15, 3, 1 for rates 8, 5, 3).
  int64_t rate = config.framesPerMel();
  for (size_t i = 0; i < stages; ++i) {
    const int64_t in = config.baseChannels >> i, out = config.baseChannels >> (i + 1);
    const std::string n = std::to_string(i);
    ups_.emplace_back(weights, "ups." + n, in, out, config.upsampleKernelSizes.at(i), config.upsampleRates[i]);
    rate /= config.upsampleRates[i];
    sourceDowns_.emplace_back(weights, "source_downs." + n, spectrumChannels, out, rate == 1 ? 1 : 2 * rate,
                              rate);
    sourceResblocks_.emplace_back(weights, "source_resblocks." + n, out, config.sourceResblockKernelSizes.at(i),
                                  config.sourceResblockDilationSizes.at(i));
    auto stage = resblocks(weights, "resblocks", static_cast<int64_t>(i * config.resblockKernelSizes.size()), out,
                           config.resblockKernelSizes, config.resblockDilationSizes);
    resblocks_.insert(resblocks_.end(), stage.begin(), stage.end());
  }
  convPost_ = CausalConv1d(weights, "conv_post", config.baseChannels >> stages, spectrumChannels, 7, 1,
                           PadSide::Left);
  weights.finish();
}

StateDictOptions HiftGenerator::weightOptions(const at::Device& device) {
  StateDictOptions options;
  options.device = device;
  options.dtype = at::kFloat;
  options.float64Prefixes = {"f0_predictor."};
  return options;
}

HiftGenerator HiftGenerator::load(const std::filesystem::path& file, const HiftConfig& config,
                                  const SourceTableRecipe& recipe, const at::Device& device) {
  StateDict weights = StateDict::load(file, weightOptions(device));
  return HiftGenerator(weights, config,
                       SourceTables::replay(recipe, config.nbHarmonics + 1, config.maxSourceSamples));
}

void HiftGenerator::checkMel(const at::Tensor& mel) const {
  if (!mel.defined() || mel.dim() != 3 || mel.size(1) != config_.inChannels)
    throw std::invalid_argument("HiFT: mel has shape " + (mel.defined() ? c10::str(mel.sizes()) : "(undefined)") +
                                ", expected (batch, " + std::to_string(config_.inChannels) + ", frames)");
  if (!at::isFloatingType(mel.scalar_type()))
    throw std::invalid_argument("HiFT: mel must be floating point, got " + std::string(c10::toString(mel.scalar_type())));
  if (mel.numel() > 0 && !at::isfinite(mel).all().item<bool>())
    throw std::invalid_argument("HiFT: mel of shape " + c10::str(mel.sizes()) + " contains NaN or Inf");
  const int64_t samples = mel.size(2) * config_.samplesPerMel();
  if (samples > tables_.maxSamples())
    throw std::invalid_argument("HiFT: mel of " + std::to_string(mel.size(2)) + " frames exceeds the limit of " +
                                std::to_string(tables_.maxSamples() / config_.samplesPerMel()) + " frames per call");
}

at::Tensor HiftGenerator::inference(const at::Tensor& melIn, bool finalize, HiftTrace* trace) {
  checkMel(melIn);
  const int64_t frames = melIn.size(2);
  if (frames == 0 || (!finalize && frames <= heldBackFrames()))
    return at::zeros({melIn.size(0), 0}, at::TensorOptions().device(device_));

  const at::Tensor mel = melIn.to(device_, at::kFloat);
  const at::Tensor f0 = f0Predictor_(mel, finalize);
  const at::Tensor f0Float = f0.to(at::kFloat);
  const int64_t scale = config_.samplesPerMel();
  const at::Tensor f0Samples =
      at::upsample_nearest1d(f0Float.unsqueeze(1), at::IntArrayRef{f0Float.size(1) * scale},
                             c10::optional<double>(static_cast<double>(scale)))
          .transpose(1, 2);
  at::Tensor sineWaves;
  const at::Tensor source = source_(f0Samples, tables_, trace ? &sineWaves : nullptr).transpose(1, 2);
  if (trace) {
    trace->f0 = f0;
    trace->f0Upsampled = f0Samples;
    trace->sineWaves = sineWaves;
    trace->source = source;
  }
  // The F0 look-ahead frames are context only for the rest of the network too.
  const at::Tensor decoderMel = finalize ? mel : mel.narrow(2, 0, frames - f0Predictor_.lookAhead());
  return decode(decoderMel, source, finalize, trace);
}

at::Tensor HiftGenerator::decode(const at::Tensor& mel, const at::Tensor& source, bool finalize,
                                 HiftTrace* trace) const {
  HiftStft::Spectrum spectrum = stft_.forward(source.squeeze(1));
  at::Tensor x;
  if (finalize) {
    x = convPre_(mel);
  } else {
    x = convPre_.withLookAhead(mel);
    // Drop the spectrum frames of the look-ahead mel frames.
    const int64_t keep = spectrum.real.size(2) - config_.framesPerMel() * config_.convPreLookRight;
    spectrum = {spectrum.real.narrow(2, 0, keep), spectrum.imag.narrow(2, 0, keep)};
  }
  if (trace) {
    trace->stftReal = spectrum.real;
    trace->stftImag = spectrum.imag;
  }
  const at::Tensor sourceSpectrum = at::cat({spectrum.real, spectrum.imag}, 1);

  const size_t stages = ups_.size();
  const size_t kernels = config_.resblockKernelSizes.size();
  for (size_t i = 0; i < stages; ++i) {
    x = ups_[i](at::leaky_relu(x, config_.lreluSlope));
    // One extra frame at the start so the length matches the spectrum's L/hop + 1.
    if (i == stages - 1) x = at::reflection_pad1d(x, {1, 0});
    x = x + sourceResblocks_[i](sourceDowns_[i](sourceSpectrum));
    at::Tensor sum = resblocks_[i * kernels](x);
    for (size_t j = 1; j < kernels; ++j) sum = sum + resblocks_[i * kernels + j](x);
    x = sum / static_cast<int64_t>(kernels);
  }
  x = convPost_(at::leaky_relu(x, 0.01));  // F.leaky_relu's default slope here, not lrelu_slope

  const int64_t bins = stft_.bins();
  const at::Tensor magnitude = at::exp(x.narrow(1, 0, bins));
  const at::Tensor phase = at::sin(x.narrow(1, bins, x.size(1) - bins));
  if (trace) {
    trace->magnitude = magnitude;
    trace->phase = phase;
  }
  at::Tensor wave = stft_.inverse(magnitude, phase);
  if (!finalize) wave = wave.narrow(1, 0, wave.size(1) - config_.samplesPerMel());
  return at::clamp(wave, -config_.audioLimit, config_.audioLimit);
}

}  // namespace cosystudio
