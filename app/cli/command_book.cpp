// cosystudio-cli book BOOK.epub|BOOK.md|BOOK.txt --model DIR (--voice FILE | --prompt CLIP [--prompt-text T])
//                      --out DIR [--chapters LIST] [--shard K/N] [--again] [--joined] [--list] [--json]
//                      [synth's style and output options]
// cosystudio-cli book BOOK --out DIR --join
//
// Every chapter of a book (ui/services/book/book_import.h) rendered in one voice to
// DIR/NN-title.wav with its subtitles (DIR/NN-title.srt). DIR/book.json records
// what each file was made from, so that running the command again renders only
// the chapters not finished yet (or whose text or settings changed); --again
// renders the chosen chapters anyway. Ctrl-C stops within a token: the
// chapters finished so far are kept, and so are the lines of the one under
// way (DIR/.lines/), so that the next run resumes at the line it stopped in.
// --joined also writes DIR/book.opus: every chapter in one file with chapter marks.
// --shard K/N makes only the K-th of N shares of the chosen chapters, so that
// the N tasks of a job array on a cluster (packaging/cluster/) render one book
// into one shared folder; --join then gathers what every task made into
// book.json and DIR/book.opus, with no model.
#include "audio_output.h"
#include "command.h"
#include "engine_options.h"
#include "voice_options.h"

#include "services/book/book_folder.h"
#include "services/book/book_import.h"
#include "services/book/chapter_lines.h"
#include "services/book/text_hash.h"
#include "services/download/model_download.h"  // durationText

#include "cosystudio/script.h"

#include <cstdio>
#include <optional>
#include <utility>
#include <map>
#include <set>

namespace cosystudio::cli {
namespace {

namespace fs = std::filesystem;
using Json = services::BookFolder::Json;

struct BookOptions {
  EngineOptions engine;
  std::string book;
  VoiceOptions voice;
  std::string out;
  AudioOutputOptions output;
  std::vector<std::string> chapters;  // "3", "3-5"; empty: all
  std::string shard;                  // "K/N"; empty: every chosen chapter
  bool join = false;
  bool again = false;
  bool joined = false;
  bool list = false;
  bool json = false;
  ListenOptions listen{false, /*retakes=*/2};
};

// "4, 17" from 0-based lines.
std::string paragraphList(const std::vector<int>& lines) {
  std::string text;
  for (int line : lines) text += (text.empty() ? "" : ", ") + std::to_string(line + 1);
  return text;
}

// The chapters' render key: the voice, the settings, the model as loaded and the output options.
std::string renderKey(const Voice& voice, const SynthesisSettings& settings, const BookOptions& o,
                      const Engine& engine) {
  services::BookFolder::RenderInputs inputs;
  inputs.voice = voice.fingerprint();
  inputs.settings = settings;
  inputs.instruction = o.voice.instruction;
  inputs.model = engine.options().modelFolder;
  inputs.checkpoint = engine.options().llmCheckpoint;
  inputs.precision = engine.options().precision;
  inputs.encoding = o.output.format;
  inputs.sampleRate = o.output.rate;
  inputs.loudness = o.output.loudness;
  inputs.subtitles = o.output.subtitles;
  return services::BookFolder::renderKey(inputs);
}

void listChapters(const services::Book& book) {
  std::printf("%s: %lld chapters\n", book.title.toUtf8().constData(), static_cast<long long>(book.chapters.size()));
  for (qsizetype i = 0; i < book.chapters.size(); ++i)
    std::printf("%3lld  %s  (%lld characters)\n", static_cast<long long>(i + 1),
                book.chapters[i].title.toUtf8().constData(), static_cast<long long>(book.chapters[i].text.size()));
}

// Time left from the characters spoken so far; a status line on a terminal.
class BookProgress {
 public:
  explicit BookProgress(qsizetype characters) : total_(characters), start_(std::chrono::steady_clock::now()) {}
  void startLine(qsizetype characters) {
    done_ += current_;
    current_ = characters;
  }
  void show(const std::string& where) const {
    std::string line = where;
    const double elapsed = secondsSince(start_);
    if (done_ > 0 && elapsed > 0)
      line += ", about " + services::durationText(elapsed / double(done_) * double(total_ - done_)).toStdString() + " left";
    statusLine(line);
  }

