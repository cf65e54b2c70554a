// 16-bit PCM through libsndfile's converter, written into memory.
#include "cosystudio/audio/pcm16.h"

#include <sndfile.h>

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace cosystudio::audio {
namespace {

// A headerless file in memory, as libsndfile's virtual I/O sees it.
struct MemoryFile {
  std::vector<char> bytes;
  sf_count_t position = 0;
};

MemoryFile& memoryOf(void* data) { return *static_cast<MemoryFile*>(data); }

sf_count_t length(void* data) { return sf_count_t(memoryOf(data).bytes.size()); }

sf_count_t seek(sf_count_t offset, int whence, void* data) {
  MemoryFile& file = memoryOf(data);
  const sf_count_t base = whence == SEEK_CUR ? file.position : whence == SEEK_END ? length(data) : 0;
  file.position = std::max<sf_count_t>(0, base + offset);
  return file.position;
}

sf_count_t read(void* destination, sf_count_t count, void* data) {
  MemoryFile& file = memoryOf(data);
  const sf_count_t available = std::max<sf_count_t>(0, length(data) - file.position);
  const sf_count_t n = std::min(count, available);
  std::memcpy(destination, file.bytes.data() + file.position, size_t(n));
  file.position += n;
  return n;
}

sf_count_t write(const void* source, sf_count_t count, void* data) {
  MemoryFile& file = memoryOf(data);
  if (file.position + count > length(data)) file.bytes.resize(size_t(file.position + count));
  std::memcpy(file.bytes.data() + file.position, source, size_t(count));
  file.position += count;
  return count;
}

sf_count_t tell(void* data) { return memoryOf(data).position; }

}  // namespace

std::vector<std::int16_t> toPcm16(const std::vector<float>& samples) {
  MemoryFile memory;
  SF_VIRTUAL_IO io{length, seek, read, write, tell};
  SF_INFO info{};
  info.samplerate = 24000;  // a raw file needs one; the samples do not depend on it
  info.channels = 1;
  info.format = SF_FORMAT_RAW | SF_FORMAT_PCM_16 | SF_ENDIAN_LITTLE;
  SNDFILE* file = sf_open_virtual(&io, SFM_WRITE, &info, &memory);
  if (!file) throw std::runtime_error(std::string("16-bit conversion: ") + sf_strerror(nullptr));
  sf_command(file, SFC_SET_CLIPPING, nullptr, SF_TRUE);  // as writeAudio does
  const sf_count_t written = sf_write_float(file, samples.data(), sf_count_t(samples.size()));
  sf_close(file);
  if (written != sf_count_t(samples.size())) throw std::runtime_error("16-bit conversion: short write");
  std::vector<std::int16_t> pcm(samples.size());
  for (size_t i = 0; i < pcm.size(); ++i)
    pcm[i] = std::int16_t(std::uint16_t(std::uint8_t(memory.bytes[2 * i])) |
                          std::uint16_t(std::uint8_t(memory.bytes[2 * i + 1])) << 8);
  return pcm;
}

}  // namespace cosystudio::audio
