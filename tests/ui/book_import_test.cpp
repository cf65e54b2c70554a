// Books into chapters: EPUB 3 and EPUB 2 files pandoc wrote from
// tests/fixtures/books/small-book.md, that Markdown file itself, plain text,
// and damaged books refused with their file named.
#include "book_import.h"

#include <QFile>
#include <QTest>

using namespace cosystudio::ui;

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
};

QTEST_GUILESS_MAIN(BookImportTest)
#include "book_import_test.moc"
