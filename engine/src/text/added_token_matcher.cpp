#include "text/added_token_matcher.h"

namespace cosystudio::text {

AddedTokenMatcher::AddedTokenMatcher(const std::vector<std::string>& tokens) : nodes_(1) {
  for (int index = 0; index < static_cast<int>(tokens.size()); ++index) {
    int node = 0;
    for (const char c : tokens[index]) {
      const auto byte = static_cast<unsigned char>(c);
      int child = -1;
      for (const auto& [b, n] : nodes_[node].children)
        if (b == byte) child = n;
      if (child < 0) {
        child = static_cast<int>(nodes_.size());
        nodes_[node].children.emplace_back(byte, child);
        nodes_.emplace_back();
      }
      node = child;
    }
    if (nodes_[node].token < 0) nodes_[node].token = index;
    if (!tokens[index].empty()) firstByte_[static_cast<unsigned char>(tokens[index][0])] = true;
  }
}

AddedTokenMatcher::Match AddedTokenMatcher::matchAt(std::string_view text, std::size_t pos) const {
  Match best;
  int node = 0;
  for (std::size_t i = pos; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    int child = -1;
    for (const auto& [b, n] : nodes_[node].children)
      if (b == byte) child = n;
    if (child < 0) break;
    node = child;
    if (nodes_[node].token >= 0) best = {pos, i + 1 - pos, nodes_[node].token};
  }
  return best;
}

AddedTokenMatcher::Match AddedTokenMatcher::find(std::string_view text, std::size_t from) const {
  for (std::size_t pos = from; pos < text.size(); ++pos) {
    if (!firstByte_[static_cast<unsigned char>(text[pos])]) continue;
    const Match match = matchAt(text, pos);
    if (match.index >= 0) return match;
  }
  return {};
}

}  // namespace cosystudio::text
