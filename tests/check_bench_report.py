"""Fails unless the figures of `cosystudio-cli bench --json` hang together:
plausible key names with wrong arithmetic, no audio or no reset fail here."""
import json
import math
import sys

report = json.load(open(sys.argv[1]))
run = report["median"]
errors = []


def require(condition, message):
    if not condition:
        errors.append(message)


def close(a, b, rel=0.02):
    return math.isclose(a, b, rel_tol=rel, abs_tol=1e-6)


require(0 < report["load_seconds"] < 120, "load time out of range")
require(run["speech_tokens"] >= 1, "no speech tokens")
# The flow makes 2 mel frames per token and HiFT 480 samples per frame at 24 kHz: 40 ms per token.
require(close(run["audio_seconds"], run["speech_tokens"] * 0.04), "audio length is not 40 ms per token")
require(close(run["real_time_factor"], run["synthesis_seconds"] / run["audio_seconds"]),
        "real-time factor is not synthesis time / audio time")
require(0 < run["first_audio_seconds"] <= run["stream_seconds"] + 1e-6,
        "first audio after the end of the stream")
require(0 < run["llm_first_token_seconds"] < run["synthesis_seconds"], "LLM prefill out of range")
require(run["llm_tokens_per_second"] > 0, "no LLM decode rate")
reset = report["reset"]
require(close(reset["seconds"], reset["teardown_seconds"] + reset["reload_seconds"]),
        "reset time is not teardown + reload")
require(reset["after_teardown"]["host_rss_mib"] < reset["before"]["host_rss_mib"],
        "teardown released no host memory")
require(reset["after_reload"]["host_rss_mib"] > reset["after_teardown"]["host_rss_mib"],
        "reload holds no memory")
require(report["peak_host_rss_mib"] >= reset["before"]["host_rss_mib"], "peak RSS below a sample")
require(report["cpu_threads"] >= 1 and report["cpu_blas"], "CPU backend not reported")

for e in errors:
    print("bench report:", e)
sys.exit(1 if errors else 0)
