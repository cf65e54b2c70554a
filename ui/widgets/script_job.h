// Text whose lines name saved voices, as a screenplay does ("Ann: …"), becomes
// a script job: each line spoken by its voice, one take. Text without such a
// line stays a job in one voice, exactly as before.
#pragma once

#include "job.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace cosystudio::ui {

// A line's "Name:" (ASCII or full-width colon, spaces after it included) when
// Name is one of `names`, as parseScriptText reads it: for the editor's colours
// and for giving lines to speakers.
struct SpeakerPrefix {
  QString name;
  int length = 0;  // UTF-16 units, the style in brackets and the colon included
};
std::optional<SpeakerPrefix> speakerPrefix(const QString& line, const QStringList& names);

// Makes `job` (built from the panels, its text and style set) a script job
// when a line of its text starts with the name of a saved voice in `voiceNames`
// and a colon; `fileFor` gives a voice's file. Lines before the first named one
// speak with `narrator` (the saved voice in use, or empty). Returns why it
// cannot be spoken, or nothing.
QString makeScriptJob(JobSpec& job, const QStringList& voiceNames, const QString& narrator,
                      const std::function<QString(const QString&)>& fileFor, double speakerPauseSeconds);

}  // namespace cosystudio::ui
