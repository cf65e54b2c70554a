// bookFromEpub (book_import.h): the EPUB reader, from the zip's container to
// the XHTML pages its spine lists, cut where its table of contents says.
#include "services/book/book_import.h"

#include "services/book/book_text.h"

#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QUrl>
#include <QXmlStreamReader>

#include <zip.h>

#include <memory>
#include <set>

namespace cosystudio::services {

namespace {

class EpubArchive {
 public:
  EpubArchive(const QByteArray& bytes, const QString& name) : bytes_(bytes), name_(name) {
    zip_error_t error;
    zip_error_init(&error);
    zip_source_t* source = zip_source_buffer_create(bytes_.constData(), zip_uint64_t(bytes_.size()), 0, &error);
    if (source) zip_ = zip_open_from_source(source, ZIP_RDONLY, &error);
    if (!zip_) {
      if (source) zip_source_free(source);
      const QString why = QString::fromUtf8(zip_error_strerror(&error));
      zip_error_fini(&error);
      throw BookError(BookImport::tr("%1 is not an EPUB book: %2").arg(name_, why).toStdString());
    }
    zip_error_fini(&error);
  }
  ~EpubArchive() { zip_discard(zip_); }
  EpubArchive(const EpubArchive&) = delete;
  EpubArchive& operator=(const EpubArchive&) = delete;

  const QString& name() const { return name_; }

  // The whole entry; throws naming it when it is missing or damaged, and
  // naming the book when the entries read would come to more than
  // kMaxBookBytes: checked before unpacking, since the size the zip gives is
  // all that is read.
  QByteArray read(const QString& path) {
    const QByteArray entry = path.toUtf8();
    zip_stat_t stat;
    zip_stat_init(&stat);
    if (zip_stat(zip_, entry.constData(), 0, &stat) != 0 || !(stat.valid & ZIP_STAT_SIZE))
      throw BookError(BookImport::tr("%1 lacks %2, which the book names.").arg(name_, path).toStdString());
    if (stat.size > zip_uint64_t(kMaxBookBytes) - unpacked_)
      throw BookError(BookImport::tr("%1 is too large for a book: its pages come to more than %2 MB once unpacked.")
                          .arg(name_)
                          .arg(kMaxBookBytes >> 20)
                          .toStdString());
    unpacked_ += stat.size;
    QByteArray data(qsizetype(stat.size), Qt::Uninitialized);
    std::unique_ptr<zip_file_t, int (*)(zip_file_t*)> file(zip_fopen(zip_, entry.constData(), 0), zip_fclose);
    const zip_int64_t read = file ? zip_fread(file.get(), data.data(), stat.size) : -1;
    if (read != zip_int64_t(stat.size))
      throw BookError(BookImport::tr("%1: %2 is damaged: %3")
                          .arg(name_, path, QString::fromUtf8(zip_strerror(zip_)))
                          .toStdString());
    return data;
  }

