#include "cosystudio/user_message.h"

namespace cosystudio {

UserMessage::UserMessage(std::string verbatim) : verbatim_(std::move(verbatim)) {}

std::string UserMessage::render(const Translate& translate) const {
  if (!sentence_) return verbatim_;
  const std::string sentence = translate ? translate(sentence_) : std::string(sentence_);
  std::string out;
  for (std::size_t i = 0; i < sentence.size(); ++i) {
    const char c = sentence[i];
    const bool placeholder = c == '%' && i + 1 < sentence.size() && sentence[i + 1] >= '1' && sentence[i + 1] <= '9';
    const std::size_t index = placeholder ? std::size_t(sentence[i + 1] - '1') : 0;
    if (placeholder && index < args_.size()) {
      out += args_[index].render(translate);
      ++i;
    } else {
      out += c;
    }
  }
  return out;
}

UserError::UserError(UserMessage message) : std::runtime_error(message.render()), message_(std::move(message)) {}

std::string describeError(const std::exception& error, const UserMessage::Translate& translate) {
  const auto* user = dynamic_cast<const UserError*>(&error);
  if (!user) return error.what();
  if (!user->summary()) return user->message().render(translate);
  return user->summary()->render(translate) + "\n\n" + user->message().render(translate);
}

}  // namespace cosystudio
