#include "services/book/book_import.h"

#include "services/book/book_text.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>

namespace cosystudio::services {

namespace {

struct Heading {
  int line = 0;
  int level = 0;
  QString title;
};

// Markdown's inline markup dropped: what is left is what a reader says.
QString markdownText(QString line) {
  static const QRegularExpression image(QStringLiteral(R"(!\[[^\]]*\]\([^)]*\))"));
  static const QRegularExpression link(QStringLiteral(R"(\[([^\]]*)\]\([^)]*\))"));
  static const QRegularExpression tag(QStringLiteral(R"(<[^>]+>)"));
  static const QRegularExpression marker(QStringLiteral(R"(\*\*|__|[*`~])"));
  static const QRegularExpression listOrQuote(QStringLiteral(R"(^\s*(?:>\s?)*(?:[-+]\s+|\d+[.)]\s+)?)"));
  static const QRegularExpression entity(QStringLiteral(R"(&([a-z]+);)"));
  line.remove(image).replace(link, QStringLiteral("\\1")).remove(tag);
  line.remove(listOrQuote).remove(marker);
  // HTML's named characters, which Markdown passes through (numeric ones are rare in prose).
  QString out;
  qsizetype last = 0;
  for (auto match = entity.globalMatch(line); match.hasNext();) {
    const auto m = match.next();
    const QString character = htmlCharacter(m.captured(1));
    out += line.mid(last, m.capturedStart() - last) + (character.isEmpty() ? m.captured() : character);
    last = m.capturedEnd();
  }
  return out + line.mid(last);
}

}  // namespace

Book bookFromMarkdown(const QString& text, const QString& name) {
  static const QRegularExpression atx(QStringLiteral(R"(^(#{1,6})\s+(.*?)\s*#*\s*$)"));
  static const QRegularExpression setext1(QStringLiteral(R"(^=+\s*$)"));
  static const QRegularExpression setext2(QStringLiteral(R"(^-+\s*$)"));
  static const QRegularExpression rule(QStringLiteral(R"(^\s*(?:[-*_]\s*){3,}$)"));
  static const QRegularExpression fence(QStringLiteral(R"(^\s*(```|~~~))"));
  const QStringList lines = text.split(u'\n');

  // Headings first: the chapters are the shallowest level but a lone title above them.
  QVector<Heading> headings;
  QVector<bool> skipped(lines.size(), false);  // code, rules and setext underlines
  bool inCode = false;
  QString title = name;
  int first = 0;
  // A YAML header between "---" lines (pandoc's, Jekyll's) holds metadata, not text.
  if (!lines.isEmpty() && lines[0].trimmed() == QLatin1String("---")) {
    static const QRegularExpression titleField(QStringLiteral(R"(^title:\s*["']?(.*?)["']?\s*$)"));
    for (first = 1; first < lines.size(); ++first) {
      const QString line = lines[first].trimmed();
      if (line == QLatin1String("---") || line == QLatin1String("...")) break;
      if (const auto m = titleField.match(line); m.hasMatch()) title = m.captured(1);
    }
    for (int i = 0; i <= first && i < lines.size(); ++i) skipped[i] = true;
    first += 1;
  }
  for (int i = first; i < lines.size(); ++i) {
    const QString line = lines[i].trimmed();
    if (fence.match(line).hasMatch()) inCode = !inCode, skipped[i] = true;
    if (inCode || skipped[i]) {
      skipped[i] = true;
      continue;
    }
    if (const auto m = atx.match(line); m.hasMatch()) {
      headings.append({i, int(m.capturedLength(1)), markdownText(m.captured(2))});
    } else if (i + 1 < lines.size() && !line.isEmpty() && (setext1.match(lines[i + 1]).hasMatch() ||
                                                            setext2.match(lines[i + 1]).hasMatch())) {
      headings.append({i, setext1.match(lines[i + 1]).hasMatch() ? 1 : 2, markdownText(line)});
      skipped[++i] = true;
    } else if (rule.match(line).hasMatch()) {
      skipped[i] = true;
    }
  }
  int chapterLevel = 7;
  for (const Heading& h : headings) chapterLevel = std::min(chapterLevel, h.level);
  const auto countAt = [&](int level) {
    return std::count_if(headings.begin(), headings.end(), [&](const Heading& h) { return h.level == level; });
  };
  int titleLine = -1;
  if (countAt(chapterLevel) == 1 && int(headings.size()) > 1) {
    const auto top = std::find_if(headings.begin(), headings.end(), [&](const Heading& h) { return h.level == chapterLevel; });
    title = top->title;
    titleLine = top->line;
    int next = 7;
    for (const Heading& h : headings)
      if (h.level > chapterLevel) next = std::min(next, h.level);
    chapterLevel = next;
  }

  ChapterBuilder builder(title);
  QString paragraph;
  const auto endParagraph = [&] {
    builder.addParagraph(paragraph);
    paragraph.clear();
  };
  auto heading = headings.begin();
  for (int i = 0; i < lines.size(); ++i) {
    if (heading != headings.end() && heading->line == i) {
      endParagraph();
      if (heading->level == chapterLevel) {
        builder.startChapter(heading->title);
        builder.addParagraph(heading->title);  // read aloud, as a book's page shows it
      } else if (i != titleLine) {
        builder.addParagraph(heading->title);  // a section heading inside a chapter is read
      }
      ++heading;
      continue;
    }
    if (skipped[i]) continue;
    const QString line = markdownText(lines[i]).trimmed();
    if (line.isEmpty()) {
      endParagraph();
    } else {
      paragraph += u'\n' + line;
    }
  }
  endParagraph();
  return finishedBook(title, builder, name);
}

Book bookFromPlainText(const QString& text, const QString& name) {
  // A short line that names a chapter as books do: "第三章 …", "第12回", "Chapter 4: …".
  static const QRegularExpression chapterLine(
      QStringLiteral(R"(^(?:第\s*[0-9零〇一二三四五六七八九十百千两]+\s*[章回节卷部篇]|(?:chapter|CHAPTER|Chapter)\s+\w+).{0,40}$)"));
  ChapterBuilder builder(name);
  QString paragraph;
  for (const QString& raw : text.split(u'\n')) {
    const QString line = raw.trimmed();
    if (line.isEmpty() || chapterLine.match(line).hasMatch()) {
      builder.addParagraph(paragraph);
      paragraph.clear();
      if (!line.isEmpty()) {
        builder.startChapter(line);
        builder.addParagraph(line);
      }
      continue;
    }
    paragraph += u'\n' + line;
  }
  builder.addParagraph(paragraph);
  return finishedBook(name, builder, name);
}

Book importBook(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly))
    throw BookError(BookImport::tr("Cannot read %1: %2").arg(QDir::toNativeSeparators(path), file.errorString()).toStdString());
  const QFileInfo info(path);
  const QString suffix = info.suffix().toLower();
  // An EPUB's pages are counted as they are unpacked; a text is read whole.
  if (suffix == QLatin1String("epub")) return bookFromEpub(file.readAll(), info.fileName());
  if (file.size() > kMaxBookBytes)
    throw BookError(BookImport::tr("%1 is too large for a book: it holds more than %2 MB of text.")
                        .arg(info.fileName())
                        .arg(kMaxBookBytes >> 20)
                        .toStdString());
  const QString text = QString::fromUtf8(file.readAll());
  if (suffix == QLatin1String("md") || suffix == QLatin1String("markdown"))
    return bookFromMarkdown(text, info.completeBaseName());
  return bookFromPlainText(text, info.completeBaseName());
}

bool isBookFile(const QString& path) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  return suffix == QLatin1String("epub") || suffix == QLatin1String("md") || suffix == QLatin1String("markdown");
}

}  // namespace cosystudio::services
