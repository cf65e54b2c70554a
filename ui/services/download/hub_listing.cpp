#include "services/download/hub_listing.h"

#include "cosystudio/model_folder.h"
#include "cosystudio/recognizer.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QUrlQuery>

namespace cosystudio::services {
namespace {

// The translation context of the listing's messages.
struct HubListing {
  Q_DECLARE_TR_FUNCTIONS(HubListing)
};

// `endpoint` with `path` appended to its own path (a mirror may live under one).
QUrl under(const QUrl& endpoint, const QString& path, const QUrlQuery& query = {}) {
  QUrl url = endpoint;
  QString base = endpoint.path();
  while (base.endsWith(QLatin1Char('/'))) base.chop(1);
  url.setPath(base + path);
  url.setQuery(query);
  return url;
}

QList<HubFile> huggingFaceFiles(const QJsonArray& entries) {
  QList<HubFile> files;
  for (const QJsonValue& value : entries) {
    const QJsonObject entry = value.toObject();
    if (entry.value(QLatin1String("type")).toString() != QLatin1String("file")) continue;
    HubFile file;
    file.path = entry.value(QLatin1String("path")).toString();
    file.size = entry.value(QLatin1String("size")).toInteger();
    const QJsonObject lfs = entry.value(QLatin1String("lfs")).toObject();
    if (lfs.isEmpty()) {
      file.algorithm = QCryptographicHash::Sha1;
      file.gitBlob = true;
      file.hash = entry.value(QLatin1String("oid")).toString().toLatin1().toLower();
    } else {
      file.hash = lfs.value(QLatin1String("oid")).toString().toLatin1().toLower();
    }
    files.append(file);
  }
  return files;
}

QList<HubFile> modelScopeFiles(const QJsonArray& entries) {
  QList<HubFile> files;
  for (const QJsonValue& value : entries) {
    const QJsonObject entry = value.toObject();
    if (entry.value(QLatin1String("Type")).toString() != QLatin1String("blob")) continue;
    HubFile file;
    file.path = entry.value(QLatin1String("Path")).toString();
    file.size = entry.value(QLatin1String("Size")).toInteger();
    file.hash = entry.value(QLatin1String("Sha256")).toString().toLatin1().toLower();
    files.append(file);
  }
  return files;
}

const HubFile* findFile(const QList<HubFile>& listing, const QString& path) {
  for (const HubFile& file : listing)
    if (file.path == path) return &file;
  return nullptr;
}

}  // namespace

std::optional<Hub> Hub::fromSource(const QString& source, const QString& repo, QString* error) {
  if (repo.count(QLatin1Char('/')) != 1 || repo.startsWith(QLatin1Char('/')) || repo.endsWith(QLatin1Char('/'))) {
    *error = HubListing::tr("The repository must be given as owner/name, not “%1”").arg(repo);
    return std::nullopt;
  }
  if (source == QLatin1String("modelscope"))
    return Hub{Layout::ModelScope, QUrl(QString::fromLatin1(kModelScopeEndpoint)), repo};
  if (source == QLatin1String("hf")) {
    const QString endpoint = qEnvironmentVariable("HF_ENDPOINT", QString::fromLatin1(kHuggingFaceEndpoint));
    return fromSource(endpoint, repo, error);
  }
  const QUrl url(source, QUrl::StrictMode);
  if (!url.isValid() || url.host().isEmpty() ||
      (url.scheme() != QLatin1String("https") && url.scheme() != QLatin1String("http"))) {
    *error = HubListing::tr("“%1” is not hf, modelscope or the http(s) URL of a Hugging Face mirror").arg(source);
    return std::nullopt;
  }
  return Hub{Layout::HuggingFace, url, repo};
}

QUrl Hub::listingUrl() const {
  QUrlQuery query;
  if (layout == Layout::HuggingFace) {
    query.addQueryItem(QStringLiteral("recursive"), QStringLiteral("true"));
    return under(endpoint, QStringLiteral("/api/models/%1/tree/main").arg(repo), query);
  }
  query.addQueryItem(QStringLiteral("Revision"), QStringLiteral("master"));
  query.addQueryItem(QStringLiteral("Recursive"), QStringLiteral("true"));
  return under(endpoint, QStringLiteral("/api/v1/models/%1/repo/files").arg(repo), query);
}

QUrl Hub::fileUrl(const QString& path) const {
  if (layout == Layout::HuggingFace) return under(endpoint, QStringLiteral("/%1/resolve/main/%2").arg(repo, path));
  QUrlQuery query;
  query.addQueryItem(QStringLiteral("Revision"), QStringLiteral("master"));
  query.addQueryItem(QStringLiteral("FilePath"), QString::fromLatin1(QUrl::toPercentEncoding(path, "/")));
  return under(endpoint, QStringLiteral("/api/v1/models/%1/repo").arg(repo), query);
}

std::optional<QList<HubFile>> parseListing(Hub::Layout layout, const QByteArray& json, QString* error) {
  QJsonParseError parseError;
  const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
  if (parseError.error != QJsonParseError::NoError) {
    *error = HubListing::tr("The hub's file list is not JSON: %1").arg(parseError.errorString());
    return std::nullopt;
  }
  if (layout == Hub::Layout::HuggingFace) {
    if (!document.isArray()) {
      *error = HubListing::tr("The hub's file list is not a list of files");
      return std::nullopt;
    }
    return huggingFaceFiles(document.array());
  }
  const QJsonObject answer = document.object();
  if (answer.value(QLatin1String("Code")).toInt() != 200) {
    *error = HubListing::tr("ModelScope refused the file list: %1").arg(answer.value(QLatin1String("Message")).toString());
    return std::nullopt;
  }
  return modelScopeFiles(answer.value(QLatin1String("Data")).toObject().value(QLatin1String("Files")).toArray());
}

QUrl nextListingPage(const QByteArray& linkHeader) {
  static const QRegularExpression next(QStringLiteral(R"(<([^>]+)>\s*;\s*rel="?next"?)"));
  const QRegularExpressionMatch match = next.match(QString::fromLatin1(linkHeader));
  return match.hasMatch() ? QUrl(match.captured(1)) : QUrl();
}

std::optional<QList<HubFile>> filesTheEngineReads(const QList<HubFile>& listing, QString* error) {
  QList<HubFile> chosen;
  QStringList missing;
  for (const std::string& required : requiredModelFiles()) {
    const QString path = QString::fromStdString(required);
    if (const HubFile* file = findFile(listing, path))
      chosen.append(*file);
    else
      missing.append(path);
  }
  bool anyCheckpoint = false;
  for (const char* checkpoint : {kRlCheckpoint, kBaseCheckpoint}) {
    if (const HubFile* file = findFile(listing, QString::fromLatin1(checkpoint))) {
      chosen.append(*file);
      anyCheckpoint = true;
    }
  }
  if (!anyCheckpoint) missing.append(QStringLiteral("%1 / %2").arg(kRlCheckpoint, kBaseCheckpoint));
  if (!missing.isEmpty()) {
    *error = HubListing::tr("The repository has no %1: is it a Fun-CosyVoice3-0.5B-2512 model?").arg(missing.join(QStringLiteral(", ")));
    return std::nullopt;
  }
  return chosen;
}

std::optional<QList<HubFile>> filesTheRecognizerReads(const QList<HubFile>& listing, QString* error) {
  QList<HubFile> chosen;
  QStringList missing;
  for (const std::string& required : requiredRecognizerFiles()) {
    const QString path = QString::fromStdString(required);
    if (const HubFile* file = findFile(listing, path))
      chosen.append(*file);
    else
      missing.append(path);
  }
  if (!missing.isEmpty()) {
    *error = HubListing::tr("The repository has no %1: is it SenseVoiceSmall?").arg(missing.join(QStringLiteral(", ")));
    return std::nullopt;
  }
  if (const HubFile* file = findFile(listing, QString::fromLatin1(kRecognizerOptionalFile))) chosen.append(*file);
  return chosen;
}

std::optional<QList<HubFile>> filesToFetch(ModelKind kind, const QList<HubFile>& listing, QString* error) {
  return kind == ModelKind::Recognizer ? filesTheRecognizerReads(listing, error) : filesTheEngineReads(listing, error);
}

QString defaultRepo(ModelKind kind, const QString& source) {
  if (kind == ModelKind::Speech) return QString::fromLatin1(kModelRepo);
  return QString::fromLatin1(source == QLatin1String("modelscope") ? kRecognizerModelScopeRepo : kRecognizerRepo);
}

}  // namespace cosystudio::services
