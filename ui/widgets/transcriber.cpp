#include "transcriber.h"

#include "engine_messages.h"
#include "shared_recognizer.h"

#include "services/app_data.h"

#include "cosystudio/recognizer.h"

#include <QDir>
#include <QFileInfo>
#include <QThread>

#include <functional>
#include <memory>

namespace cosystudio::ui {

QString defaultRecognizerFolderPath() {
  return services::appDataFolder() + QStringLiteral("/models/") +
         QString::fromStdString(defaultRecognizerFolder().filename().string());
}

bool recognizerInstalled(const QString& folder) {
  const QDir dir(folder);
  for (const std::string& file : requiredRecognizerFiles())
    if (!QFileInfo(dir.filePath(QString::fromStdString(file))).isFile()) return false;
  return !folder.isEmpty();
}

// Lives on the transcriber's thread and is called there only, through queued
// calls; it answers with queued calls on the transcriber's thread.
class TranscriberWorker : public QObject {
 public:
  explicit TranscriberWorker(Transcriber* owner) : owner_(owner) {}

  void transcribe(quint64 id, const QString& folder, const PromptClip& clip) {
    if (superseded(id)) return;
    try {
      if (!recognizer_ || folder != loadedFrom_) {
        recognizer_.reset();  // one recogniser in memory, never two
        recognizer_ = sharedRecognizer(folder);  // the engine's thread listens back with the same one
        loadedFrom_ = folder;
      }
      if (superseded(id)) return;  // loading took seconds
      audio::Clip samples = engineClip(clip);
      samples.source = std::filesystem::path(clip.path.toStdString());
      const Transcript heard = recognizer_->transcribe(samples, "auto", true);
      report([id, text = QString::fromStdString(heard.text).trimmed(),
              language = QString::fromStdString(heard.language)](Transcriber& t) { t.answer(id, text, language); });
    } catch (const std::exception& e) {
      report([id, message = errorText(e)](Transcriber& t) { t.fail(id, message); });
    }
  }

 private:
  bool superseded(quint64 id) const { return owner_->newest_.load() != id; }

  // The transcriber is the context object: a report still queued when it is
  // destroyed is dropped with it (its thread has ended by then).
  void report(std::function<void(Transcriber&)> event) {
    QMetaObject::invokeMethod(
        owner_, [owner = owner_, event = std::move(event)] { event(*owner); }, Qt::QueuedConnection);
  }

  Transcriber* const owner_;
  std::shared_ptr<const Recognizer> recognizer_;
  QString loadedFrom_;
};

namespace {

QString folderOrDefault(const QString& folder) {
  return folder.trimmed().isEmpty() ? defaultRecognizerFolderPath() : QDir::cleanPath(folder.trimmed());
}

}  // namespace

Transcriber::Transcriber(const QString& folder, QObject* parent)
    : QObject(parent), folder_(folderOrDefault(folder)), installed_(recognizerInstalled(folder_)) {
  thread_ = new QThread(this);
  thread_->setObjectName(QStringLiteral("recognizer"));
  worker_ = new TranscriberWorker(this);
  worker_->moveToThread(thread_);
  thread_->start();
}

Transcriber::~Transcriber() {
  newest_ = 0;  // requests still waiting are skipped
  thread_->quit();
  thread_->wait();
  delete worker_;
}

void Transcriber::setFolder(const QString& folder) {
  if (folderOrDefault(folder) == folder_) return;
  folder_ = folderOrDefault(folder);
  recheck();
  emit folderChanged(folder.trimmed());
}

void Transcriber::recheck() {
  const bool installed = recognizerInstalled(folder_);
  if (installed == installed_) return;
  installed_ = installed;
  emit availabilityChanged(installed);
}

quint64 Transcriber::transcribe(const PromptClip& clip) {
  recheck();  // the command line may have downloaded it meanwhile
  if (!installed_ || !clip.isLoaded()) {
    pending_ = newest_ = 0;  // and an earlier request is not answered
    return 0;
  }
  const quint64 id = nextId_++;
  pending_ = newest_ = id;
  QMetaObject::invokeMethod(
      worker_, [worker = worker_, id, folder = folder_, clip] { worker->transcribe(id, folder, clip); },
      Qt::QueuedConnection);
  return id;
}

void Transcriber::answer(quint64 id, const QString& text, const QString& language) {
  if (id != pending_) return;  // superseded while it ran
  pending_ = 0;
  emit transcribed(id, text, language);
}

void Transcriber::fail(quint64 id, const QString& message) {
  if (id != pending_) return;
  pending_ = 0;
  emit failed(id, message);
}

}  // namespace cosystudio::ui

#include "moc_transcriber.cpp"
