#include "services/book/chaptered_opus.h"

#include <QFile>

#include <opusenc.h>

#include <cmath>
#include <memory>
#include <stdexcept>

namespace cosystudio::services {

namespace {

constexpr opus_int32 kBitsPerSecond = 64000;  // mono speech: transparent at half of this
// libopusenc takes any rate and resamples itself; it is given a second at a time.
constexpr int kFramesPerWrite = 48000;

struct CommentsDeleter {
  void operator()(OggOpusComments* comments) const { ope_comments_destroy(comments); }
};
struct EncoderDeleter {
  void operator()(OggOpusEnc* encoder) const { ope_encoder_destroy(encoder); }
};

[[noreturn]] void fail(const QString& path, const char* what, int error) {
  throw std::runtime_error(QStringLiteral("cannot write %1: %2 (%3)")
                               .arg(path, QLatin1String(what), QString::fromUtf8(ope_strerror(error)))
                               .toStdString());
}

}  // namespace

QString chapterTime(double seconds) {
  const qint64 ms = qint64(std::llround(std::max(0.0, seconds) * 1000));
  return QStringLiteral("%1:%2:%3.%4")
      .arg(ms / 3600000, 2, 10, QLatin1Char('0'))
      .arg(ms / 60000 % 60, 2, 10, QLatin1Char('0'))
      .arg(ms / 1000 % 60, 2, 10, QLatin1Char('0'))
      .arg(ms % 1000, 3, 10, QLatin1Char('0'));
}

void writeChapteredOpus(const QString& path, const std::vector<float>& samples, int sampleRate, const QString& title,
                        const std::vector<ChapterMark>& chapters) {
  std::unique_ptr<OggOpusComments, CommentsDeleter> comments(ope_comments_create());
  if (!comments) fail(path, "no memory for the comments", OPE_ALLOC_FAIL);
  const auto add = [&](const QString& tag, const QString& value) {
    if (const int error = ope_comments_add(comments.get(), tag.toUtf8().constData(), value.toUtf8().constData()))
      fail(path, "a comment cannot be added", error);
  };
  add(QStringLiteral("TITLE"), title);
  for (std::size_t i = 0; i < chapters.size(); ++i) {
    const QString tag = QStringLiteral("CHAPTER%1").arg(i + 1, 3, 10, QLatin1Char('0'));
    add(tag, chapterTime(chapters[i].startSeconds));
    add(tag + QStringLiteral("NAME"), chapters[i].title);
  }

  const QString partial = path + QStringLiteral(".part");
  int error = OPE_OK;
  std::unique_ptr<OggOpusEnc, EncoderDeleter> encoder(
      ope_encoder_create_file(QFile::encodeName(partial).constData(), comments.get(), sampleRate, 1, 0, &error));
  if (!encoder) fail(partial, "the encoder cannot start", error);
  if ((error = ope_encoder_ctl(encoder.get(), OPUS_SET_BITRATE(kBitsPerSecond))) != OPE_OK)
    fail(partial, "the bitrate is refused", error);
  for (std::size_t at = 0; at < samples.size(); at += kFramesPerWrite) {
    const int frames = int(std::min<std::size_t>(kFramesPerWrite, samples.size() - at));
    if ((error = ope_encoder_write_float(encoder.get(), samples.data() + at, frames)) != OPE_OK)
      fail(partial, "the audio cannot be encoded", error);
  }
  if ((error = ope_encoder_drain(encoder.get())) != OPE_OK) fail(partial, "the file cannot be finished", error);
  encoder.reset();
  QFile::remove(path);
  if (!QFile::rename(partial, path)) {
    QFile::remove(partial);
    throw std::runtime_error(QStringLiteral("cannot write %1: the finished file cannot take its name").arg(path).toStdString());
  }
}

}  // namespace cosystudio::services
