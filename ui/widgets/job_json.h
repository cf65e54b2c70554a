// A JobSpec as JSON: the one spelling of its fields, shared by the queue kept
// across sessions (saved_queue) and a take's sidecar (take_sidecar), which adds
// the take's own fields to the same object.
#pragma once

#include "job.h"

#include <QJsonObject>

#include <optional>

namespace cosystudio::ui {

// Every field the user set: the settings as settings_json.h spells them
// ("mode" as modeId, "seed" as a decimal string), the prompt clip as its file and selection
// ("prompt_clip", "prompt_clip_in", "prompt_clip_out" in frames, -1 = to its
// end, "prompt_clip_sha256") so that it can be cut again. Not the job's id nor
// what ties it to a take of this session (regenerates, replacesSegment).
QJsonObject jobJson(const JobSpec& job);

// The job back, its clip not cut yet (loadPromptClip); absent fields take
// JobSpec's defaults. With a "voice_file" the prompt_clip fields are not read:
// a saved voice replaces the clip, and older sidecars put the voice file
// there. Nullopt when a setting cannot be read (SettingsReading::Strict).
std::optional<JobSpec> jobFromJson(const QJsonObject& json);

// The same for a take's sidecar, which has never refused one for these: an
// unknown mode (the first sidecars named it in the window's words) is read as
// zero-shot and an unreadable seed as 0.
JobSpec jobFromJsonLeniently(const QJsonObject& json);

}  // namespace cosystudio::ui
