// What the window reads back when it starts: a take's sidecar JSON (beside
// its WAV in the outputs folder, segments cut from the audio by the lengths it
// gives) and the queue kept from the last session. Both are read through the
// window's own code; a file it cannot use is reported, never a crash.
#include "fuzz_support.h"

#include "saved_queue.h"
#include "take_store.h"

#include "cosystudio/audio/clip.h"

#include <QDir>
#include <QFile>
#include <QStringList>

#include <cmath>

namespace {

// An outputs folder holding one short take, whose sidecar each input replaces.
QString outputsFolder() {
  static const QString folder = [] {
    const auto path = cosystudio::fuzz::scratchFolder() / "outputs";
    std::filesystem::create_directories(path);
    cosystudio::audio::Clip take;
    take.sampleRate = 24000;
    take.channels.assign(1, std::vector<float>(4800));
    for (size_t i = 0; i < take.channels[0].size(); ++i) take.channels[0][i] = 0.2f * std::sin(0.05f * float(i));
    cosystudio::audio::writeWav(path / "take-1.wav", take);
    return QString::fromStdString(path.string());
  }();
  return folder;
}

void write(const QString& file, const uint8_t* data, size_t size) {
  QFile out(file);
  if (out.open(QIODevice::WriteOnly | QIODevice::Truncate)) out.write(reinterpret_cast<const char*>(data), qint64(size));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const QString folder = outputsFolder();
  write(QDir(folder).filePath(QStringLiteral("take-1.json")), data, size);
  QStringList problems;
  cosystudio::ui::TakeStore(folder).load(&problems);

  const QString queue = QDir(folder).filePath(QStringLiteral("queue.json"));
  write(queue, data, size);
  (void)cosystudio::ui::takeSavedQueue(queue);
  return 0;
}
