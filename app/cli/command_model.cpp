// cosystudio-cli model download [--recognizer] [--source hf|modelscope|URL]
// [--repo ID] [--allow-unverified] [--allow-http] [DIR]: fetch the files of
// the model that the engine reads (or of the recogniser), resumably, each
// checked against the hash its hub publishes, then check the folder.
#include "command.h"

#include "services/download/model_download.h"

#include "cosystudio/model_folder.h"
#include "cosystudio/recognizer.h"
#include "cosystudio/user_message.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QLocale>
#include <QTimer>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <memory>
#include <unistd.h>

namespace cosystudio::cli {
namespace {

using services::AllowedRisks;
using services::DownloadProgress;
using services::Hub;
using services::HubFile;
using services::ModelDownload;
using services::ModelKind;

struct DownloadOptions {
  std::string source = "hf";
  std::string repo;  // empty: defaultRepo() of the model and the source
  std::string folder;
  bool recognizer = false;
  AllowedRisks allowed;
  bool json = false;
};

std::string sizeText(qint64 bytes) { return QLocale::c().formattedDataSize(bytes).toStdString(); }

// One line redrawn in place on a terminal; a line per finished file otherwise.
class ProgressPrinter {
 public:
  ProgressPrinter() : terminal_(isatty(STDERR_FILENO) != 0) {}

  void show(const DownloadProgress& p) {
    if (!terminal_) return;
    std::string line = p.file.toStdString() + "  " + sizeText(p.fileBytes) + " / " + sizeText(p.fileSize) +
                       "   total " + sizeText(p.doneBytes) + " / " + sizeText(p.totalBytes);
    if (p.bytesPerSecond > 0) line += "   " + sizeText(qint64(p.bytesPerSecond)) + "/s";
    if (p.secondsLeft >= 0) line += "   " + services::durationText(p.secondsLeft).toStdString() + " left";
    std::fprintf(stderr, "\r%-*s", int(width_), line.c_str());
    width_ = std::max(width_, line.size());
    std::fflush(stderr);
  }

  void fileDone(const HubFile& file, bool alreadyThere) {
    endLine();
    const char* state = alreadyThere          ? "already there"
                        : file.hash.isEmpty() ? "not verified (no hash published)"
                                              : "verified";
    std::fprintf(stderr, "%s  %s  %s\n", file.path.toUtf8().constData(), sizeText(file.size).c_str(), state);
  }

  void endLine() {
    if (terminal_ && width_ > 0) std::fprintf(stderr, "\r%-*s\r", int(width_), "");
    width_ = 0;
  }

