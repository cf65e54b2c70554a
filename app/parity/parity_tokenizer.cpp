// cosystudio-parity tokenizer <set-dir>
//
// Encodes every line of <set-dir>/corpus.txt (one JSON string per line) with
// the vocabulary in <set-dir>/../vocab/ and compares ids and decodes with
// expected.jsonl and decode_cases.jsonl. Every mismatch is printed.
//
// cosystudio-parity text <e2e-case-dir>
//
// Rebuilds the official frontend's text inputs of an end-to-end case from its
// manifest (mode, user texts): every text_normalize call, the prompt text, the
// segments, and their token ids (tensors.pt seg<k>.frontend.text/prompt_text).
#include "registry.h"
#include "report.h"

#include "cosystudio/text/prompt.h"
#include "cosystudio/text/tokenizer.h"
#include "text/unicode.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <stdexcept>

namespace cosystudio::parity {
namespace {

using nlohmann::json;

std::vector<json> readJsonLines(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error("cannot open " + file.string());
  std::vector<json> rows;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty()) continue;
    try {
      rows.push_back(json::parse(line));
    } catch (const json::exception& e) {
      throw std::runtime_error(file.string() + " line " + std::to_string(number) + ": " + e.what());
    }
  }
  return rows;
}

std::string idsText(const std::vector<int32_t>& ids) { return json(ids).dump(); }

void mismatch(const std::string& what, const std::string& caseName, const std::string& got,
              const std::string& expected) {
  std::printf("MISMATCH %s %s\n  got      %s\n  expected %s\n", what.c_str(), caseName.c_str(), got.c_str(),
              expected.c_str());
}

// The engine's added tokens must be the fixture's, id for id.
void checkAddedTokens(const text::Tokenizer& tokenizer, const std::filesystem::path& file, Report& report) {
  std::ifstream in(file);
  if (!in) return report.failure("added_tokens", "cannot open " + file.string());
  const json specials = json::parse(in);
  long long matches = 0;
  const auto& expected = specials.at("added_tokens");
  for (const auto& entry : expected) {
    const auto id = tokenizer.addedTokenId(entry.at("content").get<std::string>());
    if (id && *id == entry.at("id").get<int32_t>())
      ++matches;
    else
      mismatch("added token", entry.at("content").get<std::string>(), id ? std::to_string(*id) : "absent",
               entry.at("id").dump());
  }
  report.exact("added_tokens.exact", matches, static_cast<long long>(expected.size()));
  report.exact("added_tokens.count", static_cast<long long>(tokenizer.addedTokens().size()),
               static_cast<long long>(expected.size()));
  report.exact("vocabulary_size", tokenizer.size(), specials.at("tokenizer_length").get<long long>());
}