 private:
  qsizetype total_, done_ = 0, current_ = 0;
  std::chrono::steady_clock::time_point start_;
};

// A usage error CLI11 cannot express: exit status 2, as main gives its own.
int usageError(const std::string& message) {
  std::fprintf(stderr, "cosystudio-cli book: %s\nRun with --help for more information.\n", message.c_str());
  return 2;
}

// "3" or "3-5" as its first and last chapter; nothing when it is neither.
std::optional<std::pair<int, int>> chapterRange(const std::string& spec) {
  int first = 0, last = 0;
  char dash = 0, rest = 0;
  const int read = std::sscanf(spec.c_str(), "%d%c%d%c", &first, &dash, &last, &rest);
  if (read == 1) return std::pair(first, first);
  if (read == 3 && dash == '-' && first <= last) return std::pair(first, last);
  return std::nullopt;
}

// "K/N" as K and N, 0 <= K < N; nothing when it is not.
std::optional<std::pair<int, int>> shardOf(const std::string& shard) {
  int task = -1, tasks = 0;
  char slash = 0, rest = 0;
  if (std::sscanf(shard.c_str(), "%d%c%d%c", &task, &slash, &tasks, &rest) != 3 || slash != '/' || tasks < 1 ||
      task < 0 || task >= tasks)
    return std::nullopt;
  return std::pair(task, tasks);
}

// A check that `read` reads an option's value; else "'VALUE' " + `problem`.
template <typename Read>
CLI::Validator readBy(Read read, const std::string& problem) {
  return CLI::Validator(
      [read, problem](std::string& value) { return read(value) ? std::string() : "'" + value + "' " + problem; }, "");
}

// The chapters --chapters names, in order, each once; every chapter when none is named.
std::vector<int> chosenChapters(const std::vector<std::string>& specs, int count) {
  std::set<int> chosen;
  for (const std::string& spec : specs) {
    const auto [first, last] = *chapterRange(spec);  // checked as it was parsed
    if (first < 1 || last > count)
      throw std::runtime_error("--chapters: the book has chapters 1 to " + std::to_string(count) + ", not " + spec);
    for (int number = first; number <= last; ++number) chosen.insert(number);
  }
  if (specs.empty())
    for (int number = 1; number <= count; ++number) chosen.insert(number);
  return {chosen.begin(), chosen.end()};
}

// Task K's share of `chapters` ("K/N"): the chapters dealt to the N tasks in
// turn, the first to task 0, so that each task gets a like number.
std::vector<int> shareOf(const std::vector<int>& chapters, const std::string& shard) {
  const auto [task, tasks] = *shardOf(shard);  // checked as it was parsed
  std::vector<int> share;
  for (std::size_t i = std::size_t(task); i < chapters.size(); i += std::size_t(tasks)) share.push_back(chapters[i]);
  return share;
}

// --join: what every task made gathered into book.json and book.opus.
int joinBook(const BookOptions& o, const services::Book& book) {
  services::BookFolder bookFolder(o.out);
  if (!bookFolder.readProblem().empty()) throw std::runtime_error(bookFolder.readProblem());
  const std::string key = bookFolder.recordedRenderKey(book);
  const fs::path joined = bookFolder.writeJoined(book, key);
  const Json& written = bookFolder.manifest()["joined"];
  if (o.json)
    std::printf("%s\n", Json{{"book", book.title.toStdString()}, {"out", o.out}, {"joined", written}}.dump(2).c_str());
  else
    std::printf("%s: %lld chapters joined into %s (%s)\n", book.title.toUtf8().constData(),
                static_cast<long long>(book.chapters.size()), joined.c_str(),
                services::durationText(written["seconds"].get<double>()).toUtf8().constData());
  return 0;
}

int renderBook(const BookOptions& o) {
  if (!o.list && o.out.empty()) return usageError("give the folder for the chapters as --out DIR");
  if (o.join) return joinBook(o, services::importBook(QString::fromStdString(o.book)));
  if (!o.list && o.engine.model.empty()) return usageError("give the model folder as --model DIR");
  if (!o.list && o.voice.voiceFile.empty() && o.voice.prompt.empty())
    return usageError("give the voice as --voice FILE or --prompt CLIP");
  if (o.voice.mode == "instruct" && o.voice.instruction.empty())
    return usageError("--mode instruct needs --instruct TEXT, e.g. \"请用四川话表达。\"");
  const services::Book book = services::importBook(QString::fromStdString(o.book));
  if (o.list) {
    listChapters(book);
    return 0;
  }
  const int count = int(book.chapters.size());
  std::vector<int> chosenList = chosenChapters(o.chapters, count);
  if (!o.shard.empty()) chosenList = shareOf(chosenList, o.shard);
  const fs::path folder = o.out;
  fs::create_directories(folder);
  checkOutputPath(folder / services::BookFolder::kManifest);
  services::BookFolder bookFolder(folder);
  if (!bookFolder.readProblem().empty())
    std::fprintf(stderr, "warning: %s; every chapter is made again\n", bookFolder.readProblem().c_str());
  bookFolder.describe(fs::absolute(o.book).string(), book.title);
  // Every task must make its chapters with the one seed, or the book is not one run's.
  if (!o.shard.empty() && !o.voice.seed && !bookFolder.manifest().contains("seed"))
    return usageError("--shard needs --seed N, the same for every task, so that each makes its chapters as one "
                      "run would");

  ChosenVoice givenVoice(o.voice);
  const SynthesisSettings settings = o.voice.settings(o.voice.modeFor(givenVoice.hasTranscript()),
                                                      bookFolder.seedFor(o.voice.seed, o.voice.seedOrDrawn()));
  bookFolder.begin(settings.seed);

  if (o.output.wordTimings && o.output.subtitles != "vtt")
    return usageError("--word-timings needs --subtitles vtt: SRT cannot time words");
  const std::unique_ptr<Recognizer> recognizer = o.listen.recognizer(o.engine.device, o.output.needsWords());
  const ScriptListening listening{o.listen.check ? recognizer.get() : nullptr, o.listen.thresholds,
                                  o.listen.retakes};

  Engine engine;
  loadEngine(engine, o.engine);
  const Voice voice = givenVoice.prepared(engine);
  const std::string key = renderKey(voice, settings, o, engine);
  const std::map<std::string, Voice> voices{{services::kChapterVoice, voice}};

  // What is to be made: the chosen chapters not finished from this text and key.
  const std::set<int> chosen(chosenList.begin(), chosenList.end());
  std::vector<int> todo;
  qsizetype characters = 0;
  std::map<int, std::string> state;
  for (int number = 1; number <= count; ++number) {
    const services::BookChapter& chapter = book.chapters[number - 1];
    if (!chosen.count(number)) {
      state[number] = "not chosen";
    } else if (!o.again && bookFolder.finished(number, services::textHash(chapter.text), key)) {
      state[number] = "kept";
    } else {
      todo.push_back(number);
      characters += chapter.text.size();
    }
  }

  BookProgress progress(characters);
  std::map<int, int> keptParagraphs;  // chapters resumed in: paragraphs kept from a run that stopped
  for (int number : todo) {
    const services::BookChapter& chapter = book.chapters[number - 1];
    const Script script = services::chapterScript(chapter.text.toStdString(), o.voice.instruction);
    if (const auto problem = scriptProblem(script, voices, settings))
      throw std::runtime_error("chapter " + std::to_string(number) + ": " + problem->render());

    int lineIndex = 0;
    SynthesisCallbacks callbacks;
    callbacks.onProgress = [&](const Progress& p) {
      progress.show("chapter " + std::to_string(number) + "/" + std::to_string(count) + " \"" +
                    chapter.title.toStdString() + "\": paragraph " + std::to_string(lineIndex + 1) + "/" +
                    std::to_string(script.lines.size()) + ", " + stageName(p.stage));
    };
    callbacks.shouldStop = [] { return interruptRequested(); };
    const services::ChapterLines lines(folder, number, key, engine.options().precision);
    if (o.again) services::ChapterLines::drop(folder, number);
    if (const int kept = lines.keptLines(script); kept > 0) {
      keptParagraphs[number] = kept;
      if (!o.json)
        std::printf("chapter %d/%d: %d of %zu paragraphs kept from the run that stopped in it\n", number, count,
                    kept, script.lines.size());
    }
    ScriptResult take;
    {
      StopOnInterrupt interrupt;
      take = renderScript(
          engine, script, voices, settings, callbacks,
          [&](int index) {
            lineIndex = index;
            progress.startLine(qsizetype(script.lines[std::size_t(index)].text.size()));
          },
          lines.store(), listening);
    }
    endStatusLine();

    const std::string stem = services::BookFolder::chapterStem(number, count, chapter.title);
    const fs::path audioFile = folder / (stem + ".wav");
    const WrittenAudio written = writeAudioOut(o.output, audioFile, take.samples, take.sampleRate);
    Json entry{{"number", number},
               {"title", chapter.title.toStdString()},
               {"file", audioFile.filename().string()},
               {"subtitles", nullptr},
               {"seconds", double(written.clip.frames()) / written.clip.sampleRate},
               {"seed", settings.seed},
               {"text_sha256", services::textHash(chapter.text)},
               {"render_key", key}};
    if (!o.output.subtitles.empty()) {
      const SubtitleLines cues = subtitleLines(take);
      const SubtitleWords words =
          o.output.needsWords() ? timedWords(*recognizer, o.output, cues.segments) : SubtitleWords{};
      const fs::path subtitles =
          writeSubtitlesBeside(audioFile, o.output.subtitles, cues, take.sampleRate, written.clip, words);
      entry["subtitles"] = subtitles.filename().string();
    }
    // The paragraphs a person should listen to: still failing after the retakes.
    const std::vector<int> failing = take.linesStillFailing();
    if (listening.recognizer) {
      Json paragraphs = Json::array();
      for (int line : failing) paragraphs.push_back(line + 1);
      entry["paragraphs_failing_check"] = paragraphs;
    }
    for (const ScriptSegment& segment : take.segments)
      if (segment.check && !segment.check->passed())
        for (const std::string& failure : segment.check->tries[segment.check->kept].failures)
          std::fprintf(stderr, "chapter %d, paragraph %d fails its check: %s\n", number, segment.line + 1,
                       failure.c_str());
    for (const std::string& warning : take.warnings())
      std::fprintf(stderr, "warning: chapter %d: %s\n", number, warning.c_str());
    bookFolder.record(entry);  // after every chapter: a stop loses only the one under way
    state[number] = "made";
    if (!o.json) {
      std::printf("chapter %d/%d: wrote %s (%.1f s)\n", number, count, audioFile.c_str(),
                  entry["seconds"].get<double>());
      if (!failing.empty())
        std::printf("chapter %d/%d: listen to paragraph%s %s: %s after %d retake%s\n", number, count,
                    failing.size() == 1 ? "" : "s", paragraphList(failing).c_str(),
                    failing.size() == 1 ? "it still fails its check" : "they still fail their checks",
                    o.listen.retakes, o.listen.retakes == 1 ? "" : "s");
    }
  }

  if (o.joined) {
    if (const int missing = bookFolder.firstUnfinished(book, key))
      std::fprintf(stderr, "warning: the book in one file needs every chapter, and chapter %d is not made yet\n",
                   missing);
    else
      bookFolder.writeJoined(book, key);
  }

  if (o.json) {
    Json chapters = Json::array();
    for (int number = 1; number <= count; ++number) {
      Json entry{{"number", number}, {"title", book.chapters[number - 1].title.toStdString()},
                 {"state", state[number]}};
      if (keptParagraphs.count(number)) entry["kept_paragraphs"] = keptParagraphs[number];
      for (const Json& recorded : bookFolder.manifest()["chapters"])
        if (recorded.value("number", 0) == number) {
          for (const char* field : {"file", "subtitles", "seconds"}) entry[field] = recorded.value(field, Json());
          if (recorded.contains("paragraphs_failing_check"))
            entry["paragraphs_failing_check"] = recorded["paragraphs_failing_check"];
        }
      chapters.push_back(entry);
    }
    std::printf("%s\n", Json{{"book", book.title.toStdString()},
                             {"source", o.book},
                             {"out", folder.string()},
                             {"made", todo.size()},
                             {"chapters", chapters},
                             {"joined", bookFolder.manifest().value("joined", Json())}}
                            .dump(2)
                            .c_str());
  } else {
    std::printf("%s: %zu chapter%s made, %d kept from before, in %s\n", book.title.toUtf8().constData(), todo.size(),
                todo.size() == 1 ? "" : "s",
                int(std::count_if(state.begin(), state.end(), [](const auto& s) { return s.second == "kept"; })),
                folder.c_str());
  }
  return 0;
}

const Registration registration([](CLI::App& app) -> Run {
  auto* sub = app.add_subcommand(
      "book", "Render a book (EPUB, Markdown or text) chapter by chapter in one voice, with subtitles; resumes");
  auto o = std::make_shared<BookOptions>();
  sub->add_option("book", o->book, "The book: .epub (chapters from its table of contents), .md (at its headings) "
                                   "or text (at lines such as \"第一章\" or \"Chapter 1\")")
      ->required()
      ->check(CLI::ExistingFile);
  o->engine.addTo(sub, /*modelRequired=*/false);
  o->voice.addVoice(sub);
  o->voice.addTextMode(sub);
  o->voice.addInstruction(sub);
  o->voice.addSeed(sub, "Random seed (default: the one book.json records, else a fresh one)");
  o->voice.addSpeed(sub);
  sub->add_option("--out", o->out, "Folder for the chapters' files and book.json (created when missing)");
  o->output.subtitles = "srt";
  o->output.addTo(sub, "each chapter's audio (default: srt)");
  auto* chapters = sub->add_option("--chapters", o->chapters,
                                   "Only these chapters: numbers as --list shows them, and ranges (3-5,9)")
                       ->delimiter(',')
                       ->type_name("LIST")
                       ->check(readBy(chapterRange, "is neither a chapter's number nor a range such as 3-5"));
  auto* shard = sub->add_option("--shard", o->shard,
                                "Only the K-th of N shares of the chosen chapters (K from 0; dealt in turn: task K "
                                "gets the chapters at places K, K+N, K+2N, ...), for the N tasks of a job array "
                                "rendering into one shared --out; needs --seed")
                    ->type_name("K/N")
                    ->check(readBy(shardOf, "is not K/N with 0 <= K < N, e.g. 0/3 for the first of 3 tasks"));
  auto* again = sub->add_flag("--again", o->again, "Make the chosen chapters again even when finished");
  sub->add_flag("--joined", o->joined,
                "Also write every chapter in one file with chapter marks, DIR/book.opus (once all are made)");
  auto* list = sub->add_flag("--list", o->list, "List the chapters and stop (no model needed)");
  sub->add_flag("--join", o->join,
                "Gather the chapters every task made into --out's book.json and write them in one file, "
                "book.opus, once all are made (no model needed)")
      ->excludes(chapters)
      ->excludes(shard)
      ->excludes(again)
      ->excludes(list);
  sub->add_flag("--json", o->json, "Print one JSON object listing the chapters and their files on stdout");
  o->listen.addTo(sub, "paragraph");
  return {sub, [o] { return renderBook(*o); }};
});

}  // namespace
}  // namespace cosystudio::cli
