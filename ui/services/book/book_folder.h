// The folder a book is rendered into, shared by `cosystudio-cli book` and the
// window's book view: a file per chapter (NN-title.wav with its subtitles) and
// book.json, which records what each file was made from — the chapter's text
// and its render key (renderKey). A chapter whose text and key are
// unchanged and whose file is still there is finished and never made again
// unless asked; the manifest is written after every chapter, and the lines of
// the one under way as they are made (chapter_lines.h), so quitting loses at
// most the line under way.
//
// Several runs may render one book into one folder at once: the tasks of a
// job array on a cluster, the folder on a network file system. Each chapter's
// record is then its own file, .chapters/N.json, written whole by the run that
// made the chapter and renamed into place (a rename within one folder is
// atomic on NFS and Lustre too; no lock is needed, as no two runs make the
// same chapter); book.json holds those records gathered by whichever run
// wrote it last, and every reader gathers them again itself.
//
// book.json: {"cosystudio_book": 1, "source": PATH, "title": T, "seed": S,
//             "chapters": [{"number", "title", "file", "subtitles", "seconds",
//                           "seed", "text_sha256", "render_key"}, …],
//             "joined": {"file", "seconds", "chapter_starts"}}
#pragma once

#include "services/book/book_import.h"

#include "cosystudio/engine.h"

#include <QString>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace cosystudio::services {

class BookFolder {
 public:
  using Json = nlohmann::ordered_json;
  static constexpr const char* kManifest = "book.json";
  static constexpr const char* kJoinedFile = "book.opus";
  static constexpr const char* kRecordsFolder = ".chapters";
  static constexpr double kChapterGapSeconds = 2.0;  // silence between chapters in the joined file

  // Reads folder/book.json when there is one; readProblem() says when it
  // cannot be read (every chapter is then made again). Creates nothing.
  explicit BookFolder(std::filesystem::path folder);

  const std::filesystem::path& path() const { return folder_; }
  const std::string& readProblem() const { return readProblem_; }
  const Json& manifest() const { return manifest_; }

  // book.json's text as a manifest whose every field has the type the
  // accessors read; nothing, with `problem` saying why, when it is not one.
  static std::optional<Json> readManifest(const std::string& text, std::string* problem);

  // Names the book the folder holds (its file and title), for the manifest.
  void describe(const std::string& source, const QString& title);

  // The seed a run uses: the one asked for, else the one the book was made
  // with (so a run without one resumes instead of starting over), else `fresh`.
  uint64_t seedFor(std::optional<uint64_t> asked, uint64_t fresh) const;

  // Records the seed a run makes its chapters with and writes book.json,
  // before any chapter is made: a run stopped in its first chapter then
  // resumes with it (chapter_lines.h). Throws std::runtime_error naming the
  // file when it cannot be written.
  void begin(uint64_t seed);

  // Everything besides its text that a chapter's files are made from, as
  // either client gives it.
  struct RenderInputs {
    std::string voice;           // Voice::fingerprint(): its clip and transcript, from a file or a clip alike
    SynthesisSettings settings;  // mode, speed, seed and how the text is read
    std::string instruction;     // instruct mode's
    std::filesystem::path model;  // the model's folder
    std::string checkpoint;       // its language model; empty: the one it loads by default
    Precision precision = Precision::Float32;
    // The chapter's WAV: its encoding ("pcm16", "pcm24" or "float"), its rate
    // (0: the model's), its loudness (LUFS; 0: as made) and the subtitles
    // beside it ("srt" or "vtt"; empty: none). The book view writes these defaults.
    std::string encoding = "pcm16";
    int sampleRate = 0;
    double loudness = 0;
    std::string subtitles = "srt";
  };
  // The key each chapter is recorded with, one for `cosystudio-cli book` and
  // the book view alike, so that a book begun in one is finished in the
  // other. It holds all of `inputs` but streaming and the watchdog, which
  // change nothing made: the voice by its content, not its file; the model
  // by its folder, checkpoint and precision (another precision makes other
  // audio), not the device or threads it runs on.
  static std::string renderKey(const RenderInputs& inputs);
  // "03-第三章-结束": the chapter's number, then its title without the
  // characters file systems or shells trip over.
  static std::string chapterStem(int number, int count, const QString& title);

  // The chapter's recorded entry, whatever it was made from, while its file is still there.
  std::optional<Json> entry(int number) const;
  // The chapter's entry when its file was made from this very text and key and is still there.
  std::optional<Json> finished(int number, const std::string& textHash, const std::string& renderKey) const;
  // Records a chapter made in its own record file (replacing its earlier
  // entry; the book's seed becomes the entry's), gathers the records other
  // runs wrote meanwhile, drops the joined file's entry (it holds the chapter
  // as it was) and the lines kept while it was made (chapter_lines.h), and
  // writes book.json; each file atomically. Throws std::runtime_error naming
  // the file when one cannot be written.
  void record(Json entry);

  // The render key every chapter of `book` was made with from its present
  // text, whichever run made it. Throws std::runtime_error naming the first
  // chapter not made, or made with other settings than chapter 1.
  std::string recordedRenderKey(const Book& book) const;

  // The first chapter of `book` (1-based) not finished from its present text
  // and `renderKey`; 0 when all are.
  int firstUnfinished(const Book& book, const std::string& renderKey) const;
  // Every chapter read back from its file, in order, with kChapterGapSeconds
  // between them, into book.opus with a chapter mark each; recorded as
  // "joined". Throws std::runtime_error when a chapter is not finished or a
  // file cannot be read or written.
  std::filesystem::path writeJoined(const Book& book, const std::string& renderKey);

 private:
  void write() const;
  // Every chapter record in .chapters/ into the manifest, in place of what
  // book.json said of that chapter.
  void gatherRecords();

  std::filesystem::path folder_;
  Json manifest_;
  std::string readProblem_;
};

}  // namespace cosystudio::services
