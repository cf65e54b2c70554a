// A take's sidecar, the JSON beside its audio: written by sidecarJson()
// (take_store.h), read back here with the audio into the take it was. The
// writing and the reading share this file so that they keep to one spelling.
#pragma once

#include "job.h"

#include <QJsonObject>
#include <QString>

namespace cosystudio::ui {

// The take stored as `wavPath` with `json` its sidecar, its segments cut from
// the joined audio by the lengths the sidecar gives. Throws std::runtime_error
// with a readable message.
Take takeFromFiles(const QString& wavPath, const QJsonObject& json);

}  // namespace cosystudio::ui
