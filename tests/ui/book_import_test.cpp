// Books into chapters: EPUB 3 and EPUB 2 files pandoc wrote from
// tests/fixtures/books/small-book.md, that Markdown file itself, plain text,
// and damaged or oversized books refused with their file named.

#include "services/book/book_import.h"

#include <QFile>
#include <QMap>
#include <QTemporaryDir>
#include <QTest>

#include <zip.h>

using namespace cosystudio::services;

namespace {

QString fixture(const QString& name) {
  return qEnvironmentVariable("COSYSTUDIO_FIXTURES_DIR") + QStringLiteral("/books/") + name;
}

QStringList titles(const Book& book) {
  QStringList out;
  for (const BookChapter& chapter : book.chapters) out << chapter.title;
  return out;
}

QString refusal(const std::function<void()>& import) {
  try {
    import();
  } catch (const BookError& e) {
    return QString::fromStdString(e.what());
  }
  return QStringLiteral("(accepted)");
}

// The package document: `items` in its manifest, `itemrefs` its spine.
QByteArray package(const QByteArray& items, const QByteArray& itemrefs) {
  return "<package xmlns=\"http://www.idpf.org/2007/opf\" version=\"3.0\"><manifest>" + items + "</manifest><spine>" +
         itemrefs + "</spine></package>";
}

// An EPUB of `entries` (path → bytes) and a container naming content.opf as
// its package, each deflated by libzip.
QByteArray epub(QMap<QString, QByteArray> entries) {
  entries.insert(QStringLiteral("META-INF/container.xml"),
                 "<container xmlns=\"urn:oasis:names:tc:opendocument:xmlns:container\" version=\"1.0\">"
                 "<rootfiles><rootfile full-path=\"content.opf\"/></rootfiles></container>");
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("book.epub"));
  zip_t* zip = zip_open(QFile::encodeName(path).constData(), ZIP_CREATE | ZIP_TRUNCATE, nullptr);
  if (!zip) qFatal("cannot write %s", qPrintable(path));
  for (auto entry = entries.cbegin(); entry != entries.cend(); ++entry)
    zip_file_add(zip, entry.key().toUtf8().constData(),
                 zip_source_buffer(zip, entry->constData(), zip_uint64_t(entry->size()), 0), 0);
  if (zip_close(zip) != 0) qFatal("cannot write %s: %s", qPrintable(path), zip_strerror(zip));
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) qFatal("cannot read %s", qPrintable(path));
  return file.readAll();
}

const QByteArray kXhtml = "<html xmlns=\"http://www.w3.org/1999/xhtml\" xmlns:epub=\"http://www.idpf.org/2007/ops\">";

}  // namespace

class BookImportTest : public QObject {
  Q_OBJECT

 private slots:
  void epubChaptersComeFromTheTableOfContents_data() {
    QTest::addColumn<QString>("file");
    QTest::newRow("EPUB 3 (nav)") << QStringLiteral("small-book.epub");
    QTest::newRow("EPUB 2 (NCX)") << QStringLiteral("small-book-epub2.epub");
  }
  void epubChaptersComeFromTheTableOfContents() {
    QFETCH(QString, file);
    const Book book = importBook(fixture(file));
    QCOMPARE(book.title, QStringLiteral("小小的书"));
    // The title page is front matter, the section inside chapter one is not a chapter.
    QCOMPARE(titles(book), (QStringList{QStringLiteral("小小的书"), QStringLiteral("第一章 开始"),
                                        QStringLiteral("第二章 Chapter Two"), QStringLiteral("第三章 结束")}));
    const QString one = book.chapters[1].text;
    // pandoc wrote the Markdown's line break inside the paragraph as a space.
    QCOMPARE(one, QStringLiteral("第一章 开始\n\n今天天气很好。 我们出去走走。\n\n这是 第二段，有一个链接。\n\n"
                                 "一个小节\n\n小节里的话也要读出来。"));
    QCOMPARE(book.chapters[2].text,
             QStringLiteral("第二章 Chapter Two\n\nThe second chapter has English text — and a list:\n\n"
                            "one apple\n\ntwo pears\n\ncode is not read"));
    QCOMPARE(book.chapters[3].text, QStringLiteral("第三章 结束\n\n再见。"));
  }

  void markdownChaptersAreItsHeadings() {
    const Book book = importBook(fixture(QStringLiteral("small-book.md")));
    QCOMPARE(book.title, QStringLiteral("小小的书"));  // from its YAML header
    QCOMPARE(titles(book), (QStringList{QStringLiteral("第一章 开始"), QStringLiteral("第二章 Chapter Two"),
                                        QStringLiteral("第三章 结束")}));
    QCOMPARE(book.chapters[0].text, QStringLiteral("第一章 开始\n\n今天天气很好。我们出去走走。\n\n"
                                                   "这是 第二段，有一个链接。\n\n一个小节\n\n小节里的话也要读出来。"));
    // The list is read without its markers; fenced code is not read.
    QCOMPARE(book.chapters[1].text, QStringLiteral("第二章 Chapter Two\n\nThe second chapter has English text "
                                                   "— and a list:\n\none apple two pears"));
  }

  void aLoneTopHeadingTitlesTheBook() {
    const Book book = bookFromMarkdown(
        QStringLiteral("The Book\n========\n\nOne\n---\n\nA.\n\n### B\n\nC.\n\n***\n\n## Two\n\n> D.\n"),
        QStringLiteral("file"));
    QCOMPARE(book.title, QStringLiteral("The Book"));
    QCOMPARE(titles(book), (QStringList{QStringLiteral("One"), QStringLiteral("Two")}));
    QCOMPARE(book.chapters[0].text, QStringLiteral("One\n\nA.\n\nB\n\nC."));  // a section heading is read
    QCOMPARE(book.chapters[1].text, QStringLiteral("Two\n\nD."));
  }

