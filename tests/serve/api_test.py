#!/usr/bin/env python3
"""CosyStudio's own API (docs/api/cosystudio-v1.yaml) on `cosystudio-cli serve`
with the tiny model, used by requests, a client library from PyPI (in the
tests' virtual environment, with openai):

  api_test.py CLI MODEL PROMPT TRANSCRIPT OUT SUBTITLES RECOGNISER

run by the virtual environment's Python. It checks the version route; a voice
sent once by its SHA-256 (404 before, 201 then 200, refused when the bytes are
not of that hash or not a voice, or not sent as bytes); a request with every
setting answered with NDJSON events in order (accepted, progress, audio,
result) whose streamed audio is each segment's result sample for sample, and
whose take, quantised as the OpenAI route sends it, is that route's audio for
the same seed; DELETE cancels a request while it runs; refusals name the
field; the token is asked for. The errands: a take's speaker compared with a
voice, and Reset engine, after which the same request makes the same audio;
voice conversion with its source sent as a voice. And the CLI as a client:
synth --server writes the file synth --model writes for the same seed, byte
for byte: a text, a script, subtitles dubbed, a voice converted, and a text
listened to with --check (the recogniser here, the speaker compared there),
whose figures are the same too."""

import base64
import hashlib
import json
import os
import pathlib
import shutil
import struct
import subprocess
import sys

import requests

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from serve_test import LONG, SHORT, TOKEN, Server, check, fail, pcm_of_wav, request, save_voice  # noqa: E402

API = "/cosystudio/v1"


def floats(base64_text):
    data = base64.b64decode(base64_text, validate=True)
    check(len(data) % 4 == 0, "samples that are not whole float32 values")
    return list(struct.unpack(f"<{len(data) // 4}f", data))


def pcm16(samples):
    """The samples as the OpenAI route sends them, through libsndfile's float to
    16-bit with clipping: scaled to 32 bits (x * 2^31, exact for a float32),
    rounded to the nearest, ties to even, then its top 16 bits."""
    def quantised(x):
        scaled = x * 2.0 ** 31
        if scaled >= 2 ** 31 - 1:
            return 32767
        if scaled <= -2 ** 31:
            return -32768
        return round(scaled) >> 16
    return tuple(quantised(x) for x in samples)


class Client(requests.Session):
    """A session with the server's address and token."""

    def __init__(self, port):
        super().__init__()
        self.port = port
        self.base = f"http://127.0.0.1:{port}"
        self.headers["Authorization"] = f"Bearer {TOKEN}"

    def request(self, method, path, *args, **kwargs):
        return super().request(method, self.base + path, *args, timeout=120, **kwargs)


def events(client, body):
    """The events of POST /cosystudio/v1/speech, each parsed as it comes."""
    with client.post(f"{API}/speech", json=body, stream=True) as response:
        if response.status_code != 200:  # its text is the whole answer: read only to say what went wrong
            fail(f"speech answered {response.status_code}: {response.text[:300]!r}")
        check(response.headers["content-type"].startswith("application/x-ndjson"),
              f"speech answered as {response.headers['content-type']}")
        for line in response.iter_lines(chunk_size=None):  # each as it comes, not in 512-byte reads
            if line:
                yield json.loads(line)


def error_of(response, status, code=None, param=None):
    check(response.status_code == status, f"expected {status}, got {response.status_code}: {response.text[:300]}")
    error = response.json()["error"]
    check(error["message"], f"an error without a message: {error}")
    check(code is None or error["code"] == code, f"error code {error['code']!r}, not {code!r}: {error}")
    check(param is None or error["param"] == param, f"error names {error['param']!r}, not {param!r}: {error}")


def check_voices(client, voice, received):
    data = voice.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    error_of(client.get(f"{API}/voices/{digest}"), 404, "voice_not_found", "voice")
    octets = {"Content-Type": "application/octet-stream"}
    error_of(client.put(f"{API}/voices/{hashlib.sha256(b'x').hexdigest()}", data=data, headers=octets), 400,
             "sha256_mismatch")
    garbage = b"not a voice at all"
    error_of(client.put(f"{API}/voices/{hashlib.sha256(garbage).hexdigest()}", data=garbage, headers=octets), 400,
             "not_a_voice")
    error_of(client.put(f"{API}/voices/{digest}", data=data, headers={"Content-Type": "text/plain"}), 415)
    error_of(client.put(f"{API}/voices/NOT-A-HASH", data=data, headers=octets), 400, param="sha256")
    check(not any(received.glob("*")) if received.exists() else True,
          f"a refused voice left files: {list(received.glob('*'))}")
    put = client.put(f"{API}/voices/{digest}", data=data, headers=octets)
    check(put.status_code == 201 and put.json()["sha256"] == digest, f"PUT answered {put.status_code} {put.text}")
    again = client.put(f"{API}/voices/{digest}", data=data, headers=octets)
    check(again.status_code == 200, f"a voice sent again answered {again.status_code}")
    got = client.get(f"{API}/voices/{digest}")
    check(got.status_code == 200 and got.json()["transcript"], f"GET of a kept voice: {got.status_code} {got.text}")
    check((received / f"{digest}.voice").read_bytes() == data, "the kept voice is not the bytes sent")
    return digest


