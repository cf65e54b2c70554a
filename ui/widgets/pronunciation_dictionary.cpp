#include "pronunciation_dictionary.h"

#include <QCoreApplication>
#include <QFile>

#include <bzlib.h>

#include <algorithm>
#include <array>
#include <string_view>

namespace cosystudio::ui {

namespace {

// The whole of a .bz2 file, decompressed; empty (and *error set) on failure.
QByteArray readBzip2(const QString& path, QString* error) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    *error = file.errorString();
    return {};
  }
  const QByteArray packed = file.readAll();
  bz_stream stream{};
  if (BZ2_bzDecompressInit(&stream, 0, 0) != BZ_OK) {
    *error = QCoreApplication::translate("PronunciationDictionary", "cannot start the bzip2 decoder");
    return {};
  }
  stream.next_in = const_cast<char*>(packed.constData());
  stream.avail_in = unsigned(packed.size());
  QByteArray text;
  int status = BZ_OK;
  while (status == BZ_OK) {
    const qsizetype done = text.size();
    text.resize(done + 1024 * 1024);
    stream.next_out = text.data() + done;
    stream.avail_out = 1024 * 1024;
    status = BZ2_bzDecompress(&stream);
    text.resize(text.size() - stream.avail_out);
    if (status == BZ_OK && stream.avail_in == 0 && stream.avail_out != 0) break;  // truncated
  }
  BZ2_bzDecompressEnd(&stream);
  if (status != BZ_STREAM_END) {
    *error = QCoreApplication::translate("PronunciationDictionary", "not a complete bzip2 file");
    return {};
  }
  return text;
}

// Unihan fields with Mandarin readings, in the order their readings are offered:
// the common reading, then the two modern dictionaries, then the historical one.
constexpr std::array<std::string_view, 4> kReadingFields = {"kMandarin", "kTGHZ2013", "kXHC1983", "kHanyuPinyin"};

bool isCmuVowel(std::string_view phone) {
  static constexpr std::array<std::string_view, 16> vowels = {"aa", "ae", "ah", "ao", "aw", "ax", "ay", "eh",
                                                              "er", "ey", "ih", "iy", "ow", "oy", "uh", "uw"};
  return std::find(vowels.begin(), vowels.end(), phone) != vowels.end();
}

// Calls f(piece) for each piece of `text` between separators (empty ones too).
template <typename F>
void forEachPiece(std::string_view text, char separator, F&& f) {
  for (size_t start = 0; start <= text.size();) {
    const size_t end = std::min(text.find(separator, start), text.size());
    f(text.substr(start, end - start));
    start = end + 1;
  }
}

}  // namespace

QString PronunciationDictionary::defaultUnihanReadings() {
  return QStringLiteral("/usr/share/unicode/Unihan_Readings.txt.bz2");
}

QString PronunciationDictionary::defaultCmuLexicon() {
  return QStringLiteral("/usr/share/festival/dicts/cmu/cmudict-0.4.out");
}

const PronunciationDictionary& PronunciationDictionary::system() {
  static const PronunciationDictionary dictionary(defaultUnihanReadings(), defaultCmuLexicon());
  return dictionary;
}

PronunciationDictionary::PronunciationDictionary(const QString& unihanReadings, const QString& cmuLexicon) {
  readUnihan(unihanReadings);
  readCmu(cmuLexicon);
}

QStringList PronunciationDictionary::pinyin(char32_t character) const { return pinyin_.value(character); }

QStringList PronunciationDictionary::phones(const QString& word) const { return phones_.value(word.toLower()); }

// Lines look like "U+597D<TAB>kXHC1983<TAB>0445.030:hǎo 0448.030:hào"; the
// dictionary fields put locations before a colon and may list several
// readings after it ("21028.010:hǎo,hào").
void PronunciationDictionary::readUnihan(const QString& path) {
  QString error;
  const QByteArray text = readBzip2(path, &error);
  if (text.isEmpty()) {
    problems_ << QCoreApplication::translate("PronunciationDictionary", "Pinyin readings (%1): %2").arg(path, error);
    return;
  }
  QHash<char32_t, std::array<QStringList, kReadingFields.size()>> byField;
  forEachPiece(std::string_view(text.constData(), size_t(text.size())), '\n', [&](std::string_view line) {
    const size_t tab = line.find('\t'), secondTab = line.find('\t', tab + 1);
    if (line.substr(0, 2) != "U+" || secondTab == std::string_view::npos) return;
    const auto field =
        std::find(kReadingFields.begin(), kReadingFields.end(), line.substr(tab + 1, secondTab - tab - 1));
    if (field == kReadingFields.end()) return;
    bool ok = false;
    const char32_t character = char32_t(QByteArray(line.data() + 2, qsizetype(tab - 2)).toUInt(&ok, 16));
    if (!ok) return;
    QStringList& readings = byField[character][size_t(field - kReadingFields.begin())];
    forEachPiece(line.substr(secondTab + 1), ' ', [&](std::string_view entry) {
      const size_t colon = entry.rfind(':');
      forEachPiece(entry.substr(colon == std::string_view::npos ? 0 : colon + 1), ',', [&](std::string_view reading) {
        if (!reading.empty()) readings << QString::fromUtf8(reading.data(), qsizetype(reading.size()));
      });
    });
  });
  for (auto it = byField.cbegin(); it != byField.cend(); ++it) {
    QStringList merged;
    for (const QStringList& readings : it.value())
      for (const QString& reading : readings)
        if (!merged.contains(reading)) merged << reading;
    pinyin_.insert(it.key(), merged);
  }
}

// Festival's copy of CMUdict: ("minute" n (((m ih) 1) ((n ax t) 0))) — lower-case
// phones grouped in syllables, each with its stress, and "ax" for unstressed AH.
void PronunciationDictionary::readCmu(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    problems_ << QCoreApplication::translate("PronunciationDictionary", "English phones (%1): %2").arg(path, file.errorString());
    return;
  }
  const QByteArray text = file.readAll();
  forEachPiece(std::string_view(text.constData(), size_t(text.size())), '\n', [&](std::string_view line) {
    const size_t wordEnd = line.find('"', 2);
    const size_t syllables = line.find("(((", wordEnd);
    if (line.substr(0, 2) != "(\"" || wordEnd == std::string_view::npos || syllables == std::string_view::npos) return;
    QStringList phones;
    // Each syllable is "((p h o n e s) stress)".
    for (size_t at = line.find("((", syllables + 1); at != std::string_view::npos; at = line.find("((", at + 2)) {
      const size_t close = line.find(')', at);
      if (close == std::string_view::npos || close + 2 >= line.size()) break;
      const char stress = line[close + 2];
      forEachPiece(line.substr(at + 2, close - at - 2), ' ', [&](std::string_view phone) {
        if (phone.empty()) return;
        const std::string_view name = phone == "ax" ? std::string_view("ah") : phone;
        QString arpabet = QString::fromLatin1(name.data(), qsizetype(name.size())).toUpper();
        if (isCmuVowel(phone)) arpabet += QLatin1Char(stress);
        phones << arpabet;
      });
    }
    if (phones.isEmpty()) return;
    const std::string_view word = line.substr(2, wordEnd - 2);
    QStringList& known = phones_[QString::fromUtf8(word.data(), qsizetype(word.size())).toLower()];
    const QString pronunciation = phones.join(QLatin1Char(' '));
    if (!known.contains(pronunciation)) known << pronunciation;
  });
}

}  // namespace cosystudio::ui
