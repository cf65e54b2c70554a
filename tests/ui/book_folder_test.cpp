// One book rendered into one folder by several runs at once (the tasks of a
// job array): each chapter's record is a file of its own, so no run loses
// another's; every reader gathers them; the book is joined only when every
// chapter is made from its present text with one render key.
#include "services/book/book_folder.h"
#include "services/book/text_hash.h"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>

using namespace cosystudio::services;
namespace fs = std::filesystem;

namespace {

Book twoChapters() {
  Book book;
  book.title = QStringLiteral("书");
  book.chapters = {{QStringLiteral("一"), QStringLiteral("第一章的文字。")},
                   {QStringLiteral("二"), QStringLiteral("第二章的文字。")}};
  return book;
}

// A chapter as a run records it once its file is written.
BookFolder::Json madeChapter(const fs::path& folder, const Book& book, int number, const std::string& key) {
  const std::string file = "0" + std::to_string(number) + ".wav";
  std::ofstream(folder / file) << "audio";
  return {{"number", number},
          {"file", file},
          {"seed", 4u},
          {"text_sha256", textHash(book.chapters[number - 1].text)},
          {"render_key", key}};
}

}  // namespace

class BookFolderTest : public QObject {
  Q_OBJECT

 private slots:
  void runsAtOnceLoseNoChapter() {
    QTemporaryDir dir;
    const fs::path folder = dir.path().toStdString();
    const Book book = twoChapters();
    // Both runs read the folder before either has made anything, as the tasks of an array do.
    BookFolder first(folder), second(folder);
    first.begin(4);
    second.begin(4);
    second.record(madeChapter(folder, book, 2, "key"));
    first.record(madeChapter(folder, book, 1, "key"));  // its book.json written last, from what it read first
    QVERIFY(first.entry(2));  // gathered when it recorded its own
    const BookFolder reader(folder);
    QVERIFY(reader.entry(1) && reader.entry(2));
    QCOMPARE(reader.firstUnfinished(book, "key"), 0);
    QCOMPARE(reader.recordedRenderKey(book), std::string("key"));
  }

  void aBookIsJoinedOnlyWhenMadeAlike() {
    QTemporaryDir dir;
    const fs::path folder = dir.path().toStdString();
    Book book = twoChapters();
    BookFolder folderOfBook(folder);
    folderOfBook.record(madeChapter(folder, book, 1, "key"));
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, BookFolder(folder).recordedRenderKey(book));
    BookFolder(folder).record(madeChapter(folder, book, 2, "other key"));
    try {
      BookFolder(folder).recordedRenderKey(book);
      QFAIL("chapters made with two keys were joined");
    } catch (const std::runtime_error& e) {
      QVERIFY2(std::string(e.what()).find("chapter 2 was made with other settings") != std::string::npos, e.what());
    }
    BookFolder(folder).record(madeChapter(folder, book, 2, "key"));
    QCOMPARE(BookFolder(folder).recordedRenderKey(book), std::string("key"));
    book.chapters[0].text = QStringLiteral("改过的文字。");  // edited since: not made from this text
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, BookFolder(folder).recordedRenderKey(book));
  }

  // A record no run of this folder wrote is left out: its chapter is made again.
  void aDamagedRecordIsLeftOut() {
    QTemporaryDir dir;
    const fs::path folder = dir.path().toStdString();
    BookFolder(folder).record(madeChapter(folder, twoChapters(), 1, "key"));
    std::ofstream(folder / BookFolder::kRecordsFolder / "2.json") << "{\"number\": \"two\"";
    const BookFolder reader(folder);
    QVERIFY(reader.entry(1));
    QVERIFY(!reader.entry(2));
  }
};

QTEST_GUILESS_MAIN(BookFolderTest)
#include "book_folder_test.moc"
