// Subtitles dubbed in the window. File → Open subtitles… reads an SRT or
// WebVTT file into a dubbing job (JobSpec::dubbing) in the voice and style the
// panels describe; the engine worker renders it with the engine's
// renderDubbing (cosystudio/dubbing.h) into one take laid out on the
// subtitles' timeline: a segment per spoken cue, placed where its cue starts
// (TakeSegment::placedAt), silence between them, and the take's warnings name
// each cue made faster to fit its time and each one that still does not fit.
#pragma once

#include "job.h"

#include "cosystudio/audio/crossfade.h"
#include "cosystudio/dubbing.h"

#include <QJsonObject>
#include <QString>

#include <vector>

namespace cosystudio::ui {

// Whether `path` names subtitles by its suffix (.srt, .vtt), as a file dropped on the window is told apart.
bool isSubtitleFile(const QString& path);

// The cues of the subtitle file at `path`. None, with `error` set (one
// sentence naming the file, then the whole path and the reader's own words,
// the line of a malformed cue among them), when it cannot be read, is not
// subtitles, or holds no cue.
std::vector<text::SubtitleCue> readSubtitleFile(const QString& path, QString* error);

// Makes `job` (built from the panels: its voice and style set) dub the
// subtitles at `path`, a cue made at most `maxSpeed` fast to fit (never less
// than the job's own speed). Returns why it cannot, naming the file, or nothing;
// `job` is then as it was.
QString makeDubbingJob(JobSpec& job, const QString& path, double maxSpeed);

// The engine's options for a dubbing job.
DubbingOptions dubbingOptions(const JobSpec& job);

// The take of a dubbing job: the track's audio, a segment per cue that speaks
// (its audio where it lies in the track, after any cut), each with its cue's
// warnings, in the user's language.
Take dubbedTake(const JobSpec& job, const DubbedTrack& track);

// JobSpec::dubbing in a job's JSON ("dubbing": file, max_speed, cues).
QJsonObject dubbingJson(const JobSpec::Dubbing& dubbing);
// Throws std::runtime_error when the object is not one dubbingJson writes.
JobSpec::Dubbing dubbingFromJson(const QJsonObject& json);

// Whether a take's segments lie where they were placed (a dubbing's) rather
// than joined one after another.
bool isPlaced(const QVector<TakeSegment>& segments);
// `track` with each placed segment's audio written over its place (levelled
// segments of an export); `spans`, when given, receives where each lies.
QVector<float> placeSegments(QVector<float> track, const QVector<TakeSegment>& segments,
                             std::vector<audio::SampleSpan>* spans = nullptr);

}  // namespace cosystudio::ui
