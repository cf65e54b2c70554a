// The C interface of the module that holds Debian's libsentencepiece
// (sentencepiece_module.cpp, built as lib/cosystudio/libcosystudio-sentencepiece.so
// beside bin/). Strings go out through caller buffers and come back through
// callbacks, so no C++ object or allocation crosses between the module and
// the engine.
#pragma once

#include <cstddef>
#include <cstdint>

extern "C" {

// Each returns 0 on success; on failure writes a NUL-terminated reason into
// `error` (at most `errorSize` bytes) and returns -1.
using CosyStudioSpmText = void (*)(void* context, const char* text, std::size_t size);
// One piece of an encoded text: its id (0, <unk>, when the vocabulary lacks
// it), the piece as normalised (EncodeAsPieces' string) and the bytes
// [begin, end) of the input it stands for.
using CosyStudioSpmPiece = void (*)(void* context, int id, const char* piece, std::size_t size, std::size_t begin,
                                    std::size_t end);

void* cosystudio_spm_load(const char* path, char* error, std::size_t errorSize);
void* cosystudio_spm_load_bytes(const char* data, std::size_t size, char* error, std::size_t errorSize);
void cosystudio_spm_free(void* processor);
int cosystudio_spm_size(const void* processor);
int cosystudio_spm_piece(const void* processor, int id, CosyStudioSpmText out, void* context);
int cosystudio_spm_decode(const void* processor, const int* ids, std::size_t count, CosyStudioSpmText out,
                          void* context, char* error, std::size_t errorSize);
int cosystudio_spm_encode(const void* processor, const char* text, std::size_t size, CosyStudioSpmPiece out,
                          void* context, char* error, std::size_t errorSize);
}
