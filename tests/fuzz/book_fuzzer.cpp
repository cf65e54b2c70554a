// Books: any bytes as an EPUB (libzip's container, the package, navigation and
// XHTML pages through QXmlStreamReader), as Markdown and as plain text. A book
// that cannot be read is refused with BookError; what is read has no blank chapter.
// And as a book's folder manifest (book.json): refused with a reason, or every
// field the book's folder reads has its type; and as the record of a
// paragraph kept while a chapter is made (chapter_lines.h), under the key it
// holds: refused, or a segment count for each segment.
#include "fuzz_support.h"

#include "services/book/book_folder.h"
#include "services/book/book_import.h"
#include "services/book/chapter_lines.h"

#include <cstdlib>

namespace {

void requireNoBlankChapter(const cosystudio::services::Book& book) {
  for (const auto& chapter : book.chapters)
    if (chapter.text.trimmed().isEmpty()) std::abort();
}

template <typename Import>
void importOrRefuse(Import import) {
  try {
    requireNoBlankChapter(import());
  } catch (const cosystudio::services::BookError&) {
    // Refused, naming the file: what a damaged book should get.
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
  const QString name = QStringLiteral("fuzz");
  importOrRefuse([&] { return cosystudio::services::bookFromEpub(bytes, name); });
  const QString text = QString::fromUtf8(bytes);
  importOrRefuse([&] { return cosystudio::services::bookFromMarkdown(text, name); });
  importOrRefuse([&] { return cosystudio::services::bookFromPlainText(text, name); });

  std::string problem;
  const auto manifest = cosystudio::services::BookFolder::readManifest(std::string(bytes.constData(), size), &problem);
  if (!manifest && problem.empty()) std::abort();
  if (manifest) {
    for (const auto& entry : manifest->at("chapters")) {  // what BookFolder reads; a wrong type would throw
      entry.value("number", 0);
      entry.value("file", std::string());
      entry.value("text_sha256", std::string());
      entry.value("render_key", std::string());
      entry.value("seconds", 0.0);
    }
    manifest->value("seed", uint64_t(0));
  }

  const std::string record(bytes.constData(), size);
  const auto parsed = nlohmann::json::parse(record, nullptr, /*allow_exceptions=*/false);
  const std::string key = parsed.is_object() && parsed.contains("key") && parsed["key"].is_string()
                              ? parsed["key"].get<std::string>()
                              : std::string("key");
  if (const auto line = cosystudio::services::readKeptRecord(record, key))
    if (line->frames.size() != line->result.segments.size()) std::abort();
  return 0;
}