def check_speech(client, server, digest):
    # Every setting; two segments, streamed.
    body = {"input": LONG, "voice": digest, "mode": "zero_shot", "speed": 1.0, "seed": "7", "raw_text": False,
            "read_numbers": True, "segment_time_limit_seconds": 600, "stream": True}
    got = list(events(client, body))
    kinds = [event["event"] for event in got]
    check(kinds[0] == "accepted" and kinds[-1] == "result", f"events in the wrong order: {kinds}")
    check(got[0]["seed"] == 7 and got[0]["mode"] == "zero_shot" and got[0]["id"] > 0, f"accepted: {got[0]}")
    progress = [event for event in got if event["event"] == "progress"]
    check(progress and max(event["segment_count"] for event in progress) == 2,
          f"progress does not count two segments: {progress[-3:]}")
    check({"speech_tokens", "mel", "waveform"} <= {event["stage"] for event in progress},
          f"stages missing from the progress: {sorted({event['stage'] for event in progress})}")
    result = got[-1]
    check(result["sample_rate"] == 24000 and result["seed"] == 7 and len(result["segments"]) == 2,
          f"result: { {k: v for k, v in result.items() if k != 'segments'} }, {len(result['segments'])} segments")
    for index, segment in enumerate(result["segments"]):
        streamed = [x for event in got if event["event"] == "audio" and event["segment"] == index
                    for x in floats(event["samples"])]
        check(streamed == floats(segment["samples"]),
              f"segment {index}: the streamed audio is not its result ({len(streamed)} samples streamed)")
        check(segment["text"] and segment["speech_tokens"] > 0 and isinstance(segment["warnings"], list),
              f"segment {index} record: { {k: v for k, v in segment.items() if k != 'samples'} }")

    # The second segment alone, and its text given as one segment: each is the
    # whole request's second segment, made whole (streaming makes other audio).
    second = list(events(client, {"input": LONG, "voice": digest, "seed": 7}))[-1]["segments"][1]
    alone = list(events(client, {"input": LONG, "voice": digest, "seed": 7, "segment": 1}))[-1]
    check(len(alone["segments"]) == 1 and alone["segments"][0]["samples"] == second["samples"],
          "segment 1 alone is not the whole request's segment 1")
    spoken = {"input": second["text"], "voice": digest, "seed": 7, "text_is_segment": True}
    check(list(events(client, spoken))[-1]["segments"][0]["samples"] == second["samples"],
          "a segment's own text, given as one segment, is not that segment")

    # One segment: quantised, it is what the OpenAI route sends for the same seed, which streams at speed 1
    # (a streamed segment's first chunks are made with chunk-causal attention, so it is not the whole one).
    whole = list(events(client, {"input": SHORT, "voice": digest, "seed": 11}))
    check(not any(event["event"] == "audio" for event in whole), "audio events that were not asked for")
    got = list(events(client, {"input": SHORT, "voice": digest, "seed": 11, "stream": True}))
    samples = floats(got[-1]["segments"][0]["samples"])
    status, _, wav = request(server.port, "POST", "/v1/audio/speech",
                             {"model": "cosyvoice3", "input": SHORT, "voice": "Ann", "seed": 11})
    check(status == 200, f"the OpenAI route answered {status}")
    openai_pcm = pcm_of_wav(wav)
    check(pcm16(samples) == openai_pcm,
          f"the API's take is not the OpenAI route's ({len(samples)} against {len(openai_pcm)} samples)")


