// A model folder holding a random-weight CosyVoice3 LLM in the official formats
// (`llm.pt` as torch.save writes it, the llm part of `cosyvoice3.yaml`,
// `CosyVoice-BlankEN/config.json`), so that the LLM can be benchmarked at full
// size without the released weights. Its speech head never picks a stop id
// (their rows are zero, so their logit 0 stays far below the top-k of a head
// whose logits spread about 1 either side), so every run makes the longest
// speech its text allows (20 tokens per text token): runs in different
// precisions or builds make the same audio and their real-time factors compare.
#pragma once

#include "config/llm_config.h"

#include <cstdint>
#include <filesystem>

namespace cosystudio {

// The sizes of the released Fun-CosyVoice3-0.5B-2512 LLM (Qwen2.5-0.5B backbone).
LlmConfig releasedLlmConfig();

// Writes the folder (created if needed); weights are drawn from `seed`.
void writeRandomLlmFolder(const std::filesystem::path& folder, const LlmConfig& config, uint64_t seed);

}  // namespace cosystudio
