// Downloads the files of a model folder that the engine reads from a hub
// (hub_listing.h), resumably: each file arrives in NAME.part beside its final
// name (an interrupted or stalled download goes on with an HTTP range, also
// after a restart), is hashed as it is written, and gets its final name only
// when the hash matches the one the hub publishes. A file the hub publishes
// no hash for and a plain-http hub are refused unless the user allows them
// (AllowedRisks). Qt Core and Network only.
#pragma once

#include "services/download/hub_listing.h"

#include <QElapsedTimer>
#include <QNetworkAccessManager>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <atomic>
#include <chrono>
#include <deque>
#include <functional>
#include <memory>

class QFile;
class QNetworkReply;

namespace cosystudio::services {

struct DownloadProgress {
  QString file;
  qint64 fileBytes = 0;
  qint64 fileSize = 0;
  qint64 doneBytes = 0;  // all files, including those already there
  qint64 totalBytes = 0;
  double bytesPerSecond = 0;  // over the last few seconds
  double secondsLeft = -1;    // -1 until the speed is known
};

// A time left as "m:ss", or "h:mm:ss" from an hour on.
QString durationText(double seconds);

// What a download refuses unless the user allows it; each allowed one is
// said as a warning when the download meets it.
struct AllowedRisks {
  // Files the listing publishes no hash for (some ModelScope listings): they arrive unverified.
  bool unverifiedFiles = false;
  // An http:// hub: the files and the hashes that verify them come unencrypted
  // from the same server, so whoever is on the way can change both.
  bool plainHttp = false;
};

class ModelDownload : public QObject {
  Q_OBJECT

 public:
  ModelDownload(Hub hub, QString folder, AllowedRisks allowed = {}, ModelKind kind = ModelKind::Speech,
                QObject* parent = nullptr);
  ~ModelDownload() override;

  // The free bytes on the disk that holds `folder` (QStorageInfo unless replaced).
  using FreeSpaceProbe = std::function<qint64(const QString& folder)>;
  void setFreeSpaceProbe(FreeSpaceProbe probe) { freeSpace_ = std::move(probe); }

  // No byte for this long and a request is given up (a file then goes on from
  // its .part): a live connection, however slow, sends something within it.
  static constexpr std::chrono::seconds kStallTimeout{30};
  void setStallTimeout(std::chrono::seconds timeout) { stall_.setInterval(timeout); }

  void start();
  // Only lists: says what the files weigh and how much of them the folder
  // lacks (listed), then stops. Nothing is written and no risk is taken, so a
  // dialog can say the cost before the user starts the download.
  void list();
  // Stops at once; the .part files stay for the next download to resume.
  void cancel();

  QString folder() const { return folder_; }
  // The bytes that came over the network in this download.
  qint64 bytesFetched() const { return fetched_; }

 signals:
  // The files to fetch and the bytes still missing (what the disk must hold).
  void listed(const QList<cosystudio::services::HubFile>& files, qint64 bytesMissing);
  void progress(const cosystudio::services::DownloadProgress& progress);
  // A file has its final name; `alreadyThere`: it was complete before this download.
  void fileDone(const cosystudio::services::HubFile& file, bool alreadyThere);
  void finished();
  void failed(const QString& message);
  // A risk the user allowed (AllowedRisks), as the download meets it.
  void warning(const QString& message);

 private:
  // Refuses a risk the user did not allow, saying how to allow it; an allowed
  // one is said as a warning. Whether the download goes on.
  bool takeRisk(bool allowed, const QString& risk, const QString& howToAllow);
  // Sends `request` as reply_, named, and given up (aborted) when it stalls.
  void get(QNetworkRequest request);
  // Why `reply` failed, in words (a stall, or Qt's reason).
  QString whyFailed(const QNetworkReply& reply) const;
  void requestListing(const QUrl& url);
  void listingArrived();
  // The bytes of files_ that the folder does not hold yet (a .part counts for what it has).
  qint64 bytesMissing() const;
  bool checkFreeSpace();
  void nextFile();
  void resumeFromPart();
  void fetch(qint64 offset, std::shared_ptr<QCryptographicHash> hash);
  bool acceptResponse();
  void receive();
  void replyFinished();
  void verifyAndRename();
  // Hashes a file already on disk on a pool thread, then calls `then` here
  // (nullptr: unreadable).
  void hashExisting(const QString& path, std::function<void(std::shared_ptr<QCryptographicHash>)> then);
  void reportProgress(bool now);
  void fail(const QString& message);
  void dropReply();

  const HubFile& current() const { return files_[index_]; }
  QString finalPath(const HubFile& file) const;
  QString partPath(const HubFile& file) const { return finalPath(file) + QStringLiteral(".part"); }

  Hub hub_;
  QString folder_;
  AllowedRisks allowed_;
  ModelKind kind_;
  bool listOnly_ = false;  // list() rather than start()
  FreeSpaceProbe freeSpace_;
  QTimer stall_;          // restarted by each byte of reply_
  bool stalled_ = false;  // reply_ was given up for it
  QNetworkAccessManager network_;
  QList<HubFile> listing_;
  QList<HubFile> files_;
  qsizetype index_ = 0;
  QPointer<QNetworkReply> reply_;
  std::unique_ptr<QFile> part_;
  std::shared_ptr<QCryptographicHash> hash_;
  qint64 offset_ = 0;      // where the current request started in the file
  qint64 have_ = 0;        // bytes of the current file in its .part
  bool responseChecked_ = false;
  int failedAttempts_ = 0;  // in a row, without a byte arriving
  qint64 completedBytes_ = 0;
  qint64 totalBytes_ = 0;
  qint64 fetched_ = 0;
  std::shared_ptr<std::atomic_bool> stopped_ = std::make_shared<std::atomic_bool>(false);
  QElapsedTimer clock_;
  qint64 lastReport_ = -1;
  std::deque<std::pair<qint64, qint64>> samples_;  // (ms, bytes fetched) for the speed
};

}  // namespace cosystudio::services
