// What the engine tells the user, in a form a front end can translate: an
// English sentence with %1…%9 placeholders (Qt's convention) and the values
// that fill them, each either shown as it is (a file name, a number, a
// library's own words) or a sentence of its own.
//
//   throw EngineError({COSYSTUDIO_MESSAGE("Engine", "segment %1 has no text"), {std::to_string(n)}});
//
// COSYSTUDIO_MESSAGE only marks the sentence, so that Qt's lupdate collects it
// (-tr-function-alias QT_TRANSLATE_NOOP+=COSYSTUDIO_MESSAGE); the engine itself
// never depends on Qt. Unmarked text is shown as it is in every language.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#define COSYSTUDIO_MESSAGE(context, sentence) sentence

namespace cosystudio {

class UserMessage {
 public:
  // A sentence, a string literal (kept by address), whose %1…%9 are filled
  // with `args` in order.
  template <std::size_t N>
  UserMessage(const char (&sentence)[N], std::vector<UserMessage> args = {})
      : sentence_(sentence), args_(std::move(args)) {}
  // Text shown as it is in every language.
  UserMessage(std::string verbatim);

  // Translates every sentence (the identity when `translate` is empty) and
  // fills each %N with its rendered argument, in one pass: an argument's own
  // text is never searched for placeholders.
  using Translate = std::function<std::string(const char* sentence)>;
  std::string render(const Translate& translate = {}) const;

 private:
  const char* sentence_ = nullptr;
  std::string verbatim_;
  std::vector<UserMessage> args_;
};

// An error whose message the user sees: what() is the English rendering.
class UserError : public std::runtime_error {
 public:
  explicit UserError(UserMessage message);
  const UserMessage& message() const { return message_; }
  // One sentence a window shows first, the message then being its details
  // (an audio file that cannot be read: audio::AudioError::reading); empty
  // when the message says it all.
  const std::optional<UserMessage>& summary() const { return summary_; }

 protected:
  void setSummary(UserMessage summary) { summary_ = std::move(summary); }

 private:
  UserMessage message_;
  std::optional<UserMessage> summary_;
};

// What the user reads of `error`, one rule for the window and the CLI: the
// summary first and the details after a blank line, or the message of a
// UserError, or any other error's what(); `translate` gives the language.
std::string describeError(const std::exception& error, const UserMessage::Translate& translate = {});

}  // namespace cosystudio