  void plainTextChaptersAreItsChapterLines() {
    const Book book = bookFromPlainText(QStringLiteral("序言的话。\n\n第一章 起点\n山\n水。\n\n第 2 回\n云。\n"
                                                       "Chapter 3: The End\nBye.\n"),
                                        QStringLiteral("novel"));
    QCOMPARE(book.title, QStringLiteral("novel"));
    QCOMPARE(titles(book), (QStringList{QStringLiteral("novel"), QStringLiteral("第一章 起点"),
                                        QStringLiteral("第 2 回"), QStringLiteral("Chapter 3: The End")}));
    QCOMPARE(book.chapters[1].text, QStringLiteral("第一章 起点\n\n山水。"));
    // A sentence that merely starts like a chapter line is text.
    const Book one = bookFromPlainText(QStringLiteral("Chapter and verse were quoted at length, all of it, "
                                                      "until the evening came."),
                                       QStringLiteral("essay"));
    QCOMPARE(titles(one), QStringList{QStringLiteral("essay")});
  }

  void aDamagedBookIsRefusedNamingIt() {
    QVERIFY(refusal([] { importBook(QStringLiteral("/no/such/book.epub")); })
                .startsWith(QStringLiteral("Cannot read /no/such/book.epub")));
    QVERIFY(refusal([] { bookFromEpub("not a zip", QStringLiteral("x.epub")); })
                .startsWith(QStringLiteral("x.epub is not an EPUB book")));
    QVERIFY(refusal([] { bookFromMarkdown(QStringLiteral("\n  \n"), QStringLiteral("empty")); })
                .contains(QStringLiteral("empty has no text to speak")));
    // A page whose compressed bytes are damaged: the page is named.
    QFile file(fixture(QStringLiteral("small-book.epub")));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QByteArray bytes = file.readAll();
    const QByteArray page = "EPUB/text/ch002.xhtml";
    const qsizetype at = bytes.indexOf(page);  // its local header; the data follows
    QVERIFY(at > 0);
    for (qsizetype i = at + page.size() + 8; i < at + page.size() + 40; ++i) bytes[i] = char(~bytes[i]);
    const QString error = refusal([&] { bookFromEpub(bytes, QStringLiteral("small-book.epub")); });
    QVERIFY2(error.startsWith(QStringLiteral("small-book.epub: EPUB/text/ch002.xhtml is damaged")), qPrintable(error));
  }

  // A spine may list one small, highly compressed page thousands of times:
  // the pages are refused once they come to the limit, before the next is
  // unpacked.
  void aBookPastTheLimitOnceUnpackedIsRefused() {
    const QByteArray page = kXhtml + "<body><p>Again.</p>" + QByteArray(1 << 20, ' ') + "</body></html>";
    QByteArray spine;
    for (qint64 listed = 0; listed <= kMaxBookBytes; listed += page.size()) spine += "<itemref idref=\"p\"/>";
    const QByteArray bytes =
        epub({{QStringLiteral("content.opf"), package("<item id=\"p\" href=\"page.xhtml\"/>", spine)},
              {QStringLiteral("page.xhtml"), page}});
    QVERIFY(bytes.size() < 100'000);
    QCOMPARE(refusal([&] { bookFromEpub(bytes, QStringLiteral("again.epub")); }),
             QStringLiteral("again.epub is too large for a book: its pages come to more than 64 MB once unpacked."));
  }

  // Refused by its size, before it is read.
  void aTextBookPastTheLimitIsRefused() {
    QTemporaryDir dir;
    for (const QString name : {QStringLiteral("huge.txt"), QStringLiteral("huge.md")}) {
      QFile file(dir.filePath(name));
      QVERIFY(file.open(QIODevice::WriteOnly) && file.resize(kMaxBookBytes + 1));  // sparse: nothing is written
      QCOMPARE(refusal([&] { importBook(file.fileName()); }),
               name + QStringLiteral(" is too large for a book: it holds more than 64 MB of text."));
    }
  }

  // Half a million chapters, each an anchor in one page: each anchor is found
  // in the table of contents at once (a search through it for each took hours).
  void aLongTableOfContentsIsFollowed() {
    constexpr qsizetype kChapters = 500'000;
    QByteArray links, anchors;
    for (qsizetype i = 0; i < kChapters; ++i) {
      const QByteArray n = QByteArray::number(i);
      links += "<li><a href=\"page.xhtml#c" + n + "\">" + n + "</a></li>";
      anchors += "<p id=\"c" + n + "\">" + n + "</p>";
    }
    const QByteArray bytes = epub(
        {{QStringLiteral("content.opf"),
          package("<item id=\"nav\" href=\"nav.xhtml\" properties=\"nav\"/><item id=\"p\" href=\"page.xhtml\"/>",
                  "<itemref idref=\"p\"/>")},
         {QStringLiteral("nav.xhtml"),
          kXhtml + "<body><nav epub:type=\"toc\"><ol>" + links + "</ol></nav></body></html>"},
         {QStringLiteral("page.xhtml"), kXhtml + "<body>" + anchors + "</body></html>"}});
    const Book book = bookFromEpub(bytes, QStringLiteral("long.epub"));
    QCOMPARE(book.chapters.size(), kChapters);
    QCOMPARE(book.chapters[7].title, QStringLiteral("7"));
    QCOMPARE(book.chapters.last().title, QString::number(kChapters - 1));
    QCOMPARE(book.chapters.last().text, QString::number(kChapters - 1));
  }
};

QTEST_GUILESS_MAIN(BookImportTest)
#include "book_import_test.moc"
