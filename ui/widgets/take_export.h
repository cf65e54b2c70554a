// Takes written to files in the background, one export at a time: resampling,
// limiting and writing a long take take seconds, so they run on a pool thread
// with copies of the takes, and what mastering did is said in words after.
#pragma once

#include "job.h"
#include "take_store.h"

#include <QFutureWatcher>
#include <QList>
#include <QObject>
#include <QPair>
#include <QVector>

#include <functional>
#include <optional>

namespace cosystudio::ui {

class TakeExport : public QObject {
  Q_OBJECT

 public:
  explicit TakeExport(QObject* parent = nullptr);

  // Writes `take` to `path`; false, said in message(), while another export is written.
  bool one(const Take& take, const QString& path, const ExportFormat& format);
  // Writes every take into `folder`, each named as its file (or by its number).
  bool all(const QList<Take>& takes, const QString& folder, const ExportFormat& format);

 signals:
  void message(const QString& text);  // where it went, and the loudness reached
  void errorOccurred(const QString& message);
  void finished();  // written or not

 private:
  // What an export wrote; `last` is the mastering of its last file.
  struct Outcome {
    ExportFormat format;
    audio::MasteringReport last;
    int done = 0;
    int heldBack = 0;  // files short of the target, or turned down so as not to clip
    QString error;
  };
  // Writes `files` (take, path); `describe` words a success for message().
  bool start(QVector<QPair<Take, QString>> files, const ExportFormat& format,
             std::function<QString(const Outcome&)> describe);
  // " at -16.0 LUFS, peaks limited by up to 4.2 dB", ", turned down … so that
  // it does not clip", …: what mastering did.
  static QString masteringNote(const audio::MasteringReport& mastering, std::optional<double> target);

  QFutureWatcher<Outcome>* watcher_;
  bool running_ = false;  // until its result has been reported
};

}  // namespace cosystudio::ui