void checkCorpus(const text::Tokenizer& tokenizer, const std::filesystem::path& setDir, Report& report) {
  const auto corpus = readJsonLines(setDir / "corpus.txt");
  const auto expected = readJsonLines(setDir / "expected.jsonl");
  report.exact("corpus.lines", static_cast<long long>(corpus.size()), static_cast<long long>(expected.size()));
  long long encodeOk = 0, decodeOk = 0, keepOk = 0, nfcOk = 0, losslessOk = 0;
  const std::size_t n = std::min(corpus.size(), expected.size());
  for (std::size_t i = 0; i < n; ++i) {
    const auto& row = expected[i];
    const std::string name = row.value("id", "line " + std::to_string(i + 1));
    const auto text = corpus[i].get<std::string>();
    if (text != row.at("text").get<std::string>())
      mismatch("corpus text", name, json(text).dump(), row.at("text").dump());
    const auto wanted = row.at("ids").get<std::vector<int32_t>>();
    std::vector<int32_t> ids;
    try {
      ids = tokenizer.encode(text);
    } catch (const std::exception& e) {
      mismatch("encode", name, std::string("error: ") + e.what(), idsText(wanted));
      continue;
    }
    if (ids == wanted)
      ++encodeOk;
    else
      mismatch("encode", name + " " + json(text).dump(), idsText(ids), idsText(wanted));
    const auto decoded = tokenizer.decode(wanted);
    if (decoded == row.at("decoded").get<std::string>())
      ++decodeOk;
    else
      mismatch("decode", name, json(decoded).dump(), row.at("decoded").dump());
    const auto kept = tokenizer.decode(wanted, true);
    if (kept == row.at("decoded_keep_special").get<std::string>())
      ++keepOk;
    else
      mismatch("decode_keep_special", name, json(kept).dump(), row.at("decoded_keep_special").dump());
    const auto nfc = text::toNfc(text);
    if (nfc == row.at("normalized").get<std::string>())
      ++nfcOk;
    else
      mismatch("nfc", name, json(nfc).dump(), row.at("normalized").dump());
    // Whether decoding with the special tokens gives the normalised text back.
    const bool lossless = kept == nfc;
    if (lossless == row.at("keep_special_lossless").get<bool>())
      ++losslessOk;
    else
      mismatch("keep_special_lossless", name, json(lossless).dump(), row.at("keep_special_lossless").dump());
  }
  const auto total = static_cast<long long>(expected.size());
  std::printf("corpus: %lld/%lld encodes, %lld/%lld decodes, %lld/%lld decodes keeping special tokens exact\n",
              encodeOk, total, decodeOk, total, keepOk, total);
  report.exact("encode.exact_lines", encodeOk, total);
  report.exact("decode.exact_lines", decodeOk, total);
  report.exact("decode_keep_special.exact_lines", keepOk, total);
  report.exact("nfc.exact_lines", nfcOk, total);
  report.exact("keep_special_lossless.exact_lines", losslessOk, total);
  report.notCompared("tokens", "the vocabulary's spelling of `ids`, which are compared exactly");
}

void checkDecodeCases(const text::Tokenizer& tokenizer, const std::filesystem::path& file, Report& report) {
  const auto cases = readJsonLines(file);
  long long decodeOk = 0, keepOk = 0;
  for (const auto& row : cases) {
    const std::string name = row.value("note", "?");
    const auto ids = row.at("ids").get<std::vector<int32_t>>();
    const auto decoded = tokenizer.decode(ids);
    if (decoded == row.at("decoded").get<std::string>())
      ++decodeOk;
    else
      mismatch("decode case", name, json(decoded).dump(), row.at("decoded").dump());
    const auto kept = tokenizer.decode(ids, true);
    if (kept == row.at("decoded_keep_special").get<std::string>())
      ++keepOk;
    else
      mismatch("decode case keep_special", name, json(kept).dump(), row.at("decoded_keep_special").dump());
  }
  std::printf("decode cases: %lld/%zu exact, %lld/%zu keeping special tokens exact\n", decodeOk, cases.size(),
              keepOk, cases.size());
  report.exact("decode_cases.exact", decodeOk, static_cast<long long>(cases.size()));
  report.exact("decode_cases_keep_special.exact", keepOk, static_cast<long long>(cases.size()));
}

int runTokenizer(const std::filesystem::path& setDir, const RunOptions&) {
  Report report;
  const auto vocabDir = setDir / ".." / "vocab";
  const auto tokenizer = text::Tokenizer::load(vocabDir);
  checkAddedTokens(tokenizer, vocabDir / "special_tokens.json", report);
  checkCorpus(tokenizer, setDir, report);
  checkDecodeCases(tokenizer, setDir / "decode_cases.jsonl", report);
  return report.finish();
}

