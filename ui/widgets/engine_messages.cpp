#include "engine_messages.h"

#include "cosystudio/audio/clip.h"
#include "cosystudio/user_message.h"

#include <QCoreApplication>

namespace cosystudio::ui {

QString translated(const UserMessage& message) {
  return QString::fromStdString(message.render(
      [](const char* sentence) { return QCoreApplication::translate("Engine", sentence).toStdString(); }));
}

QString errorText(const std::exception& error) {
  if (const auto* audio = dynamic_cast<const audio::AudioError*>(&error); audio && audio->summary())
    return translated(*audio->summary()) + QStringLiteral("\n\n") + translated(audio->message());
  if (const auto* user = dynamic_cast<const UserError*>(&error)) return translated(user->message());
  return QString::fromStdString(error.what());
}

}  // namespace cosystudio::ui
