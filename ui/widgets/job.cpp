#include "job.h"

#include "engine_messages.h"

#include "cosystudio/audio/crossfade.h"
#include "cosystudio/request_rules.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QRandomGenerator>

#include <algorithm>

namespace cosystudio::ui {

namespace {
// Long recordings may be opened to cut a prompt clip out of them.
constexpr double kMaxOpenedClipSeconds = 600.0;
}  // namespace

QByteArray promptClipDigest(const QVector<float>& samples, int sampleRate) {
  QCryptographicHash hash(QCryptographicHash::Sha256);
  hash.addData(QByteArrayView(reinterpret_cast<const char*>(samples.constData()),
                              samples.size() * qsizetype(sizeof(float))));
  hash.addData(QByteArray::number(sampleRate));
  return hash.result();
}

audio::ClipLimits openedClipLimits() {
  audio::ClipLimits limits;
  limits.maxSeconds = kMaxOpenedClipSeconds;
  return limits;
}

bool loadPromptClip(PromptClip& clip, QString* error) {
  const auto fail = [&](const QString& message) {
    if (error) *error = message;
    return false;
  };
  audio::Clip mono;
  try {
    mono = audio::downmixToMono(audio::loadClip(clip.path.toStdString(), openedClipLimits()));
  } catch (const std::exception& e) {
    return fail(errorText(e));
  }
  const std::vector<float>& all = mono.channels.front();
  const qint64 out = clip.outFrame < 0 ? qint64(all.size()) : clip.outFrame;
  if (clip.inFrame < 0 || clip.inFrame >= out || out > qint64(all.size()))
    return fail(QCoreApplication::translate("PromptClip",
                                            "%1 is shorter than it was: the part selected as the prompt clip is gone.")
                    .arg(QDir::toNativeSeparators(clip.path)));
  QVector<float> samples(all.begin() + clip.inFrame, all.begin() + out);
  const QByteArray digest = promptClipDigest(samples, mono.sampleRate);
  if (!clip.digest.isEmpty() && digest != clip.digest)
    return fail(QCoreApplication::translate("PromptClip",
                                            "%1 has changed: the part selected as the prompt clip is no longer the "
                                            "one the job was made with.")
                    .arg(QDir::toNativeSeparators(clip.path)));
  clip.samples = std::move(samples);
  clip.sampleRate = mono.sampleRate;
  clip.digest = digest;
  return true;
}

audio::Clip engineClip(const PromptClip& clip) {
  audio::Clip mono;
  mono.sampleRate = clip.sampleRate;
  mono.channels.emplace_back(clip.samples.begin(), clip.samples.end());
  return mono;
}

QString modeName(Mode mode) {
  switch (mode) {
    case Mode::ZeroShot: return QCoreApplication::translate("Mode", "Zero-shot");
    case Mode::CrossLingual: return QCoreApplication::translate("Mode", "Cross-lingual");
    case Mode::Instruct: return QCoreApplication::translate("Mode", "Instruct");
    case Mode::VoiceConversion: return QCoreApplication::translate("Mode", "Voice conversion");
  }
  return {};
}

quint64 randomSeed(QRandomGenerator& seeds) { return seeds.bounded(quint64(kMaxSeed) + 1); }

QString stageName(Stage stage) {
  switch (stage) {
    case Stage::Preparing: return QCoreApplication::translate("Stage", "preparing");
    case Stage::Text: return QCoreApplication::translate("Stage", "text");
    case Stage::SpeechTokens: return QCoreApplication::translate("Stage", "speech tokens");
    case Stage::Mel: return QCoreApplication::translate("Stage", "mel");
    case Stage::Waveform: return QCoreApplication::translate("Stage", "waveform");
    case Stage::Done: return QCoreApplication::translate("Stage", "done");
  }
  return {};
}

QString JobSpec::shownText() const {
  const QString shown = text.simplified();
  return shown.size() > 40 ? shown.left(39) + QChar(0x2026) : shown;
}

QString JobSpec::summary() const {
  QString line;
  if (isChapter())
    line = QCoreApplication::translate("JobSpec", "#%1 chapter %2 of %3 · %4")
               .arg(id)
               .arg(chapter().number)
               .arg(chapter().count)
               .arg(chapter().title);
  else
    line = (served ? QCoreApplication::translate("JobSpec", "#%1 API %2 · %3")
                   : QCoreApplication::translate("JobSpec", "#%1 %2 · %3"))
               .arg(id)
               .arg(modeName(settings.mode), shownText());
  return replacesSegment < 0 ? line
                             : line + QCoreApplication::translate("JobSpec", " (segment %1 of #%2)")
                                          .arg(replacesSegment + 1)
                                          .arg(regenerates);
}

QStringList Take::segmentTexts() const {
  QStringList texts;
  for (const TakeSegment& segment : segments) texts << segment.text;
  return texts;
}

QStringList Take::warnings() const {
  QStringList all;
  for (const TakeSegment& segment : segments) all << segment.warnings;
  return all;
}

int Take::speechTokens() const {
  int tokens = 0;
  for (const TakeSegment& segment : segments) tokens += segment.speechTokens;
  return tokens;
}

bool Take::isChecked() const {
  return std::any_of(segments.begin(), segments.end(), [](const TakeSegment& s) { return s.check.has_value(); });
}

QList<int> Take::segmentsFailing() const {
  QList<int> failing;
  for (int i = 0; i < segments.size(); ++i)
    if (segments[i].check && !segments[i].check->passed()) failing << i;
  return failing;
}

QList<int> Take::linesFailing() const {
  QList<int> lines;
  for (const int i : segmentsFailing())
    if (const int line = segments[i].line; line >= 0 && !lines.contains(line)) lines << line;
  return lines;
}

TakeSegment takeSegment(const SegmentResult& segment) {
  TakeSegment kept;
  kept.text = QString::fromStdString(segment.text);
  kept.userText = QString::fromStdString(segment.userText);
  kept.samples = QVector<float>(segment.samples.begin(), segment.samples.end());
  kept.speechTokens = segment.speechTokens;
  for (const std::string& warning : segment.warnings) kept.warnings << QString::fromStdString(warning);
  return kept;
}

QVector<float> joinSegments(const QVector<TakeSegment>& segments, int sampleRate, double pauseSeconds,
                            std::vector<audio::SampleSpan>* spans) {
  std::vector<float> joined;
  if (spans) spans->clear();
  for (const TakeSegment& segment : segments) {
    const std::vector<float> pause(size_t(std::max({0.0, pauseSeconds, segment.pauseBefore}) * sampleRate), 0.0f);
    if (!joined.empty() && !pause.empty()) audio::appendWithCrossfade(joined, pause.data(), pause.size(), sampleRate);
    const size_t begin =
        audio::appendWithCrossfade(joined, segment.samples.constData(), size_t(segment.samples.size()), sampleRate);
    if (spans) spans->push_back({begin, joined.size()});
  }
  return QVector<float>(joined.begin(), joined.end());
}

std::optional<Take> spliceRegeneratedSegment(const Take& whole, const Take& redo) {
  const int index = redo.spec.replacesSegment;
  if (redo.segments.isEmpty() || index < 0 || index >= whole.segments.size() ||
      redo.modelFolder != whole.modelFolder || redo.llmCheckpoint != whole.llmCheckpoint ||
      redo.sampleRate != whole.sampleRate || whole.segments[index].placedAt >= 0)  // a dubbing's: time-aligned
    return std::nullopt;
  Take spliced = whole;
  spliced.jobId = redo.jobId;
  spliced.created = redo.created;
  spliced.wavPath.clear();
  QVector<TakeSegment> made = redo.segments;
  const TakeSegment& replaced = whole.segments[index];
  for (TakeSegment& segment : made) {
    segment.regeneratedSeed = redo.seed;
    segment.speaker = replaced.speaker;  // a script's segment is made again in its speaker's voice
    segment.line = replaced.line;
  }
  made[0].pauseBefore = replaced.pauseBefore;
  // Made again from its own text, it still stands for the words the user wrote.
  if (made.size() == 1 && redo.spec.text == whole.segments[index].text)
    made[0].userText = whole.segments[index].userText;
  spliced.segments.remove(index);
  for (qsizetype i = 0; i < made.size(); ++i) spliced.segments.insert(index + i, made[i]);
  // An edited segment changes the text; the take then reads as its segments.
  if (redo.spec.text != whole.segments[index].text) {
    const QStringList texts = spliced.segmentTexts();
    const bool chinese = std::any_of(texts.begin(), texts.end(), [](const QString& t) {
      return std::any_of(t.begin(), t.end(), [](QChar c) { return c.script() == QChar::Script_Han; });
    });
    spliced.spec.text = texts.join(chinese ? QString() : QStringLiteral(" "));
  }
  // Timings and memory are those of the run that produced the new audio.
  spliced.memoryBefore = redo.memoryBefore;
  spliced.memoryAfter = redo.memoryAfter;
  spliced.firstAudioSeconds = redo.firstAudioSeconds;
  spliced.totalSeconds = redo.totalSeconds;
  spliced.realTimeFactor = redo.realTimeFactor;
  spliced.samples = joinSegments(spliced.segments, spliced.sampleRate);
  return spliced;
}

JobSpec regenerationJob(const Take& take, int segment, const QString& text, quint64 seed) {
  JobSpec job = take.spec;
  if (take.spec.isScript()) {
    // One line of a script: its speaker's voice and its own style.
    const TakeSegment& made = take.segments[segment];
    const Script& script = take.spec.script();
    job.kind = {};  // a text in that voice
    job.voiceName = made.speaker;
    if (const CastMember* member = script.member(made.speaker.toStdString()))
      job.voiceFile = QString::fromStdString(member->voiceFile.string());
    if (made.line >= 0 && made.line < int(script.lines.size())) {
      const ScriptLine& line = script.lines[std::size_t(made.line)];
      job.instruction = QString::fromStdString(line.instruction);
      job.settings.mode = line.mode.value_or(job.settings.mode);
      job.settings.speed = line.speed.value_or(job.settings.speed);
    }
  }
  job.text = text;
  job.regenerates = take.jobId;
  job.replacesSegment = segment;
  job.settings.seed = seed;
  return job;
}

}  // namespace cosystudio::ui
