// The recogniser's SentencePiece model, read by Debian's libsentencepiece
// through the engine's module (asr/sentencepiece_module.h), then every piece,
// the decoding of a few id lists and the encoding of a text (alignment), as
// the recogniser uses them. Built
// without the engine: the module is what the engine opens apart from
// libprotobuf (asr/sentencepiece_vocabulary.h), so the target links it alone.
#include "asr/sentencepiece_module.h"
#include "fuzz_support.h"

#include <string>
#include <vector>

namespace {
void discard(void*, const char*, std::size_t) {}
void discardPiece(void*, int, const char*, std::size_t, std::size_t, std::size_t) {}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  char error[512];
  void* processor = cosystudio_spm_load_bytes(reinterpret_cast<const char*>(data), size, error, sizeof error);
  if (!processor) return 0;
  const int pieces = cosystudio_spm_size(processor);
  std::vector<int> ids;
  for (int id = 0; id < pieces; ++id) {
    cosystudio_spm_piece(processor, id, &discard, nullptr);
    if (id < 4096) ids.push_back(id);
  }
  cosystudio_spm_decode(processor, ids.data(), ids.size(), &discard, nullptr, error, sizeof error);
  const std::string text = "今日は good 天気、3 apples <|en|>";
  cosystudio_spm_encode(processor, text.data(), text.size(), &discardPiece, nullptr, error, sizeof error);
  const std::vector<int> outOfRange = {pieces, -1};
  cosystudio_spm_decode(processor, outOfRange.data(), outOfRange.size(), &discard, nullptr, error, sizeof error);
  cosystudio_spm_free(processor);
  return 0;
}
