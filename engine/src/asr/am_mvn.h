// The recogniser's feature normalisation, `am.mvn`: a Kaldi nnet1 text file
// whose <AddShift> and <Rescale> components hold one value per stacked
// feature dimension. FunASR applies (x + shift) * scale.
//
//   <Nnet>
//   <Splice> 560 560
//   [ 0 ]
//   <AddShift> 560 560
//   <LearnRateCoef> 0 [ -8.31 -8.60 ... ]
//   <Rescale> 560 560
//   <LearnRateCoef> 0 [ 0.155 0.154 ... ]
//   </Nnet>
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace cosystudio::asr {

struct FeatureNormalization {
  std::vector<float> shift;
  std::vector<float> scale;

  // Throws ConfigError naming the file and what is wrong: a missing
  // component, a count other than `dims`, a value that is not a finite number.
  static FeatureNormalization parse(const std::string& text, std::size_t dims, const std::string& fileName);
  static FeatureNormalization load(const std::filesystem::path& file, std::size_t dims);
};

}  // namespace cosystudio::asr
