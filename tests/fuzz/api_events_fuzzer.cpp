// What a CosyStudio server answers its client (services/server/remote_speech.h):
// any bytes as one line of the NDJSON events of POST /cosystudio/v1/speech,
// or as the answer of a reset or a speaker comparison.
// A server is not trusted: whatever a line holds is read without an exception
// or a crash, and a result read back keeps its segments' samples joined.
#include "fuzz_support.h"

#include "services/server/api_events.h"

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <map>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace cosystudio::services;
  const auto event = nlohmann::ordered_json::parse(data, data + size, nullptr, false);
  if (event.is_discarded()) return 0;
  (void)textField(event, "event");
  (void)progressFromEvent(event);
  (void)audioFromEvent(event);
  (void)resetFromAnswer(event);
  (void)similarityFromAnswer(event);
  // A segment's samples sent before, as a long text's are: the result's segments without samples take them.
  std::map<int, std::vector<float>> sent;
  if (auto segment = segmentFromEvent(event)) sent.emplace(segment->first, std::move(segment->second.samples));
  if (const auto result = resultFromEvent(event, sent)) {
    std::size_t samples = 0;
    for (const cosystudio::SegmentResult& segment : result->segments) samples += segment.samples.size();
    if (result->samples.size() > samples) std::abort();  // the crossfade only shortens
  }
  return 0;
}
