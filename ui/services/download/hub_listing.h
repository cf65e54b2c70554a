// The two hubs the model comes from (Hugging Face and its mirrors, ModelScope):
// their URL layouts, their file listings with the hash each publishes per
// file, and which listed files the engine reads. Qt Core only.
#pragma once

#include <QCryptographicHash>
#include <QList>
#include <QString>
#include <QUrl>

#include <optional>

namespace cosystudio::services {

inline constexpr char kModelRepo[] = "FunAudioLLM/Fun-CosyVoice3-0.5B-2512";
// The recogniser, SenseVoice-Small: its Hugging Face and ModelScope names differ.
inline constexpr char kRecognizerRepo[] = "FunAudioLLM/SenseVoiceSmall";
inline constexpr char kRecognizerModelScopeRepo[] = "iic/SenseVoiceSmall";

// Which model a download fetches.
enum class ModelKind { Speech, Recognizer };
inline constexpr char kHuggingFaceEndpoint[] = "https://huggingface.co";
inline constexpr char kModelScopeEndpoint[] = "https://www.modelscope.cn";

struct Hub {
  enum class Layout { HuggingFace, ModelScope };
  Layout layout = Layout::HuggingFace;
  QUrl endpoint;
  QString repo;

  // "hf" (the HF_ENDPOINT environment variable, else huggingface.co),
  // "modelscope", or the URL of a Hugging Face endpoint or mirror; nullopt
  // with `error` set for anything else.
  static std::optional<Hub> fromSource(const QString& source, const QString& repo, QString* error);

  // The first page of the recursive file listing of the main branch.
  QUrl listingUrl() const;
  QUrl fileUrl(const QString& path) const;
};

// A file as the hub lists it, with the hash the hub publishes for it.
struct HubFile {
  QString path;  // relative to the repository, '/' between parts
  qint64 size = 0;
  QCryptographicHash::Algorithm algorithm = QCryptographicHash::Sha256;
  // Hugging Face publishes only Git's blob SHA-1 for files outside LFS: the
  // SHA-1 of "blob <size>\0" followed by the content.
  bool gitBlob = false;
  QByteArray hash;  // lower-case hex; empty when the hub publishes none

  QString hashName() const { return gitBlob ? QStringLiteral("Git SHA-1") : QStringLiteral("SHA-256"); }
};

// One page of a listing in `layout`'s format: its files (folders left out),
// or nullopt with `error` set.
std::optional<QList<HubFile>> parseListing(Hub::Layout layout, const QByteArray& json, QString* error);
// Hugging Face's next listing page from a `Link: <url>; rel="next"` header, or an empty URL.
QUrl nextListingPage(const QByteArray& linkHeader);
// The listed files the engine reads (cosystudio/model_folder.h): every
// required file and whichever language-model checkpoints the repository has;
// nullopt with `error` naming what the repository lacks.
std::optional<QList<HubFile>> filesTheEngineReads(const QList<HubFile>& listing, QString* error);
// The listed files the recogniser reads (cosystudio/recognizer.h), its
// configuration.json included where listed.
std::optional<QList<HubFile>> filesTheRecognizerReads(const QList<HubFile>& listing, QString* error);
// The files of `kind` to fetch from `listing`.
std::optional<QList<HubFile>> filesToFetch(ModelKind kind, const QList<HubFile>& listing, QString* error);
// The repository of `kind` on the hub that `source` names ("modelscope" or
// any Hugging Face one).
QString defaultRepo(ModelKind kind, const QString& source);

}  // namespace cosystudio::services