 private:
  bool terminal_;
  size_t width_ = 0;
};

nlohmann::json summary(const DownloadOptions& options, const Hub& hub, const QList<HubFile>& files,
                       const ModelDownload& download, double seconds) {
  nlohmann::json list = nlohmann::json::array();
  for (const HubFile& file : files)
    list.push_back({{"path", file.path.toStdString()},
                    {"size", file.size},
                    {"hash", file.hash.toStdString()},
                    {"hash_kind", file.hashName().toStdString()}});
  return {{"folder", options.folder},    {"repo", hub.repo.toStdString()},
          {"endpoint", hub.endpoint.toString().toStdString()},
          {"files", list},               {"bytes_fetched", download.bytesFetched()},
          {"seconds", seconds}};
}

// The downloaded recogniser loads: every file is there and fits the others.
int checkRecognizer(const DownloadOptions& options, const Hub& hub, const QList<HubFile>& files,
                    const ModelDownload& download, double seconds) {
  try {
    (void)Recognizer::load(options.folder);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "cosystudio-cli model download: %s\n", describeError(e).c_str());
    return 1;
  }
  if (options.json) std::printf("%s\n", summary(options, hub, files, download, seconds).dump(2).c_str());
  std::fprintf(stderr, "%s: complete SenseVoiceSmall recogniser folder\n", options.folder.c_str());
  return 0;
}

int downloadModel(DownloadOptions options) {
  if (options.folder.empty()) {
    if (!options.recognizer) {
      std::fprintf(stderr, "cosystudio-cli model download: give the folder to download into\n");
      return 2;
    }
    options.folder = defaultRecognizerFolder().string();
  }
  // Past a file-size limit (ulimit -f) a write must fail like on a full disk,
  // with a message, instead of the signal ending the process.
  std::signal(SIGXFSZ, SIG_IGN);
  int argc = 1;
  char name[] = "cosystudio-cli";
  char* argv[] = {name, nullptr};
  QCoreApplication app(argc, argv);

  const ModelKind kind = options.recognizer ? ModelKind::Recognizer : ModelKind::Speech;
  const QString repo = options.repo.empty() ? services::defaultRepo(kind, QString::fromStdString(options.source))
                                            : QString::fromStdString(options.repo);
  QString error;
  const auto hub = Hub::fromSource(QString::fromStdString(options.source), repo, &error);
  if (!hub) {
    std::fprintf(stderr, "cosystudio-cli model download: %s\n", error.toUtf8().constData());
    return 2;
  }
  const QString folder = QString::fromStdString(options.folder);
  ModelDownload download(*hub, folder, options.allowed, kind);
  ProgressPrinter printer;
  QList<HubFile> files;
  QElapsedTimer clock;
  clock.start();
  QObject::connect(&download, &ModelDownload::listed, [&](const QList<HubFile>& listed, qint64 missing) {
    files = listed;
    std::fprintf(stderr, "%s from %s: %lld files, %s to download into %s\n", repo.toUtf8().constData(),
                 hub->endpoint.toString().toUtf8().constData(), static_cast<long long>(listed.size()),
                 sizeText(missing).c_str(), options.folder.c_str());
  });
  QObject::connect(&download, &ModelDownload::progress, [&](const DownloadProgress& p) { printer.show(p); });
  QObject::connect(&download, &ModelDownload::fileDone,
                   [&](const HubFile& file, bool alreadyThere) { printer.fileDone(file, alreadyThere); });
  QObject::connect(&download, &ModelDownload::failed, [&](const QString& message) {
    printer.endLine();
    std::fprintf(stderr, "cosystudio-cli model download: %s\n", message.toUtf8().constData());
    app.exit(1);
  });
  QObject::connect(&download, &ModelDownload::warning, [&](const QString& message) {
    printer.endLine();
    std::fprintf(stderr, "cosystudio-cli model download: warning: %s\n", message.toUtf8().constData());
  });
  QObject::connect(&download, &ModelDownload::finished, [&] { app.exit(0); });
  // In the event loop: a download refused at once (plain http) ends it, which
  // an exit before exec() would not.
  QTimer::singleShot(0, &download, &ModelDownload::start);
  if (app.exec() != 0) return 1;
  if (options.recognizer) return checkRecognizer(options, *hub, files, download, clock.elapsed() / 1000.0);

  const auto problems = checkModelFolder(options.folder);
  for (const auto& problem : problems)
    std::fprintf(stderr, "%s: %s\n", problem.file.c_str(), problem.message.c_str());
  if (options.json) std::printf("%s\n", summary(options, *hub, files, download, clock.elapsed() / 1000.0).dump(2).c_str());
  if (!problems.empty()) return 1;
  std::fprintf(stderr, "%s: complete Fun-CosyVoice3 model folder\n", options.folder.c_str());
  return 0;
}

const Registration registration([](CLI::App& app) -> Run {
  auto* model = app.add_subcommand("model", "Download the speech model, or the recogniser (--recognizer)");
  model->require_subcommand(1);
  auto* download = model->add_subcommand(
      "download", "Download the model files the engine reads, resumably, each checked against the hub's hash");
  auto options = std::make_shared<DownloadOptions>();
  download->add_option("--source", options->source,
                       "hf (Hugging Face, or the HF_ENDPOINT mirror), modelscope, or a Hugging Face mirror's URL")
      ->capture_default_str();
  download->add_flag("--recognizer", options->recognizer,
                     "Download the recogniser (SenseVoice-Small, about 900 MB) instead of the speech model; DIR "
                     "defaults to where transcribe and the checks look for it");
  download->add_option("--repo", options->repo,
                       std::string("The model's repository (default: ") + services::kModelRepo + "; with --recognizer " +
                           services::kRecognizerRepo + ", on ModelScope " + services::kRecognizerModelScopeRepo + ")");
  download->add_flag("--allow-unverified", options->allowed.unverifiedFiles,
                     "Accept files the hub publishes no hash for (some ModelScope listings): downloaded "
                     "unverified and named in a warning, instead of refused");
  download->add_flag("--allow-http", options->allowed.plainHttp,
                     "Accept a plain-http source (an http:// URL or HF_ENDPOINT), with a warning: its files and "
                     "their hashes come unencrypted from one server, so whoever is on the way can change both");
  download->add_flag("--json", options->json, "Print a summary as JSON on stdout");
  download->add_option("dir", options->folder,
                       "Folder to download into (created if needed); with --recognizer it defaults to " +
                           defaultRecognizerFolder().string());
  return {model, [options] { return downloadModel(*options); }};
});

}  // namespace
}  // namespace cosystudio::cli
