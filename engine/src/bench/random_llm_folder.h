// A model folder holding a random-weight CosyVoice3 LLM in the official formats
// (`llm.pt` as torch.save writes it, the llm part of `cosyvoice3.yaml`,
// `CosyVoice-BlankEN/config.json`), so that the LLM can be benchmarked at full
// size without the released weights.
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
