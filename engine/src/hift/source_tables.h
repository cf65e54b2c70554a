// The fixed random tables of SineGen2 (cosyvoice/hifigan/generator.py). The
// official constructor draws them once from the global CPU generator:
//   rand_ini    = rand(1, 9) with column 0 zeroed   (initial phases)
//   sine_waves  = rand(1, 300·24000, 9)             (U[0,1) noise, not Gaussian)
// They are not in hift.pt. The generator state at that moment follows from what
// the yaml builds before them (SourceTableRecipe); libtorch's CPU generator
// draws the same numbers, one 32-bit value per float in order, so the noise
// table is produced lazily: only the prefix a call needs, extended on demand.
#pragma once

#include <ATen/ATen.h>

#include <cstdint>
#include <mutex>
#include <optional>

namespace cosystudio {

// RNG history before SineGen2 draws its tables, in the order load_hyperpyyaml
// runs the constructors: CausalConditionalCFM seeds 0 and draws its noise, the
// flow's token embedding and speaker projection are initialised, then the
// HiFT's f0_predictor (a nested argument, so built before the generator).
struct SourceTableRecipe {
  uint64_t seed = 0;
  int64_t cfmNoiseChannels = 80;  // randn(1, 80, 15000): CausalConditionalCFM.rand_noise
  int64_t cfmNoiseFrames = 15000;
  int64_t speechTokenVocab = 6561;  // flow.input_embedding: Embedding(vocab, input_size).normal_()
  int64_t flowInputSize = 80;
  int64_t speakerEmbedDim = 192;  // flow.spk_embed_affine_layer: Linear(192, output_size)
  int64_t flowOutputSize = 80;
  int64_t f0InChannels = 80;  // f0_predictor: Conv1d(in, C, 4), 4 × Conv1d(C, C, 3), Linear(C, classes)
  int64_t f0CondChannels = 512;
  int64_t f0NumClass = 1;
};

class SourceTables {
 public:
  // Replays the recipe on a private CPU generator (the global one is untouched).
  // `dim` = harmonics + 1; `maxSamples` = rows of the official table.
  static SourceTables replay(const SourceTableRecipe& recipe, int64_t dim, int64_t maxSamples);
  // Fixed tables, e.g. captured from the official model: initialPhase (1, dim),
  // noise (1, N, dim). Calls needing more than N samples fail.
  static SourceTables fixed(const at::Tensor& initialPhase, const at::Tensor& noise);

  SourceTables(SourceTables&& other) noexcept;

  // rand_ini: (1, dim) float32, column 0 is zero.
  const at::Tensor& initialPhase() const { return initialPhase_; }
  // sine_waves[:, :samples]: (1, samples, dim) float32 on `device`.
  // Throws std::invalid_argument beyond the table's length.
  at::Tensor noise(int64_t samples, const at::Device& device);
  int64_t maxSamples() const { return maxSamples_; }

 private:
  SourceTables() = default;
  void drawUpTo(int64_t samples);

  at::Tensor initialPhase_;
  at::Tensor noise_;        // CPU prefix drawn so far
  at::Tensor deviceNoise_;  // copy of noise_ on the last device asked for
  int64_t maxSamples_ = 0;
  std::optional<at::Generator> generator_;  // positioned after noise_; none for fixed tables
  std::mutex mutex_;
};

}  // namespace cosystudio