// The user-facing inputs behind the official call: strip the prefixes the
// engine builds itself.
text::PromptRequest requestFromInputs(const json& inputs) {
  const std::string system = std::string(text::kSystemPrompt) + std::string(text::kEndOfPromptToken);
  const auto withoutPrefix = [&](const std::string& value, const std::string& field) {
    if (value.rfind(system, 0) != 0) throw std::runtime_error(field + " does not start with " + system);
    return value.substr(system.size());
  };
  const auto stringOf = [&](const char* key) { return inputs.at(key).is_string() ? inputs.at(key).get<std::string>() : ""; };
  text::PromptRequest request;
  request.normalize.textFrontend = inputs.value("text_frontend", true);
  const std::string mode = inputs.at("mode");
  request.text = stringOf("tts_text");
  if (mode == "zero_shot") {
    request.mode = Mode::ZeroShot;
    request.transcript = withoutPrefix(stringOf("prompt_text"), "prompt_text");
  } else if (mode == "cross_lingual") {
    request.mode = Mode::CrossLingual;
    request.text = withoutPrefix(request.text, "tts_text");
  } else if (mode == "instruct2") {
    request.mode = Mode::Instruct;
    const std::string instruct = stringOf("instruct_text"), head = std::string(text::kSystemPrompt) + " ";
    const std::string tail(text::kEndOfPromptToken);
    if (instruct.rfind(head, 0) != 0 || instruct.size() < head.size() + tail.size() ||
        instruct.compare(instruct.size() - tail.size(), tail.size(), tail) != 0)
      throw std::runtime_error("instruct_text is not '" + head + "<instruction>" + tail + "'");
    request.instruction = instruct.substr(head.size(), instruct.size() - head.size() - tail.size());
  } else if (mode == "vc") {
    request.mode = Mode::VoiceConversion;
  } else {
    throw std::runtime_error("unknown mode '" + mode + "'");
  }
  return request;
}

at::Tensor idsTensor(const std::vector<int32_t>& ids) {
  return at::tensor(at::ArrayRef<int32_t>(ids), at::kInt).reshape({1, static_cast<int64_t>(ids.size())});
}

void checkNormalizeCalls(const json& calls, const text::Tokenizer& tokenizer, const text::NormalizeOptions& options,
                         Report& report) {
  long long ok = 0;
  for (const auto& call : calls) {
    const std::string input = call.at("input");
    auto callOptions = options;
    callOptions.textFrontend = call.value("text_frontend", true);
    const json got = call.value("split", true) ? json(text::normalizeAndSplit(input, tokenizer, callOptions))
                                               : json(text::normalizeText(input, callOptions));
    if (got == call.at("output"))
      ++ok;
    else
      mismatch("text_normalize", json(input).dump(), got.dump(), call.at("output").dump());
  }
  report.exact("text_normalize_calls.exact", ok, static_cast<long long>(calls.size()));
}

int runText(const std::filesystem::path& caseDir, const RunOptions&) {
  Report report;
  std::ifstream in(caseDir / "manifest.json");
  if (!in) throw std::runtime_error("cannot open " + (caseDir / "manifest.json").string());
  const json manifest = json::parse(in);
  const auto modelDir = caseDir / ".." / ".." / ".." / manifest.at("model_dir").get<std::string>();
  const auto tokenizer = text::Tokenizer::load(modelDir);
  const auto request = requestFromInputs(manifest.at("inputs"));
  checkNormalizeCalls(manifest.at("text_normalize_calls"), tokenizer, request.normalize, report);

  const auto texts = text::assemblePrompt(request, tokenizer);
  const auto expected = manifest.at("segments_text").get<std::vector<std::string>>();
  report.exact("segments.count", static_cast<long long>(texts.segments.size()),
               static_cast<long long>(expected.size()));
  const GoldenTensors golden(caseDir / manifest.value("tensors_file", "tensors.pt"));
  for (std::size_t k = 0; k < std::min(expected.size(), texts.segments.size()); ++k) {
    const std::string seg = "seg" + std::to_string(k);
    if (texts.segments[k] != expected[k]) {
      mismatch("segment", seg, json(texts.segments[k]).dump(), json(expected[k]).dump());
      report.failure(seg + ".text", "segment text differs");
    }
    report.exact(seg + ".frontend.text", idsTensor(tokenizer.encode(texts.segments[k])),
                 golden.at(seg + ".frontend.text"));
    if (golden.has(seg + ".frontend.prompt_text"))
      report.exact(seg + ".frontend.prompt_text", idsTensor(tokenizer.encode(texts.promptText)),
                   golden.at(seg + ".frontend.prompt_text"));
  }
  return report.finish();
}

const Registration reg("tokenizer", "text tokenizer: ids and decodes of a corpus (vocab in <set>/../vocab)",
                       &runTokenizer, false);
const Registration textReg("text", "text front end of an e2e case: normalisation, segments, prompt and text ids",
                           &runText, false);

}  // namespace
}  // namespace cosystudio::parity
