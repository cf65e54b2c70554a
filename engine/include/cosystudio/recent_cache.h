// The most recently used entries of a map, at most `capacity` of them: voices
// prepared for synthesis are kept for the next request, but not every voice a
// session that runs for days has ever used.
#pragma once

#include <cstddef>
#include <iterator>
#include <list>
#include <map>
#include <utility>

namespace cosystudio {

template <typename Key, typename Value>
class RecentCache {
 public:
  explicit RecentCache(std::size_t capacity) : capacity_(capacity) {}

  // The entry, now the most recent; nullptr when it is not (or no longer) kept.
  Value* find(const Key& key) {
    const auto found = index_.find(key);
    if (found == index_.end()) return nullptr;
    entries_.splice(entries_.begin(), entries_, found->second);
    return &found->second->second;
  }

  // Keeps `value` as the most recent entry, dropping the least recent one
  // when more than `capacity` would be kept.
  Value& insert(const Key& key, Value value) {
    if (Value* kept = find(key)) return *kept = std::move(value);
    entries_.emplace_front(key, std::move(value));
    index_.emplace(key, entries_.begin());
    if (entries_.size() > capacity_) {
      index_.erase(entries_.back().first);
      entries_.pop_back();
    }
    return entries_.front().second;
  }

  void clear() {
    index_.clear();
    entries_.clear();
  }
  std::size_t size() const { return entries_.size(); }
  std::size_t capacity() const { return capacity_; }

 private:
  using Entries = std::list<std::pair<Key, Value>>;  // the most recent first
  std::size_t capacity_;
  Entries entries_;
  std::map<Key, typename Entries::iterator> index_;
};

}  // namespace cosystudio
