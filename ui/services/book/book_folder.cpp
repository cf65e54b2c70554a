#include "services/book/book_folder.h"

#include "services/book/chapter_lines.h"
#include "services/book/chaptered_opus.h"
#include "services/book/text_hash.h"

#include "cosystudio/atomic_file.h"
#include "cosystudio/audio/clip.h"
#include "cosystudio/model_folder.h"
#include "cosystudio/settings_json.h"

#include <QRegularExpression>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <stdexcept>

namespace cosystudio::services {

namespace fs = std::filesystem;

namespace {

// Whether `object` has no `key`, or one that `hasType` accepts.
template <typename HasType>
bool optionalField(const BookFolder::Json& object, const char* key, HasType hasType) {
  const auto found = object.find(key);
  return found == object.end() || hasType(*found);
}

bool isText(const BookFolder::Json& value) { return value.is_string(); }
bool isTextOrNull(const BookFolder::Json& value) { return value.is_string() || value.is_null(); }
bool isNumber(const BookFolder::Json& value) { return value.is_number(); }
bool isSeed(const BookFolder::Json& value) { return value.is_number_unsigned(); }

bool isChapterEntry(const BookFolder::Json& entry) {
  return entry.is_object() && entry.contains("number") && entry["number"].is_number_integer() &&
         optionalField(entry, "title", isText) && optionalField(entry, "file", isText) &&
         optionalField(entry, "subtitles", isTextOrNull) && optionalField(entry, "seconds", isNumber) &&
         optionalField(entry, "seed", isSeed) && optionalField(entry, "text_sha256", isText) &&
         optionalField(entry, "render_key", isText);
}

// `json` into `file`, whole or not at all.
void writeJson(const fs::path& file, const BookFolder::Json& json) {
  const std::string text = json.dump(2) + "\n";
  writeAtomically(file, [&](const fs::path& temporary) {
    std::ofstream out(temporary, std::ios::binary);
    if (!(out << text) || !out.flush()) throw std::runtime_error("cannot write " + file.string());
  });
}

}  // namespace

std::optional<BookFolder::Json> BookFolder::readManifest(const std::string& text, std::string* problem) {
  Json read = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (read.is_discarded()) {
    *problem = "it is not valid JSON";
    return std::nullopt;
  }
  const auto chapters = read.is_object() ? read.find("chapters") : read.end();
  const bool valid = read.is_object() && read.contains("cosystudio_book") && read["cosystudio_book"] == 1 &&
                     chapters != read.end() && chapters->is_array() &&
                     std::all_of(chapters->begin(), chapters->end(), isChapterEntry) &&
                     optionalField(read, "seed", isSeed) && optionalField(read, "source", isText) &&
                     optionalField(read, "title", isText);
  if (!valid) {
    *problem = "it is not the manifest of a book";
    return std::nullopt;
  }
  return read;
}

BookFolder::BookFolder(fs::path folder) : folder_(std::move(folder)) {
  const fs::path file = folder_ / kManifest;
  std::ifstream in(file, std::ios::binary);
  if (in) {
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::string problem;
    if (auto read = readManifest(text, &problem))
      manifest_ = std::move(*read);
    else
      readProblem_ = file.string() + " cannot be read: " + problem;
  }
  if (!manifest_.is_object()) manifest_ = Json::object();
  manifest_["cosystudio_book"] = 1;
  if (!manifest_.contains("chapters")) manifest_["chapters"] = Json::array();
  gatherRecords();
}

void BookFolder::gatherRecords() {
  std::error_code error;
  Json& chapters = manifest_["chapters"];
  for (const fs::directory_entry& file : fs::directory_iterator(folder_ / kRecordsFolder, error)) {
    if (file.path().extension() != ".json") continue;
    std::ifstream in(file.path(), std::ios::binary);
    const Json record = Json::parse(in, nullptr, /*allow_exceptions=*/false);
    if (!isChapterEntry(record)) continue;  // not a record this folder wrote: its chapter is made again
    const int number = record["number"].get<int>();
    const auto existing = std::find_if(chapters.begin(), chapters.end(),
                                       [number](const Json& entry) { return entry.value("number", 0) == number; });
    if (existing != chapters.end())
      *existing = record;
    else
      chapters.push_back(record);
  }
  std::sort(chapters.begin(), chapters.end(),
            [](const Json& a, const Json& b) { return a.value("number", 0) < b.value("number", 0); });
}

void BookFolder::describe(const std::string& source, const QString& title) {
  manifest_["source"] = source;
  manifest_["title"] = title.toStdString();
}

uint64_t BookFolder::seedFor(std::optional<uint64_t> asked, uint64_t fresh) const {
  if (asked) return *asked;
  if (manifest_.contains("seed") && manifest_["seed"].is_number_unsigned()) return manifest_["seed"].get<uint64_t>();
  return fresh;
}

void BookFolder::begin(uint64_t seed) {
  manifest_["seed"] = seed;
  write();
}

std::string BookFolder::renderKey(const RenderInputs& inputs) {
  SynthesisSettings settings = inputs.settings;
  settings.stream = false;
  settings.segmentTimeLimitSeconds = 0;
  std::error_code error;
  fs::path model = fs::weakly_canonical(inputs.model, error);  // one folder however it is named (relative, a link)
  if (error) model = inputs.model;
  std::string checkpoint = inputs.checkpoint;
  try {
    checkpoint = chooseLlmCheckpoint(model, checkpoint);  // the one loaded, named or not
  } catch (const std::exception&) {
    // the folder has none: the model does not load, and no chapter is made
  }
  const Json fields{inputs.voice, settingsJson(settings), inputs.instruction, model.string(), checkpoint,
                    precisionName(inputs.precision), inputs.encoding, inputs.sampleRate, inputs.loudness,
                    inputs.subtitles};
  return textHash(QString::fromStdString(fields.dump()));
}

std::string BookFolder::chapterStem(int number, int count, const QString& title) {
  static const QRegularExpression unsafe(QStringLiteral(R"([\x00-\x1f/\\:*?"<>|]+)"));
  static const QRegularExpression spaces(QStringLiteral(R"(\s+)"));
  QString name = title.simplified().remove(unsafe).replace(spaces, QStringLiteral("-")).left(48);
  while (name.startsWith(u'.') || name.startsWith(u'-')) name.remove(0, 1);
  const int digits = count >= 100 ? 3 : 2;
  const QString numberText = QStringLiteral("%1").arg(number, digits, 10, QLatin1Char('0'));
  return (name.isEmpty() ? numberText : numberText + u'-' + name).toStdString();
}

std::optional<BookFolder::Json> BookFolder::entry(int number) const {
  for (const Json& entry : manifest_["chapters"])
    if (entry.value("number", 0) == number) {
      const std::string file = entry.value("file", "");
      if (!file.empty() && fs::is_regular_file(folder_ / file)) return entry;
      return std::nullopt;
    }
  return std::nullopt;
}

std::optional<BookFolder::Json> BookFolder::finished(int number, const std::string& textHash,
                                                     const std::string& renderKey) const {
  auto made = entry(number);
  if (made && made->value("text_sha256", "") == textHash && made->value("render_key", "") == renderKey) return made;
  return std::nullopt;
}

void BookFolder::record(Json entry) {
  manifest_["seed"] = entry.value("seed", Json());
  const int number = entry["number"].get<int>();
  const fs::path records = folder_ / kRecordsFolder;
  fs::create_directories(records);
  writeJson(records / (std::to_string(number) + ".json"), entry);
  gatherRecords();  // this chapter's, and those other runs made meanwhile
  manifest_.erase("joined");
  write();
  ChapterLines::drop(folder_, number);  // its lines are in its file now
}

std::string BookFolder::recordedRenderKey(const Book& book) const {
  std::string key;
  for (int number = 1; number <= int(book.chapters.size()); ++number) {
    const auto made = entry(number);
    if (!made || made->value("text_sha256", "") != textHash(book.chapters[number - 1].text))
      throw std::runtime_error("chapter " + std::to_string(number) + " is not made yet");
    const std::string chapterKey = made->value("render_key", "");
    if (number == 1) key = chapterKey;
    if (chapterKey != key)
      throw std::runtime_error("chapter " + std::to_string(number) +
                               " was made with other settings, voice or model than chapter 1: make it again with "
                               "the same command");
  }
  return key;
}

int BookFolder::firstUnfinished(const Book& book, const std::string& renderKey) const {
  for (int number = 1; number <= int(book.chapters.size()); ++number)
    if (!finished(number, textHash(book.chapters[number - 1].text), renderKey)) return number;
  return 0;
}

fs::path BookFolder::writeJoined(const Book& book, const std::string& renderKey) {
  if (const int missing = firstUnfinished(book, renderKey))
    throw std::runtime_error("the book in one file needs every chapter, and chapter " + std::to_string(missing) +
                             " is not made yet");
  std::vector<float> samples;
  int rate = 0;
  std::vector<ChapterMark> marks;
  Json starts = Json::array();
  for (int number = 1; number <= int(book.chapters.size()); ++number) {
    const BookChapter& chapter = book.chapters[number - 1];
    const Json entry = *finished(number, textHash(chapter.text), renderKey);
    audio::Clip clip =
        audio::downmixToMono(audio::loadClip(folder_ / entry.value("file", ""), audio::ClipLimits::none()));
    if (rate == 0) rate = clip.sampleRate;
    if (clip.sampleRate != rate) clip = audio::resampleForUser(clip, rate);
    if (!samples.empty()) samples.insert(samples.end(), std::size_t(kChapterGapSeconds * rate), 0.0f);
    marks.push_back({chapter.title, double(samples.size()) / rate});
    starts.push_back(marks.back().startSeconds);
    samples.insert(samples.end(), clip.channels[0].begin(), clip.channels[0].end());
  }
  const fs::path joined = folder_ / kJoinedFile;
  writeChapteredOpus(QString::fromStdString(joined.string()), samples, rate, book.title, marks);
  manifest_["joined"] =
      Json{{"file", kJoinedFile}, {"seconds", double(samples.size()) / rate}, {"chapter_starts", starts}};
  write();
  return joined;
}

void BookFolder::write() const { writeJson(folder_ / kManifest, manifest_); }

}  // namespace cosystudio::services
