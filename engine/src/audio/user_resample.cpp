// Sample-rate conversion for listening and export, through libsamplerate.
#include "cosystudio/audio/clip.h"

#include <samplerate.h>

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace cosystudio::audio {

Clip resampleForUser(const Clip& clip, int targetRate) {
  if (clip.sampleRate <= 0 || targetRate <= 0)
    throw AudioError("cannot resample from " + std::to_string(clip.sampleRate) + " Hz to " +
                     std::to_string(targetRate) + " Hz");
  if (targetRate == clip.sampleRate || clip.frames() == 0) return clip;

  const double ratio = double(targetRate) / clip.sampleRate;
  if (!src_is_valid_ratio(ratio))
    throw AudioError("cannot resample from " + std::to_string(clip.sampleRate) + " Hz to " +
                     std::to_string(targetRate) + " Hz (ratio out of range)");

  const int channels = clip.channelCount();
  const long inFrames = long(clip.frames());
  std::vector<float> in(size_t(inFrames) * channels);
  for (long frame = 0; frame < inFrames; ++frame)
    for (int c = 0; c < channels; ++c) in[size_t(frame) * channels + c] = clip.channels[c][frame];
  const long outCapacity = long(std::ceil(inFrames * ratio)) + 1;
  std::vector<float> out(size_t(outCapacity) * channels);

  SRC_DATA data{};
  data.data_in = in.data();
  data.input_frames = inFrames;
  data.data_out = out.data();
  data.output_frames = outCapacity;
  data.src_ratio = ratio;
  if (const int error = src_simple(&data, SRC_SINC_BEST_QUALITY, channels))
    throw AudioError(std::string("resampling failed: ") + src_strerror(error));

  Clip result;
  result.sampleRate = targetRate;
  result.source = clip.source;
  result.channels.assign(channels, std::vector<float>(size_t(data.output_frames_gen)));
  for (long frame = 0; frame < data.output_frames_gen; ++frame)
    for (int c = 0; c < channels; ++c) result.channels[c][frame] = out[size_t(frame) * channels + c];
  return result;
}

std::size_t resampledOffset(std::size_t offset, int fromRate, int toRate, std::size_t frames) {
  const std::uint64_t from = std::uint64_t(fromRate), to = std::uint64_t(toRate);
  const std::uint64_t scaled = (std::uint64_t(offset) * to + from / 2) / from;
  return std::min(frames, std::size_t(scaled));
}

}  // namespace cosystudio::audio
