#include "engine_messages.h"

#include "cosystudio/user_message.h"

#include <QCoreApplication>

namespace cosystudio::ui {

namespace {

std::string inTheUsersLanguage(const char* sentence) {
  return QCoreApplication::translate("Engine", sentence).toStdString();
}

}  // namespace

QString translated(const UserMessage& message) { return QString::fromStdString(message.render(inTheUsersLanguage)); }

QString errorText(const std::exception& error) {
  return QString::fromStdString(cosystudio::describeError(error, inTheUsersLanguage));
}

}  // namespace cosystudio::ui
