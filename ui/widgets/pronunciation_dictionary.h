// Readings the pronunciation helper offers, from dictionaries Debian ships:
// Unihan (package unicode-data) for the toned pinyin of a Chinese character and
// the CMU pronouncing dictionary (package festlex-cmu — the only packaged copy
// that keeps the stress marks the model's phone tokens carry) for English words.
// A missing file only means no suggestions; the user can still type a reading.
#pragma once

#include <QHash>
#include <QString>
#include <QStringList>

namespace cosystudio::ui {

class PronunciationDictionary {
 public:
  static QString defaultUnihanReadings();  // /usr/share/unicode/Unihan_Readings.txt.bz2
  static QString defaultCmuLexicon();      // /usr/share/festival/dicts/cmu/cmudict-0.4.out

  // The default files, read on first use (under a second) and kept; thread-safe.
  static const PronunciationDictionary& system();

  // Reads both files; an unreadable one leaves its half empty (see problems()).
  PronunciationDictionary(const QString& unihanReadings, const QString& cmuLexicon);

  // Toned pinyin readings of a Chinese character, the common one first ("hǎo", "hào").
  QStringList pinyin(char32_t character) const;
  // CMU phones of an English word, one string per pronunciation ("M IH1 N AH0 T").
  QStringList phones(const QString& word) const;
  // Why a dictionary could not be read, one line each; empty when both were.
  const QStringList& problems() const { return problems_; }

 private:
  void readUnihan(const QString& path);
  void readCmu(const QString& path);

  QHash<char32_t, QStringList> pinyin_;
  QHash<QString, QStringList> phones_;
  QStringList problems_;
};

}  // namespace cosystudio::ui
