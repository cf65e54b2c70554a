// A book in one file: Ogg Opus whose comments carry chapter marks in the
// Vorbis-comment convention players read (CHAPTER001=00:00:00.000,
// CHAPTER001NAME=title). libopusenc (Debian's libopusenc) writes the whole of
// it, encoder, container and comments; an M4B with chapters would need
// libavformat's muxer and an AAC encoder, all of FFmpeg for one container.
#pragma once

#include <QString>

#include <vector>

namespace cosystudio::services {

struct ChapterMark {
  QString title;
  double startSeconds = 0;
};

// "01:02:03.456", as CHAPTERnnn values are written.
QString chapterTime(double seconds);

// Writes `samples` (mono at `sampleRate`) with `title` and `chapters` (in
// order, the first at 0) to `path`, through a temporary file beside it that
// takes its name only when complete. Throws std::runtime_error naming the file.
void writeChapteredOpus(const QString& path, const std::vector<float>& samples, int sampleRate, const QString& title,
                        const std::vector<ChapterMark>& chapters);

}  // namespace cosystudio::services
