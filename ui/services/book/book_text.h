// What the readers of book_import.h share: the EPUB reader (epub_import.cpp)
// and the Markdown and plain text ones (book_import.cpp) find chapters and
// paragraphs the same way, hear whitespace the same way, know the same HTML
// characters and say what fails in the same translation context.
#pragma once

#include "services/book/book_import.h"

#include <QCoreApplication>
#include <QString>
#include <QVector>

#include <utility>

namespace cosystudio::services {

// The context of the book readers' messages, for lupdate and translate() alike.
struct BookImport {
  Q_DECLARE_TR_FUNCTIONS(BookImport)
};

// Whitespace runs as one space, none where a line break falls between two
// Chinese characters (there it breaks a line, not words).
QString collapsedSpace(const QString& text);

// HTML's named characters that pages use without declaring them; nothing for
// one not known.
QString htmlCharacter(const QString& name);

// Chapters as they are found: paragraphs go to the chapter begun last; text
// before the first chapter goes to one titled `frontTitle`.
class ChapterBuilder {
 public:
  explicit ChapterBuilder(QString frontTitle) { chapters_.append({std::move(frontTitle), {}}); }
  void startChapter(const QString& title) { chapters_.append({collapsedSpace(title), {}}); }
  void addParagraph(const QString& text) {
    const QString paragraph = collapsedSpace(text);
    if (paragraph.isEmpty()) return;
    QString& body = chapters_.last().text;
    if (!body.isEmpty()) body += QStringLiteral("\n\n");
    body += paragraph;
  }
  QVector<BookChapter> chapters() const {
    QVector<BookChapter> kept;
    for (const BookChapter& chapter : chapters_)
      if (!chapter.text.isEmpty()) kept.append(chapter);
    return kept;
  }

 private:
  QVector<BookChapter> chapters_;
};

// The book of the chapters built; throws naming `name` when none holds text.
Book finishedBook(QString title, const ChapterBuilder& builder, const QString& name);

}  // namespace cosystudio::services
