// Instruction presets in the exact form of CosyVoice3's instruct list.
#pragma once

#include <QList>
#include <QString>

namespace cosystudio::ui {

struct InstructionPreset {
  enum class Kind { Dialect, Emotion, Speed, Loudness, Role };
  Kind kind;
  QString label;        // shown to the user (translated)
  QString instruction;  // what the model receives between the system prefix and <|endofprompt|>
};

QList<InstructionPreset> instructionPresets();
QString kindName(InstructionPreset::Kind kind);

// Instructions longer than this are likely to be spoken or ignored.
constexpr int kLongInstructionChars = 50;

}  // namespace cosystudio::ui