def check_long_input(client, digest):
    """A text longer than one OpenAI request holds, its take a segment an event: each segment's samples in a
    `segment` event, the result without them; the same samples as the result carries without the option."""
    whole = list(events(client, {"input": LONG, "voice": digest, "seed": 7}))[-1]
    got = list(events(client, {"input": LONG, "voice": digest, "seed": 7, "segment_events": True}))
    sent = [event for event in got if event["event"] == "segment"]
    check([event["segment"] for event in sent] == [0, 1] and got[-1]["event"] == "result",
          f"segment events: {[event['event'] for event in got]}")
    check(all("samples" not in segment for segment in got[-1]["segments"]), "the result still carries the samples")
    for event, segment in zip(sent, whole["segments"]):
        check(event["samples"] == segment["samples"] and event["text"] == segment["text"],
              f"segment {event['segment']} sent alone is not the result's")

    long_text = LONG * 36  # 4284 characters: more than the OpenAI route takes
    status, _, answer = request(client.port, "POST", "/v1/audio/speech",
                                {"model": "cosyvoice3", "input": long_text, "voice": "Ann"})
    check(status == 400 and b"4096" in answer, f"the OpenAI route took {len(long_text)} characters: {status}")
    got = list(events(client, {"input": long_text, "voice": digest, "seed": 3, "segment_events": True}))
    result = got[-1]
    check(result["event"] == "result", f"a long text ended with {result}")
    sent = [event for event in got if event["event"] == "segment"]
    check(len(sent) == len(result["segments"]) >= 36 and all(floats(event["samples"]) for event in sent),
          f"{len(sent)} segment events for {len(result['segments'])} segments")
    kinds = [event["event"] for event in got]
    check(kinds.index("segment") < len(kinds) - 1 - kinds[::-1].index("progress"),
          "the segments came after the last progress, not as they were made")
    error_of(client.post(f"{API}/speech", json={"input": "好" * 100001, "voice": digest}), 400, param="input")


def check_cancel(client, digest):
    seen = []
    cancelled = False
    # About seventy segments (the most one request takes), several seconds on two cores: cancelled as soon as it is accepted.
    for event in events(client, {"input": LONG * 34, "voice": digest, "seed": 3}):
        seen.append(event)
        if not cancelled:
            cancelled = True
            answer = requests.delete(f"{client.base}{API}/speech/{seen[0]['id']}",
                                     headers={"Authorization": f"Bearer {TOKEN}"}, timeout=60)
            check(answer.status_code == 202, f"DELETE answered {answer.status_code}: {answer.text}")
    check(seen[-1]["event"] == "error" and seen[-1]["code"] == "cancelled" and seen[-1]["status"] == 503,
          f"a cancelled request ended with {seen[-1]}")
    error_of(client.delete(f"{API}/speech/{seen[0]['id']}"), 404, "not_found")


def check_refusals(client, server, digest):
    error_of(requests.get(f"http://127.0.0.1:{server.port}{API}", timeout=60), 401)
    error_of(client.post(f"{API}/speech", json={"voice": digest}), 400, param="input")
    error_of(client.post(f"{API}/speech", json={"input": SHORT, "voice": "Ann"}), 400, param="voice")
    error_of(client.post(f"{API}/speech", json={"input": SHORT, "voice": "0" * 64}), 404, "voice_not_found", "voice")
    error_of(client.post(f"{API}/speech", json={"input": SHORT, "voice": digest, "stream": "yes"}), 400,
             param="stream")
    error_of(client.post(f"{API}/speech", json={"input": SHORT, "voice": digest, "retakes": 2}), 400,
             param="retakes")
    error_of(client.post(f"{API}/speech", json={"input": SHORT, "voice": digest, "segment_time_limit_seconds": -1}),
             400, param="segment_time_limit_seconds")
    error_of(client.post(f"{API}/speech", json={"input": SHORT, "voice": digest, "seed": 2 ** 31}), 400, param="seed")
    for segment in (-1, 1.5, "1"):
        error_of(client.post(f"{API}/speech", json={"input": SHORT, "voice": digest, "segment": segment}), 400,
                 param="segment")
    # A check on a server without the recogniser: accepted, then refused as the last event, saying how to get one.
    got = list(events(client, {"input": SHORT, "voice": digest, "check": True}))
    check(got[-1]["event"] == "error" and got[-1]["status"] == 503 and "recogni" in got[-1]["message"],
          f"a check without a recogniser ended with {got[-1]}")


