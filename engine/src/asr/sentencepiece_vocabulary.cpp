#include "asr/sentencepiece_vocabulary.h"

#include "asr/sentencepiece_module.h"
#include "config/hyper_yaml.h"

#include <dlfcn.h>

#include <stdexcept>

namespace cosystudio::asr {

struct SentencePieceVocabulary::Module {
  decltype(&cosystudio_spm_load) load = nullptr;
  decltype(&cosystudio_spm_free) free = nullptr;
  decltype(&cosystudio_spm_size) size = nullptr;
  decltype(&cosystudio_spm_piece) piece = nullptr;
  decltype(&cosystudio_spm_decode) decode = nullptr;
  decltype(&cosystudio_spm_encode) encode = nullptr;
};

namespace {

constexpr std::size_t kErrorSize = 512;

void appendText(void* context, const char* text, std::size_t size) {
  static_cast<std::string*>(context)->append(text, size);
}

void appendPiece(void* context, int id, const char* piece, std::size_t size, std::size_t begin, std::size_t end) {
  static_cast<std::vector<SentencePieceVocabulary::EncodedPiece>*>(context)->push_back(
      {id, std::string(piece, size), begin, end});
}

template <typename Function>
Function symbol(void* handle, const char* name) {
  void* address = dlsym(handle, name);
  if (!address) throw std::runtime_error(std::string("the SentencePiece module lacks ") + name);
  return reinterpret_cast<Function>(address);
}

// Opened once for the process and never closed.
const SentencePieceVocabulary::Module& module() {
  static const auto* loaded = [] {
    const auto path = SentencePieceVocabulary::modulePath();
    void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
    if (!handle)
      throw ConfigError("cannot load the SentencePiece module " + path.string() + ": " + dlerror() +
                        " (is the libsentencepiece0 package installed?)");
    auto* m = new SentencePieceVocabulary::Module;
    m->load = symbol<decltype(m->load)>(handle, "cosystudio_spm_load");
    m->free = symbol<decltype(m->free)>(handle, "cosystudio_spm_free");
    m->size = symbol<decltype(m->size)>(handle, "cosystudio_spm_size");
    m->piece = symbol<decltype(m->piece)>(handle, "cosystudio_spm_piece");
    m->decode = symbol<decltype(m->decode)>(handle, "cosystudio_spm_decode");
    m->encode = symbol<decltype(m->encode)>(handle, "cosystudio_spm_encode");
    return m;
  }();
  return *loaded;
}

}  // namespace

std::filesystem::path SentencePieceVocabulary::modulePath() {
  std::error_code error;
  const auto program = std::filesystem::read_symlink("/proc/self/exe", error);
  return program.parent_path().parent_path() / "lib/cosystudio/libcosystudio-sentencepiece.so";
}

SentencePieceVocabulary SentencePieceVocabulary::load(const std::filesystem::path& file) {
  const Module& m = module();
  char error[kErrorSize] = {};
  void* processor = m.load(file.c_str(), error, sizeof error);
  if (!processor) throw ConfigError(file.string() + ": not a SentencePiece model: " + error);
  return SentencePieceVocabulary(&m, processor);
}

SentencePieceVocabulary::~SentencePieceVocabulary() {
  if (processor_) module_->free(processor_);
}

SentencePieceVocabulary::SentencePieceVocabulary(SentencePieceVocabulary&& other) noexcept
    : module_(other.module_), processor_(other.processor_) {
  other.processor_ = nullptr;
}

SentencePieceVocabulary& SentencePieceVocabulary::operator=(SentencePieceVocabulary&& other) noexcept {
  std::swap(module_, other.module_);
  std::swap(processor_, other.processor_);
  return *this;
}

int64_t SentencePieceVocabulary::size() const { return module_->size(processor_); }

std::string SentencePieceVocabulary::piece(int64_t id) const {
  std::string text;
  if (id < 0 || id >= size() || module_->piece(processor_, static_cast<int>(id), &appendText, &text) != 0)
    throw std::out_of_range("no SentencePiece piece " + std::to_string(id));
  return text;
}

std::string SentencePieceVocabulary::decode(const std::vector<int64_t>& ids) const {
  const std::vector<int> narrow(ids.begin(), ids.end());
  std::string text;
  char error[kErrorSize] = {};
  if (module_->decode(processor_, narrow.data(), narrow.size(), &appendText, &text, error, sizeof error) != 0)
    throw std::runtime_error(std::string("SentencePiece could not decode the ids: ") + error);
  return text;
}

std::vector<SentencePieceVocabulary::EncodedPiece> SentencePieceVocabulary::encode(const std::string& text) const {
  std::vector<EncodedPiece> pieces;
  char error[kErrorSize] = {};
  if (module_->encode(processor_, text.data(), text.size(), &appendPiece, &pieces, error, sizeof error) != 0)
    throw std::runtime_error(std::string("SentencePiece could not encode the text: ") + error);
  return pieces;
}

}  // namespace cosystudio::asr
