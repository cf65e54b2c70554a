// The most recently used entries of a map, at most `capacity` of them and at
// most `maxBytes` as their sizes are given: voices prepared for synthesis are
// kept for the next request, but not every voice a session that runs for days
// has ever used.
#pragma once

#include <cstddef>
#include <limits>
#include <list>
#include <map>
#include <utility>

namespace cosystudio {

template <typename Key, typename Value>
class RecentCache {
 public:
  explicit RecentCache(std::size_t capacity, std::size_t maxBytes = std::numeric_limits<std::size_t>::max())
      : capacity_(capacity), maxBytes_(maxBytes) {}

  // The entry, now the most recent; nullptr when it is not (or no longer) kept.
  Value* find(const Key& key) {
    const auto found = index_.find(key);
    if (found == index_.end()) return nullptr;
    entries_.splice(entries_.begin(), entries_, found->second);
    return &found->second->value;
  }

  // Keeps `value`, which takes `bytes`, as the most recent entry, dropping the
  // least recent ones while more than `capacity` entries or `maxBytes` would
  // be kept. The new entry itself stays whatever its size: it is in use.
  Value& insert(const Key& key, Value value, std::size_t bytes = 0) {
    if (const auto found = index_.find(key); found != index_.end()) drop(found->second);
    entries_.push_front({key, std::move(value), bytes});
    index_.emplace(key, entries_.begin());
    bytes_ += bytes;
    while (entries_.size() > 1 && (entries_.size() > capacity_ || bytes_ > maxBytes_)) drop(std::prev(entries_.end()));
    return entries_.front().value;
  }

  // Whether `key` is kept, leaving the order as it is.
  bool contains(const Key& key) const { return index_.count(key) != 0; }

  void clear() {
    index_.clear();
    entries_.clear();
    bytes_ = 0;
  }
  std::size_t size() const { return entries_.size(); }
  std::size_t bytes() const { return bytes_; }
  std::size_t capacity() const { return capacity_; }
  std::size_t maxBytes() const { return maxBytes_; }

 private:
  struct Entry {
    Key key;
    Value value;
    std::size_t bytes;
  };
  using Entries = std::list<Entry>;  // the most recent first

  void drop(typename Entries::iterator entry) {
    bytes_ -= entry->bytes;
    index_.erase(entry->key);
    entries_.erase(entry);
  }

  std::size_t capacity_;
  std::size_t maxBytes_;
  std::size_t bytes_ = 0;
  Entries entries_;
  std::map<Key, typename Entries::iterator> index_;
};

}  // namespace cosystudio
