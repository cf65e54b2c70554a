#include "services/book/book_text.h"

#include <QHash>

namespace cosystudio::services {

namespace {

bool isHan(QChar c) { return c.script() == QChar::Script_Han || (c.unicode() >= 0x3000 && c.unicode() <= 0x303f); }

}  // namespace

QString collapsedSpace(const QString& text) {
  QString out;
  out.reserve(text.size());
  for (qsizetype i = 0; i < text.size();) {
    if (!text[i].isSpace()) {
      out += text[i++];
      continue;
    }
    bool lineBreak = false;
    for (; i < text.size() && text[i].isSpace(); ++i) lineBreak = lineBreak || text[i] == u'\n';
    const bool betweenHan = !out.isEmpty() && i < text.size() && isHan(out.back()) && isHan(text[i]);
    if (!out.isEmpty() && i < text.size() && !(lineBreak && betweenHan)) out += u' ';
  }
  return out;
}

QString htmlCharacter(const QString& name) {
  static const QHash<QString, QString> kNames{
      {QStringLiteral("nbsp"), QStringLiteral(" ")},   {QStringLiteral("mdash"), QStringLiteral("—")},
      {QStringLiteral("ndash"), QStringLiteral("–")},  {QStringLiteral("hellip"), QStringLiteral("…")},
      {QStringLiteral("lsquo"), QStringLiteral("‘")},  {QStringLiteral("rsquo"), QStringLiteral("’")},
      {QStringLiteral("ldquo"), QStringLiteral("“")},  {QStringLiteral("rdquo"), QStringLiteral("”")},
      {QStringLiteral("middot"), QStringLiteral("·")}, {QStringLiteral("copy"), QStringLiteral("©")},
      {QStringLiteral("laquo"), QStringLiteral("«")},  {QStringLiteral("raquo"), QStringLiteral("»")},
      {QStringLiteral("amp"), QStringLiteral("&")},    {QStringLiteral("lt"), QStringLiteral("<")},
      {QStringLiteral("gt"), QStringLiteral(">")},     {QStringLiteral("quot"), QStringLiteral("\"")}};
  return kNames.value(name);
}

Book finishedBook(QString title, const ChapterBuilder& builder, const QString& name) {
  Book book{std::move(title), builder.chapters()};
  if (book.chapters.isEmpty()) throw BookError(BookImport::tr("%1 has no text to speak.").arg(name).toStdString());
  return book;
}

}  // namespace cosystudio::services