def check_errands(client, digest):
    """POST /voices/{hash}/similarity and POST /reset."""
    made = list(events(client, {"input": SHORT, "voice": digest, "seed": 11}))[-1]
    samples = base64.b64decode(made["segments"][0]["samples"])
    octets = {"Content-Type": "application/octet-stream"}
    compare = f"{API}/voices/{digest}/similarity"
    first = client.post(compare, params={"sample_rate": 24000}, data=samples, headers=octets)
    check(first.status_code == 200, f"similarity answered {first.status_code}: {first.text}")
    similarity = first.json()["similarity"]
    check(isinstance(similarity, float) and -1 <= similarity <= 1, f"similarity {similarity!r}")
    again = client.post(compare, params={"sample_rate": 24000}, data=samples, headers=octets).json()["similarity"]
    check(again == similarity, f"the same take compared twice: {similarity} and {again}")
    error_of(client.post(compare, data=samples, headers=octets), 400, param="sample_rate")
    error_of(client.post(compare, params={"sample_rate": 100}, data=samples, headers=octets), 400, param="sample_rate")
    error_of(client.post(compare, params={"sample_rate": 24000}, data=samples[:-1], headers=octets), 400)
    error_of(client.post(compare, params={"sample_rate": 24000}, data=struct.pack("<2f", 0.1, float("nan")),
                         headers=octets), 400)
    error_of(client.post(compare, params={"sample_rate": 24000}, data=samples, headers={"Content-Type": "text/plain"}),
             415)
    error_of(client.post(f"{API}/voices/{'0' * 64}/similarity", params={"sample_rate": 24000}, data=samples,
                         headers=octets), 404, "voice_not_found", "voice")
    error_of(requests.post(client.base + API + "/reset", timeout=60), 401)

    reset = client.post(f"{API}/reset")
    check(reset.status_code == 200, f"reset answered {reset.status_code}: {reset.text}")
    report = reset.json()
    check(report["reload_seconds"] > 0 and report["teardown_seconds"] >= 0, f"reset: {report}")
    for when in ("before", "after_teardown", "after_reload"):
        check(report[when]["host_rss_bytes"] > 0 and report[when]["device_total_bytes"] == 0,
              f"reset's memory {when}: {report[when]}")
    check(report["after_teardown"]["host_rss_bytes"] < report["before"]["host_rss_bytes"],
          f"the teardown freed nothing: {report}")
    after = list(events(client, {"input": SHORT, "voice": digest, "seed": 11}))[-1]
    check(after["segments"][0]["samples"] == made["segments"][0]["samples"],
          "after the reset the same request made other audio")
    health = requests.get(client.base + "/health", timeout=60)
    check(health.status_code == 200 and health.json()["status"] == "ready", f"health after a reset: {health.text}")


def check_conversion_refusals(client, digest):
    error_of(client.post(f"{API}/speech", json={"input": SHORT, "voice": digest, "source": digest}), 400,
             param="input")
    error_of(client.post(f"{API}/speech", json={"voice": digest, "source": "0" * 64}), 404, "voice_not_found",
             "source")
    error_of(client.post(f"{API}/speech", json={"voice": digest, "source": "Ann"}), 400, param="source")
    error_of(client.post(f"{API}/speech", json={"voice": digest, "source": digest, "mode": "zero_shot"}), 400,
             param="mode")
    error_of(client.post(f"{API}/speech", json={"input": SHORT, "voice": digest, "mode": "voice_conversion"}), 400,
             param="mode")


