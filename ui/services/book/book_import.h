// Books into chapters of plain text: an EPUB by its table of contents, a
// Markdown file at its headings, a plain text file at its chapter lines
// ("第一章 …", "Chapter 1 …"). Each chapter becomes a script of its own.
//
// An EPUB is a zip (read with libzip) of XHTML documents (read with
// QXmlStreamReader): META-INF/container.xml names the package document, whose
// spine gives the reading order and whose navigation document (EPUB 3) or NCX
// (EPUB 2) gives the chapters. Markup is dropped; block elements end paragraphs.
#pragma once

#include <QByteArray>
#include <QString>
#include <QVector>

#include <stdexcept>

namespace cosystudio::services {

// The most a book is read from: a text or Markdown file's bytes, or all the
// documents of an EPUB once unpacked (a page its spine lists twice counts
// twice). The longest novels hold a few million characters and a
// ten-million-character web novel is 30 MB of UTF-8, so no real book comes
// near it; a zip bomb, or one small page listed thousands of times, does.
constexpr qint64 kMaxBookBytes = qint64(64) << 20;

struct BookChapter {
  QString title;
  QString text;  // paragraphs separated by blank lines
};

struct Book {
  QString title;
  QVector<BookChapter> chapters;  // none blank
};

// What cannot be read, in the user's language, naming the file.
struct BookError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// By the file's suffix: .epub, .md/.markdown, anything else as UTF-8 text.
Book importBook(const QString& path);
// Whether `path` names a book by its suffix (.epub, .md, .markdown), as a file dropped on the window is told apart.
bool isBookFile(const QString& path);

// `name` titles a book that names no title of its own, and appears in errors.
Book bookFromEpub(const QByteArray& zip, const QString& name);
Book bookFromMarkdown(const QString& text, const QString& name);
Book bookFromPlainText(const QString& text, const QString& name);

}  // namespace cosystudio::services
