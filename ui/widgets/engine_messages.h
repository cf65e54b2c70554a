// The engine's messages in the user's language. The engine marks its
// sentences with COSYSTUDIO_MESSAGE (cosystudio/user_message.h); lupdate
// collects them under the context "Engine" and they are translated here, with
// file names, numbers and libraries' own words kept as they are.
#pragma once

#include <QString>

#include <exception>

namespace cosystudio {
class UserMessage;
}

namespace cosystudio::ui {

QString translated(const UserMessage& message);

// The message of an exception caught from the engine: translated when the
// engine wrote it for the user, else its text as it is. A file that could not
// be read gives the window's convention for a message with details: one
// sentence naming the file, a blank line ("\n\n"), then the whole path, the
// reason and the audio library's own words.
QString errorText(const std::exception& error);

}  // namespace cosystudio::ui