 private:
  QByteArray bytes_;  // the source reads from it until the archive is closed
  QString name_;
  zip_t* zip_ = nullptr;
  zip_uint64_t unpacked_ = 0;  // the sizes of the entries read so far
};

// XHTML pages that use HTML's names undeclared: read as the characters (a space for one not known).
class HtmlEntities : public QXmlStreamEntityResolver {
 public:
  QString resolveUndeclaredEntity(const QString& name) override {
    const QString character = htmlCharacter(name);
    return character.isEmpty() ? QStringLiteral(" ") : character;
  }
};

// A path inside the archive, `href` taken relative to the document at `from`.
QString resolved(const QString& from, const QString& href) {
  const QString folder = QFileInfo(from).path();
  const QString path = QUrl::fromPercentEncoding(href.toUtf8());
  return QDir::cleanPath(folder == QLatin1String(".") ? path : folder + u'/' + path);
}

[[noreturn]] void refuseXml(const EpubArchive& epub, const QString& path, const QXmlStreamReader& xml) {
  throw BookError(BookImport::tr("%1: %2 cannot be read (line %3): %4")
                      .arg(epub.name(), path)
                      .arg(xml.lineNumber())
                      .arg(xml.errorString())
                      .toStdString());
}

// Reads `path` as XML, calling `onStart` at each element and `onText` with its
// text; throws naming the document and line when it is not well-formed.
template <typename OnStart, typename OnEnd, typename OnText>
void walkXml(EpubArchive& epub, const QString& path, OnStart onStart, OnEnd onEnd, OnText onText) {
  const QByteArray bytes = epub.read(path);
  QXmlStreamReader xml(bytes);
  HtmlEntities entities;
  xml.setEntityResolver(&entities);
  while (!xml.atEnd()) {
    switch (xml.readNext()) {
      case QXmlStreamReader::StartElement: onStart(xml); break;
      case QXmlStreamReader::EndElement: onEnd(xml); break;
      case QXmlStreamReader::Characters: onText(xml.text()); break;
      default: break;
    }
  }
  if (xml.hasError()) refuseXml(epub, path, xml);
}

QString attribute(const QXmlStreamReader& xml, const char* name) {
  return xml.attributes().value(QLatin1String(name)).toString();
}

struct TocEntry {
  QString file;
  QString fragment;
  QString title;
};

struct Package {
  QString title;
  QStringList spine;  // paths in the archive, in reading order
  QString navigation;  // EPUB 3 navigation document, or empty
  QString ncx;         // EPUB 2 table of contents, or empty
};

Package readPackage(EpubArchive& epub) {
  QString packagePath;
  walkXml(
      epub, QStringLiteral("META-INF/container.xml"),
      [&](const QXmlStreamReader& xml) {
        if (xml.name() == QLatin1String("rootfile") && packagePath.isEmpty())
          packagePath = attribute(xml, "full-path");
      },
      [](const QXmlStreamReader&) {}, [](QStringView) {});
  if (packagePath.isEmpty())
    throw BookError(BookImport::tr("%1: META-INF/container.xml names no package document.").arg(epub.name()).toStdString());

  Package package;
  QHash<QString, QString> manifest;  // id → path
  QStringList spineIds;
  QString tocId;
  bool inTitle = false;
  walkXml(
      epub, packagePath,
      [&](const QXmlStreamReader& xml) {
        const QStringView name = xml.name();
        if (name == QLatin1String("title") && package.title.isEmpty()) inTitle = true;
        if (name == QLatin1String("item")) {
          const QString path = resolved(packagePath, attribute(xml, "href"));
          manifest.insert(attribute(xml, "id"), path);
          if (attribute(xml, "properties").split(u' ').contains(QLatin1String("nav"))) package.navigation = path;
        }
        if (name == QLatin1String("spine")) tocId = attribute(xml, "toc");
        if (name == QLatin1String("itemref")) spineIds.append(attribute(xml, "idref"));
      },
      [&](const QXmlStreamReader&) { inTitle = false; },
      [&](QStringView text) {
        if (inTitle) package.title += text;
      });
  for (const QString& id : spineIds)
    if (manifest.contains(id)) package.spine.append(manifest.value(id));
  if (package.spine.isEmpty())
    throw BookError(BookImport::tr("%1: its package document lists no pages to read.").arg(epub.name()).toStdString());
  package.ncx = manifest.value(tocId);
  package.title = collapsedSpace(package.title);
  return package;
}

// The chapters the book's own table of contents lists, in its order.
QVector<TocEntry> readToc(EpubArchive& epub, const Package& package) {
  QVector<TocEntry> toc;
  const auto target = [&toc](const QString& document, const QString& href) {
    const qsizetype hash = href.indexOf(u'#');
    toc.append({resolved(document, href.left(hash)), hash < 0 ? QString() : href.mid(hash + 1), {}});
  };
  if (!package.navigation.isEmpty()) {
    // EPUB 3: the links of <nav epub:type="toc">, those of its outer list
    // only (the inner lists are sections of a chapter).
    bool inToc = false;
    int depth = 0, lists = 0, linkDepth = 0;
    walkXml(
        epub, package.navigation,
        [&](const QXmlStreamReader& xml) {
          if (!inToc) {
            inToc = xml.name() == QLatin1String("nav") &&
                    xml.attributes().value(QLatin1String("http://www.idpf.org/2007/ops"), QLatin1String("type")) ==
                        QLatin1String("toc");
            return;
          }
          ++depth;
          if (xml.name() == QLatin1String("ol")) ++lists;
          if (xml.name() == QLatin1String("a") && lists == 1 && !attribute(xml, "href").isEmpty()) {
            target(package.navigation, attribute(xml, "href"));
            linkDepth = depth;
          }
        },
        [&](const QXmlStreamReader& xml) {
          if (!inToc) return;
          if (depth == 0) {
            inToc = false;  // the end of the nav
            return;
          }
          if (linkDepth == depth) linkDepth = 0;
          if (xml.name() == QLatin1String("ol")) --lists;
          --depth;
        },
        [&](QStringView text) {
          if (linkDepth > 0) toc.last().title += text;
        });
  } else if (!package.ncx.isEmpty()) {
    // EPUB 2: each outer navPoint's label, then its content.
    QString label;
    int points = 0;
    bool inLabel = false;
    walkXml(
        epub, package.ncx,
        [&](const QXmlStreamReader& xml) {
          if (xml.name() == QLatin1String("navPoint")) ++points;
          if (xml.name() == QLatin1String("navLabel") && points == 1) {
            inLabel = true;
            label.clear();
          }
          if (xml.name() == QLatin1String("content") && points == 1) {
            target(package.ncx, attribute(xml, "src"));
            toc.last().title = label;
          }
        },
        [&](const QXmlStreamReader& xml) {
          if (xml.name() == QLatin1String("navPoint")) --points;
          if (xml.name() == QLatin1String("navLabel")) inLabel = false;
        },
        [&](QStringView text) {
          if (inLabel) label += text;
        });
  }
  return toc;
}

bool isBlockElement(QStringView name) {
  static const std::set<QString> kBlocks{
      QStringLiteral("p"),       QStringLiteral("div"),     QStringLiteral("h1"),      QStringLiteral("h2"),
      QStringLiteral("h3"),      QStringLiteral("h4"),      QStringLiteral("h5"),      QStringLiteral("h6"),
      QStringLiteral("li"),      QStringLiteral("blockquote"), QStringLiteral("section"), QStringLiteral("article"),
      QStringLiteral("tr"),      QStringLiteral("br"),      QStringLiteral("dt"),      QStringLiteral("dd"),
      QStringLiteral("pre"),     QStringLiteral("figcaption"), QStringLiteral("body"),  QStringLiteral("hr")};
  return kBlocks.count(name.toString()) > 0;
}

bool isUnspoken(QStringView name) {
  return name == QLatin1String("head") || name == QLatin1String("script") || name == QLatin1String("style") ||
         name == QLatin1String("rt");  // ruby annotations repeat the reading of the text they annotate
}

}  // namespace

Book bookFromEpub(const QByteArray& zip, const QString& name) {
  EpubArchive epub(zip, name);
  const Package package = readPackage(epub);
  const QVector<TocEntry> toc = readToc(epub, package);
  // Where each chapter begins: its document and fragment (empty for the
  // document's start). The first entry for a place wins.
  QHash<std::pair<QString, QString>, const TocEntry*> starts;
  for (const TocEntry& entry : toc)
    if (!starts.contains({entry.file, entry.fragment})) starts.insert({entry.file, entry.fragment}, &entry);
  const QString title = package.title.isEmpty() ? name : package.title;
  ChapterBuilder builder(title);
  int untitled = 0;
  for (const QString& page : package.spine) {
    const auto startsChapter = [&](const QString& fragment) { return starts.value({page, fragment}); };
    if (const TocEntry* entry = startsChapter({}))
      builder.startChapter(entry->title);
    else if (toc.isEmpty())
      builder.startChapter(BookImport::tr("Part %1").arg(++untitled));
    QString paragraph;
    int unspoken = 0;
    walkXml(
        epub, page,
        [&](const QXmlStreamReader& xml) {
          if (unspoken > 0 || isUnspoken(xml.name())) {
            ++unspoken;
            return;
          }
          const QString id = attribute(xml, "id");
          const TocEntry* entry = id.isEmpty() ? nullptr : startsChapter(id);
          if (entry || isBlockElement(xml.name())) {
            builder.addParagraph(paragraph);
            paragraph.clear();
          }
          if (entry) builder.startChapter(entry->title);
        },
        [&](const QXmlStreamReader& xml) {
          if (unspoken > 0) {
            --unspoken;
            return;
          }
          if (isBlockElement(xml.name())) {
            builder.addParagraph(paragraph);
            paragraph.clear();
          }
        },
        [&](QStringView text) {
          if (unspoken == 0) paragraph += text;
        });
    builder.addParagraph(paragraph);
  }
  return finishedBook(title, builder, name);
}

}  // namespace cosystudio::services
