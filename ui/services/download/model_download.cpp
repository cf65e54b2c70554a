#include "services/download/model_download.h"

#include "cosystudio/version.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QLocale>
#include <QNetworkReply>
#include <QRegularExpression>
#include <QStorageInfo>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <cerrno>
#include <filesystem>
#include <system_error>

#include <fcntl.h>

namespace cosystudio::services {
namespace {

// Network failures and stalls in a row, without a byte arriving in between, before giving up.
constexpr int kMaxFailedAttempts = 3;
constexpr int kRetryDelayMs = 500;
constexpr qint64 kSpeedWindowMs = 5000;
constexpr qint64 kProgressIntervalMs = 100;
constexpr qint64 kReadChunk = 4 << 20;

std::shared_ptr<QCryptographicHash> newHash(const HubFile& file) {
  auto hash = std::make_shared<QCryptographicHash>(file.algorithm);
  if (file.gitBlob) hash->addData("blob " + QByteArray::number(file.size) + '\0');
  return hash;
}

// The hash of what `path` holds so far, as `file` is hashed; nullptr when it
// cannot be read or the download stopped. Runs on a pool thread.
std::shared_ptr<QCryptographicHash> hashFile(const QString& path, const HubFile& file,
                                             std::shared_ptr<std::atomic_bool> stopped) {
  QFile in(path);
  if (!in.open(QIODevice::ReadOnly)) return nullptr;
  auto hash = newHash(file);
  while (!in.atEnd()) {
    if (*stopped) return nullptr;
    const QByteArray chunk = in.read(kReadChunk);
    if (chunk.isEmpty()) return nullptr;
    hash->addData(chunk);
  }
  return hash;
}

// Writes all of `data`. QFile says why only when a write fails outright, so
// after a short write (the disk filled up) the rest is tried once more.
bool writeAll(QFile& file, const QByteArray& data) {
  for (qint64 done = 0; done < data.size();) {
    const qint64 written = file.write(data.constData() + done, data.size() - done);
    if (written <= 0) return false;
    done += written;
  }
  return true;
}

// Opens the .part at `path` as `part` to write the download into, appending
// or from the start, unbuffered (a full disk fails the write that hits it, not
// a later flush), and never through a symbolic link planted in its place
// (O_NOFOLLOW), which would send the download into whatever file it points
// to. The reason it cannot be opened, or empty.
QString openPart(QFile& part, const QString& path, bool append) {
  const int flags = O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | (append ? O_APPEND : O_TRUNC);
  const int fd = ::open(QFile::encodeName(path).constData(), flags, 0666);
  if (fd < 0)
    return errno == ELOOP ? ModelDownload::tr("it is a symbolic link, which a download does not follow; remove it")
                          : qt_error_string(errno);
  if (!part.open(fd, QIODevice::WriteOnly | QIODevice::Unbuffered, QFileDevice::AutoCloseHandle))
    return part.errorString();
  return {};
}

QString sizeText(qint64 bytes) { return QLocale().formattedDataSize(bytes); }

qint64 storageFreeBytes(const QString& folder) { return QStorageInfo(folder).bytesAvailable(); }

}  // namespace

QString durationText(double seconds) {
  const qint64 whole = qint64(seconds + 0.5);
  const auto twoDigits = [](qint64 value) { return QStringLiteral("%1").arg(value, 2, 10, QLatin1Char('0')); };
  if (whole >= 3600) return QStringLiteral("%1:%2:%3").arg(whole / 3600).arg(twoDigits(whole / 60 % 60), twoDigits(whole % 60));
  return QStringLiteral("%1:%2").arg(whole / 60).arg(twoDigits(whole % 60));
}

ModelDownload::ModelDownload(Hub hub, QString folder, AllowedRisks allowed, ModelKind kind, QObject* parent)
    : QObject(parent),
      hub_(std::move(hub)),
      folder_(std::move(folder)),
      allowed_(allowed),
      kind_(kind),
      freeSpace_(storageFreeBytes) {
  // Hugging Face answers a download with a redirect to its CDN on another host.
  network_.setRedirectPolicy(QNetworkRequest::NoLessSafeRedirectPolicy);
  // Our own stall timer: Qt's transfer timeout (6.4) stops once a reply's
  // headers arrive, so a hub that sends nothing after them would hang it.
  stall_.setSingleShot(true);
  stall_.setInterval(kStallTimeout);
  connect(&stall_, &QTimer::timeout, this, [this] {
    stalled_ = true;
    reply_->abort();
  });
}

ModelDownload::~ModelDownload() { cancel(); }

void ModelDownload::start() {
  listOnly_ = false;
  *stopped_ = false;
  clock_.start();
  listing_.clear();
  if (hub_.endpoint.scheme() == QLatin1String("http") &&
      !takeRisk(allowed_.plainHttp,
                tr("%1 is plain http: the files and the hashes that verify them come unencrypted from the same "
                   "server, so whoever is on the way can change both")
                    .arg(hub_.endpoint.toString()),
                tr("allow plain http to use it anyway (cosystudio-cli: --allow-http)")))
    return;
  requestListing(hub_.listingUrl());
}

void ModelDownload::list() {
  listOnly_ = true;
  *stopped_ = false;
  listing_.clear();
  requestListing(hub_.listingUrl());
}

bool ModelDownload::takeRisk(bool allowed, const QString& risk, const QString& howToAllow) {
  if (!allowed) {
    fail(QStringLiteral("%1; %2").arg(risk, howToAllow));
    return false;
  }
  emit warning(risk);
  return true;
}

void ModelDownload::cancel() {
  *stopped_ = true;
  dropReply();
}

void ModelDownload::dropReply() {
  if (reply_) {
    reply_->disconnect(this);
    reply_->abort();
    reply_->deleteLater();
  }
  part_.reset();
}

void ModelDownload::fail(const QString& message) {
  *stopped_ = true;
  dropReply();
  emit failed(message);
}

QString ModelDownload::finalPath(const HubFile& file) const { return folder_ + QLatin1Char('/') + file.path; }

void ModelDownload::get(QNetworkRequest request) {
  request.setHeader(QNetworkRequest::UserAgentHeader, QStringLiteral("CosyStudio/%1").arg(kVersion));
  reply_ = network_.get(request);
  stalled_ = false;
  stall_.start();
  connect(reply_, &QNetworkReply::readyRead, &stall_, qOverload<>(&QTimer::start));
  connect(reply_, &QNetworkReply::finished, &stall_, &QTimer::stop);
}

QString ModelDownload::whyFailed(const QNetworkReply& reply) const {
  return stalled_ ? tr("the hub sent nothing for %1 s").arg(stall_.interval() / 1000) : reply.errorString();
}

void ModelDownload::requestListing(const QUrl& url) {
  get(QNetworkRequest(url));
  connect(reply_, &QNetworkReply::finished, this, &ModelDownload::listingArrived);
}

void ModelDownload::listingArrived() {
  QNetworkReply* reply = reply_;
  reply->deleteLater();
  if (reply->error() != QNetworkReply::NoError)
    return fail(tr("Cannot list the files of %1 at %2: %3").arg(hub_.repo, reply->url().toString(), whyFailed(*reply)));
  QString error;
  const auto page = parseListing(hub_.layout, reply->readAll(), &error);
  if (!page) return fail(error);
  listing_ += *page;
  if (const QUrl next = nextListingPage(reply->rawHeader("Link")); next.isValid())
    return requestListing(reply->url().resolved(next));

  const auto files = filesToFetch(kind_, listing_, &error);
  if (!files) return fail(error);
  files_ = *files;
  if (listOnly_) return emit listed(files_, bytesMissing());
  QStringList unverified;
  for (const HubFile& file : files_)
    if (file.hash.isEmpty()) unverified.append(file.path);
  if (!unverified.isEmpty() &&
      !takeRisk(allowed_.unverifiedFiles,
                tr("The hub publishes no hash for these files, so they cannot be verified: %1")
                    .arg(unverified.join(QStringLiteral(", "))),
                tr("allow unverified files to download them anyway (cosystudio-cli: --allow-unverified)")))
    return;
  index_ = 0;
  completedBytes_ = 0;
  totalBytes_ = 0;
  for (const HubFile& file : files_) totalBytes_ += file.size;
  if (!checkFreeSpace()) return;
  nextFile();
}

qint64 ModelDownload::bytesMissing() const {
  qint64 missing = 0;
  for (const HubFile& file : files_) {
    if (QFileInfo(finalPath(file)).size() == file.size) continue;  // checked against its hash later
    const qint64 part = QFileInfo(partPath(file)).size();
    missing += part <= file.size ? file.size - part : file.size;
  }
  return missing;
}

bool ModelDownload::checkFreeSpace() {
  if (!QDir().mkpath(folder_)) {
    fail(tr("Cannot create the folder %1").arg(folder_));
    return false;
  }
  const qint64 missing = bytesMissing();
  const qint64 available = freeSpace_(folder_);
  if (missing > available) {
    fail(tr("The model needs %1 more on the disk of %2, which has %3 free").arg(sizeText(missing), folder_,
                                                                               sizeText(available)));
    return false;
  }
  emit listed(files_, missing);
  return true;
}

void ModelDownload::nextFile() {
  if (index_ == files_.size()) return emit finished();
  const HubFile& file = current();
  if (QFileInfo(finalPath(file)).size() != file.size) return resumeFromPart();
  // Complete from an earlier download, unless its content says otherwise.
  hashExisting(finalPath(file), [this](std::shared_ptr<QCryptographicHash> hash) {
    const HubFile& file = current();
    if (!hash || hash->result().toHex() != file.hash) return resumeFromPart();
    completedBytes_ += file.size;
    emit fileDone(file, true);
    ++index_;
    nextFile();
  });
}

void ModelDownload::resumeFromPart() {
  const HubFile& file = current();
  if (!QDir().mkpath(QFileInfo(finalPath(file)).absolutePath()))
    return fail(tr("Cannot create the folder %1").arg(QFileInfo(finalPath(file)).absolutePath()));
  const qint64 part = QFileInfo(partPath(file)).size();
  if (part == 0 || part > file.size) return fetch(0, newHash(file));
  hashExisting(partPath(file), [this, part](std::shared_ptr<QCryptographicHash> hash) {
    if (hash) return fetch(part, std::move(hash));
    fetch(0, newHash(current()));
  });
}

void ModelDownload::hashExisting(const QString& path, std::function<void(std::shared_ptr<QCryptographicHash>)> then) {
  using Watcher = QFutureWatcher<std::shared_ptr<QCryptographicHash>>;
  auto* watcher = new Watcher(this);
  connect(watcher, &Watcher::finished, this, [this, watcher, then = std::move(then)] {
    watcher->deleteLater();
    if (!*stopped_) then(watcher->result());
  });
  watcher->setFuture(QtConcurrent::run(hashFile, path, current(), stopped_));
}

void ModelDownload::fetch(qint64 offset, std::shared_ptr<QCryptographicHash> hash) {
  const HubFile& file = current();
  offset_ = have_ = offset;
  hash_ = std::move(hash);
  responseChecked_ = false;
  part_ = std::make_unique<QFile>();
  if (const QString why = openPart(*part_, partPath(file), offset > 0); !why.isEmpty())
    return fail(tr("Cannot write %1: %2").arg(partPath(file), why));
  if (have_ == file.size) return verifyAndRename();

  QNetworkRequest request(hub_.fileUrl(file.path));
  if (offset > 0) request.setRawHeader("Range", "bytes=" + QByteArray::number(offset) + '-');
  get(request);
  connect(reply_, &QNetworkReply::readyRead, this, &ModelDownload::receive);
  connect(reply_, &QNetworkReply::finished, this, &ModelDownload::replyFinished);
  reportProgress(true);
}

// Whether the answer continues the file where the .part ends: a 206 from
// there, or a 200 with the whole file (a server that ignores ranges), which
// starts the .part over.
bool ModelDownload::acceptResponse() {
  const int status = reply_->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
  if (status == 200 && offset_ > 0) {
    part_->resize(0);
    offset_ = have_ = 0;
    hash_ = newHash(current());
    return true;
  }
  if (status == 206) {
    static const QRegularExpression range(QStringLiteral(R"(^bytes (\d+)-)"));
    const auto match = range.match(QString::fromLatin1(reply_->rawHeader("Content-Range")));
    if (!match.hasMatch() || match.captured(1).toLongLong() != offset_) {
      fail(tr("%1: the server sent another part of the file than the one asked for").arg(current().path));
      return false;
    }
  }
  return status == 200 || status == 206;
}

void ModelDownload::receive() {
  if (!responseChecked_) {
    if (!acceptResponse()) return;  // an error page: replyFinished reports it
    responseChecked_ = true;
  }
  const QByteArray data = reply_->readAll();
  if (data.isEmpty()) return;
  if (!writeAll(*part_, data)) return fail(tr("Cannot write %1: %2").arg(partPath(current()), part_->errorString()));
  hash_->addData(data);
  have_ += data.size();
  fetched_ += data.size();
  failedAttempts_ = 0;
  if (have_ > current().size)
    return fail(tr("%1: the server sent more than the %2 the hub lists").arg(current().path, sizeText(current().size)));
  reportProgress(false);
}

void ModelDownload::replyFinished() {
  if (reply_->bytesAvailable() > 0) receive();
  if (*stopped_) return;  // the last bytes could not be written
  QNetworkReply* reply = reply_;
  reply->deleteLater();
  reply_ = nullptr;
  const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
  if (status >= 400)
    return fail(tr("%1: the hub answered %2 %3 for %4")
                    .arg(current().path)
                    .arg(status)
                    .arg(reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString(),
                         reply->url().toString()));
  if (have_ == current().size) return verifyAndRename();
  // Cut off or stalled: go on from where the .part ends.
  if (++failedAttempts_ > kMaxFailedAttempts)
    return fail(tr("Downloading %1 failed after %2 tries: %3")
                    .arg(current().path, QString::number(failedAttempts_), whyFailed(*reply)));
  part_.reset();
  QTimer::singleShot(kRetryDelayMs, this, [this] {
    if (!*stopped_) fetch(have_, hash_);
  });
}

void ModelDownload::verifyAndRename() {
  const HubFile& file = current();
  part_.reset();
  const QByteArray actual = hash_->result().toHex();
  if (!file.hash.isEmpty() && actual != file.hash) {
    QFile::remove(partPath(file));
    return fail(tr("%1 does not match the hash the hub publishes for it (%2 %3, the download has %4); "
                   "it was deleted: download it again")
                    .arg(file.path, file.hashName(), QString::fromLatin1(file.hash), QString::fromLatin1(actual)));
  }
  std::error_code error;
  std::filesystem::rename(partPath(file).toStdString(), finalPath(file).toStdString(), error);
  if (error)
    return fail(tr("Cannot rename %1 to %2: %3")
                    .arg(partPath(file), finalPath(file), QString::fromLocal8Bit(error.message().c_str())));
  completedBytes_ += file.size;
  have_ = 0;
  reportProgress(true);
  emit fileDone(file, false);
  ++index_;
  nextFile();
}

void ModelDownload::reportProgress(bool now) {
  const qint64 ms = clock_.elapsed();
  if (!now && ms - lastReport_ < kProgressIntervalMs) return;
  lastReport_ = ms;
  samples_.emplace_back(ms, fetched_);
  while (samples_.size() > 2 && samples_.front().first < ms - kSpeedWindowMs) samples_.pop_front();

  DownloadProgress report;
  const bool inFile = index_ < files_.size();
  report.file = inFile ? current().path : QString();
  report.fileBytes = have_;
  report.fileSize = inFile ? current().size : 0;
  report.doneBytes = completedBytes_ + have_;
  report.totalBytes = totalBytes_;
  const auto& [firstMs, firstBytes] = samples_.front();
  if (ms > firstMs) report.bytesPerSecond = double(fetched_ - firstBytes) * 1000.0 / double(ms - firstMs);
  if (report.bytesPerSecond > 0) report.secondsLeft = double(totalBytes_ - report.doneBytes) / report.bytesPerSecond;
  emit progress(report);
}

}  // namespace cosystudio::services

#include "moc_model_download.cpp"
