// Debian's libsentencepiece behind a C interface (sentencepiece_module.h).
#include "asr/sentencepiece_module.h"

#include "asr/sentencepiece_normalizer_check.h"

#include <sentencepiece_processor.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

namespace {

void writeError(const std::string& message, char* error, std::size_t errorSize) {
  if (errorSize == 0) return;
  const std::size_t n = std::min(message.size(), errorSize - 1);
  std::memcpy(error, message.data(), n);
  error[n] = '\0';
}

void* loaded(std::unique_ptr<sentencepiece::SentencePieceProcessor> processor,
             const sentencepiece::util::Status& status, char* error, std::size_t errorSize) {
  if (!status.ok()) {
    writeError(status.ToString(), error, errorSize);
    return nullptr;
  }
  return processor.release();
}

const sentencepiece::SentencePieceProcessor& of(const void* processor) {
  return *static_cast<const sentencepiece::SentencePieceProcessor*>(processor);
}

}  // namespace

extern "C" {

void* cosystudio_spm_load_bytes(const char* data, std::size_t size, char* error, std::size_t errorSize) {
  const std::string_view model(data, size);
  if (const auto damage = cosystudio::asr::damagedNormalizerTables(model); !damage.empty()) {
    writeError(damage, error, errorSize);
    return nullptr;
  }
  auto processor = std::make_unique<sentencepiece::SentencePieceProcessor>();
  const auto status = processor->LoadFromSerializedProto(model);
  return loaded(std::move(processor), status, error, errorSize);
}

// Read here rather than by the library, so that the file is checked first.
void* cosystudio_spm_load(const char* path, char* error, std::size_t errorSize) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    writeError(std::string("cannot open ") + path + ": " + std::strerror(errno), error, errorSize);
    return nullptr;
  }
  const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  return cosystudio_spm_load_bytes(bytes.data(), bytes.size(), error, errorSize);
}

void cosystudio_spm_free(void* processor) { delete static_cast<sentencepiece::SentencePieceProcessor*>(processor); }

int cosystudio_spm_size(const void* processor) { return of(processor).GetPieceSize(); }

int cosystudio_spm_piece(const void* processor, int id, CosyStudioSpmText out, void* context) {
  if (id < 0 || id >= of(processor).GetPieceSize()) return -1;
  const std::string& piece = of(processor).IdToPiece(id);
  out(context, piece.data(), piece.size());
  return 0;
}

int cosystudio_spm_decode(const void* processor, const int* ids, std::size_t count, CosyStudioSpmText out,
                          void* context, char* error, std::size_t errorSize) {
  std::string text;
  const auto status = of(processor).Decode(std::vector<int>(ids, ids + count), &text);
  if (!status.ok()) {
    writeError(status.ToString(), error, errorSize);
    return -1;
  }
  out(context, text.data(), text.size());
  return 0;
}

int cosystudio_spm_encode(const void* processor, const char* text, std::size_t size, CosyStudioSpmPiece out,
                          void* context, char* error, std::size_t errorSize) {
  sentencepiece::ImmutableSentencePieceText encoded;
  const auto status = of(processor).Encode(std::string_view(text, size), encoded.mutable_proto());
  if (!status.ok()) {
    writeError(status.ToString(), error, errorSize);
    return -1;
  }
  for (const auto& piece : encoded.pieces())
    out(context, static_cast<int>(piece.id()), piece.piece().data(), piece.piece().size(), piece.begin(),
        piece.end());
  return 0;
}
}
