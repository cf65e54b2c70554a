// The recogniser's SentencePiece model, read and decoded by Debian's
// libsentencepiece.
//
// Why through a module of our own, loaded with RTLD_DEEPBIND: libsentencepiece
// carries its own copy of protobuf-lite and exports it. In a process that also
// loads libprotobuf (the ONNX graphs' file format) the two copies' functions of
// the same names replace each other, and the process crashes while it starts.
// The module (sentencepiece_module.h) links libsentencepiece; opened locally
// with deep binding, its calls stay inside its own copy and that copy stays
// out of the rest of the process.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace cosystudio::asr {

class SentencePieceVocabulary {
 public:
  // Throws ConfigError naming the file and libsentencepiece's reason.
  static SentencePieceVocabulary load(const std::filesystem::path& file);
  ~SentencePieceVocabulary();
  SentencePieceVocabulary(SentencePieceVocabulary&&) noexcept;
  SentencePieceVocabulary& operator=(SentencePieceVocabulary&&) noexcept;

  int64_t size() const;
  // The piece of `id`; throws std::out_of_range outside 0..size()-1.
  std::string piece(int64_t id) const;
  // DecodeIds of the whole list: control pieces vanish, user-defined pieces
  // come out as they are, '▁' becomes a space.
  std::string decode(const std::vector<int64_t>& ids) const;

  struct EncodedPiece {
    int64_t id = 0;                  // 0 (<unk>) for text the vocabulary lacks
    std::string piece;               // as EncodeAsPieces spells it: normalised, '▁' for a space
    std::size_t begin = 0, end = 0;  // the bytes of `text` it stands for
  };
  // EncodeAsPieces / EncodeAsIds of `text` (user-defined pieces such as the
  // tags match whole); throws std::runtime_error with SentencePiece's reason.
  std::vector<EncodedPiece> encode(const std::string& text) const;

  // Where the module is looked for: lib/cosystudio/ beside the program's bin/.
  static std::filesystem::path modulePath();

  // The module's functions, found once per process.
  struct Module;

 private:
  SentencePieceVocabulary(const Module* module, void* processor) : module_(module), processor_(processor) {}
  const Module* module_ = nullptr;
  void* processor_ = nullptr;
};

}  // namespace cosystudio::asr