def check_cli_client(cli, model, server, voice, out):
    """synth --server writes what synth --model writes for the same seed, byte for byte, a text and a script; a
    wrong token is said so."""
    text = LONG
    local = out / "api-local.wav"
    remote = out / "api-remote.wav"
    subprocess.run([cli, "synth", "--model", model, "--voice", str(voice), "--text", text, "--seed", "5",
                    "--out", str(local)], check=True, stdout=subprocess.DEVNULL)
    with_token = dict(os.environ, COSYSTUDIO_SERVER_TOKEN=TOKEN)
    subprocess.run([cli, "synth", "--server", f"http://127.0.0.1:{server.port}/v1", "--voice", str(voice), "--text",
                    text, "--seed", "5", "--out", str(remote)], check=True, stdout=subprocess.DEVNULL, env=with_token)
    check(remote.read_bytes() == local.read_bytes(), "synth --server did not write what synth --model writes")
    # A script: each line in its speaker's voice with its own seed, mode and speed.
    script = out / "api-script.json"
    script.write_text(json.dumps({
        "cosystudio_script": 1, "speaker_pause_seconds": 0.3,
        "cast": [{"name": "Ann", "voice_file": str(voice)}, {"name": "Bob", "voice_file": str(voice)}],
        "lines": [{"speaker": "Ann", "text": "你好，今天有3个苹果。"},
                  {"speaker": "Bob", "text": "好的！", "mode": "instruct", "instruction": "请用四川话表达。",
                   "speed": 1.2, "seed": "9"}]}, ensure_ascii=False), encoding="utf-8")
    takes = {}
    for where, engine, env in (("local", ["--model", model], None),
                               ("remote", ["--server", f"http://127.0.0.1:{server.port}"], with_token)):
        takes[where] = out / f"api-script-{where}.wav"
        subprocess.run([cli, "synth", *engine, "--script", str(script), "--seed", "3", "--out", str(takes[where])],
                       check=True, stdout=subprocess.DEVNULL, env=env)
    check(takes["remote"].read_bytes() == takes["local"].read_bytes(),
          "synth --server --script did not write what synth --model --script writes")
    refused = subprocess.run([cli, "synth", "--server", f"http://127.0.0.1:{server.port}", "--voice", str(voice),
                              "--text", SHORT, "--out", str(out / "api-refused.wav")], capture_output=True, text=True,
                             env=dict(os.environ, COSYSTUDIO_SERVER_TOKEN="wrong"))
    check(refused.returncode == 1 and "refused the token" in refused.stderr,
          f"synth --server with a wrong token: {refused.returncode} {refused.stderr!r}")


def check_cli_runs_here_and_there(cli, model, server, voice, prompt, subtitles, recogniser, out):
    """Subtitles dubbed, a clip converted and a text listened to: the same bytes from the server, and the same
    figures of what was heard."""
    with_token = dict(os.environ, COSYSTUDIO_SERVER_TOKEN=TOKEN)
    runs = {"dubbed": ["--srt", subtitles, "--seed", "5"],
            "converted": ["--mode", "vc", "--source", prompt, "--seed", "5"],
            "checked": ["--text", LONG, "--seed", "5", "--check", "--retakes", "1", "--asr-model", recogniser,
                        "--json"]}
    for name, options in runs.items():
        made = {}
        for where, engine, env in (("local", ["--model", model], None),
                                   ("remote", ["--server", f"http://127.0.0.1:{server.port}"], with_token)):
            wav = out / f"api-{name}-{where}.wav"
            run = subprocess.run([cli, "synth", *engine, "--voice", str(voice), *options, "--out", str(wav)],
                                 capture_output=True, text=True, env=env)
            check(run.returncode == 0, f"synth {name} {where}: {run.returncode} {run.stderr[-500:]}")
            made[where] = (wav.read_bytes(), run.stdout)
        check(made["remote"][0] == made["local"][0], f"synth --server ({name}) did not write what synth --model writes")
        if "--json" in options:
            local, remote = (json.loads(made[where][1]) for where in ("local", "remote"))
            check(remote["device"].startswith("server ") and local["segments"],
                  f"synth --server --json: device {remote['device']!r}")
            checks = [[segment["check"] for segment in report["segments"]] for report in (local, remote)]
            check(checks[0] == checks[1] and "\"similarity\"" in json.dumps(checks[0]),
                  f"what --check found differs: {checks[0]} against {checks[1]}")


def main(cli, model, prompt, transcript, out, subtitles, recogniser):
    out = pathlib.Path(out)
    voice = save_voice(cli, model, prompt, transcript, out / "api-voices")
    received = out / "api-received"
    shutil.rmtree(received, ignore_errors=True)  # what an earlier run sent
    server = Server(cli, model, str(voice.parent), out / "serve-api.log", "--received-voices", str(received))
    try:
        with Client(server.port) as client:
            info = client.get(API)
            check(info.status_code == 200, f"GET {API} answered {info.status_code}")
            check(info.json()["api_version"] == 1 and info.json()["model_loaded"] is True
                  and info.json()["precision"] in ("fp32", "bf16", "fp16", "int8"), f"GET {API}: {info.text}")
            digest = check_voices(client, voice, received)
            check_speech(client, server, digest)
            check_long_input(client, digest)
            check_cancel(client, digest)
            check_refusals(client, server, digest)
            check_conversion_refusals(client, digest)
            check_errands(client, digest)
        check_cli_client(cli, model, server, voice, out)
        check_cli_runs_here_and_there(cli, model, server, voice, prompt, subtitles, recogniser, out)
        check(server.alive(), "the server died")
    finally:
        server.stop()
    print("api: every check passed")


if __name__ == "__main__":
    main(*sys.argv[1:])
