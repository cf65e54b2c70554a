// What a long text, script or dubbing job made before it stopped (a cancel, a
// quit, a crash), kept in a folder of its own: the job resumes where it
// stopped, and until then what it made is a take marked incomplete
// (Take::plannedParts).
//
// <app data>/parts/<uuid>/ (JobSpec::partsFolder) holds job.json, written with
// the first part, {"job": the job as job_json.h spells it, "parts": N}; `take`,
// naming the incomplete take's file once it is written; and the parts as
// kept_results.h keeps them, PPPP.wav and PPPP.json: a text's segments, a
// script's lines or a dubbing's cues (numbered by their place on its timeline). A part's key is a hash of the job, the model, its
// checkpoint and the precision it was made in: a part made otherwise is made again.
#pragma once

#include "job.h"

#include "cosystudio/dubbing.h"

#include <QSet>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace cosystudio::ui {

class JobParts {
 public:
  // Where the parts of the job `engine` makes go. `job.partsFolder` is set.
  JobParts(const JobSpec& job, const LoadOptions& engine);

  // Jobs whose parts are kept: a text's, a script's and a dubbing's, asked for
  // in the window (a served job ends with its connection), not one segment
  // made again, nor a chapter (its book keeps its lines).
  static bool keepsParts(const JobSpec& job);
  // A new, unused folder under <app data>/parts for a job that keeps its parts.
  static QString newFolder();

  // The text's segments: each kept as it is made, and taken instead of made again.
  void keepSegments(SynthesisCallbacks& callbacks) const;
  // The script's lines, the same way.
  ScriptLineStore lineStore() const;
  // The dubbing's cues, the same way.
  DubbingCueStore cueStore() const;

  // The take of the parts kept, from the first up to the first not kept,
  // marked incomplete; nothing when none is kept. Reads the folder alone, so
  // that what a job that stopped without a word made is found at the next start.
  static std::optional<Take> keptTake(const QString& partsFolder);
  // The incomplete take of the parts is written at `wavPath`.
  static void noteTake(const QString& partsFolder, const QString& wavPath);
  // Folders under <app data>/parts that no job in `waiting` resumes and no
  // take was written of: left by a job that stopped before it could say so.
  // A folder whose take is gone (deleted outside CosyStudio) is dropped.
  static QStringList unclaimed(const QSet<QString>& waiting);
  // Forgets the parts: the job's take is whole, or the incomplete take is deleted.
  static void drop(const QString& partsFolder);

 private:
  std::string partKey(int part, const std::string& text) const;
  void writeJobOnce(int parts) const;
  void keepQuietly(int parts, const std::function<void()>& keep) const;

  JobSpec job_;
  std::string key_;
  Precision precision_;
};

}  // namespace cosystudio::ui
