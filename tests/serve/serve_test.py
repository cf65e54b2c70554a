#!/usr/bin/env python3
"""`cosystudio-cli serve` on the tiny model, used by real clients.

  serve_test.py clients CLI MODEL PROMPT TRANSCRIPT OUT VENV_PYTHON
      curl (speech, models, voices, 401 without the token, 403 for what a
      web page could send, 400 naming the field, 413 for an oversized body, a
      client that hangs up, idle connections and the connection cap) and the
      openai package (streaming); the audio they receive is the audio `synth`
      writes with the same seed.
  serve_test.py clients-at PORT VOICES CLI MODEL PROMPT TRANSCRIPT OUT VENV_PYTHON
      the same against a server already running on PORT with token TOKEN and
      the voices folder VOICES (the window's: Tools → Serve on localhost).
  serve_test.py listening CLI MODEL PROMPT TRANSCRIPT OUT ASR
      X-CosyStudio-Check: 1 (curl and http.client): the answer comes whole with
      the figures in its own X-CosyStudio-Check header, ASCII JSON that equals
      `synth --check --json`'s checks for the same seed, as does its audio;
      X-CosyStudio-Retakes: 2 makes each (failing) segment three times; figures
      too long for a header leave out the texts; a request without the header
      still streams and gets none; a server without a recogniser refuses a
      check with 503 naming how to get one, and serves the rest.
  serve_test.py load CLI MODEL PROMPT TRANSCRIPT OUT [CLIENTS REQUESTS]
      CLIENTS threads x REQUESTS short requests: each answered 200 or refused
      with a clean 429/503 JSON error (at most 4 may wait), the server alive,
      its memory flat.

Standard library only; the openai package runs in VENV_PYTHON (a virtual
environment the test set up), never in the system's Python."""

import http.client
import json
import os
import pathlib
import signal
import struct
import subprocess
import sys
import threading
import time

TOKEN = "test-token"
SHORT = "你好，世界。"
# Two segments: the stream must join them as the take does.
LONG = ("春天来了，公园里的花都开了3朵。小朋友们在草地上奔跑，笑声传得很远很远。老人们坐在长椅上聊天，看着孩子们开心地玩耍。"
        "湖面上有几只白色的小船，正慢慢地划向远方。天空很蓝，白云像棉花一样柔软。我们沿着湖边的小路散步，一边走一边聊着过去的事情。")


def fail(message):
    sys.exit(f"FAIL: {message}")


def check(condition, message):
    if not condition:
        fail(message)


class Server:
    """`cosystudio-cli serve --port 0` and the port it printed. The token comes
    from a file (--token-file), or from the environment when no file is given,
    so that it shows in no process list."""

    def __init__(self, cli, model, voices, log, *extra, token_file=None):
        environment = dict(os.environ)
        if token_file:
            pathlib.Path(token_file).write_text(TOKEN + "\n")
            extra = ("--token-file", str(token_file), *extra)
        else:
            environment["COSYSTUDIO_SERVER_TOKEN"] = TOKEN
        self.process = subprocess.Popen(
            [cli, "serve", "--model", model, "--voices", voices, "--port", "0", *extra],
            stdout=subprocess.PIPE, stderr=open(log, "w"), text=True, env=environment)
        line = self.process.stdout.readline()
        check(line.startswith("listening on http://127.0.0.1:"), f"serve printed {line!r}; see {log}")
        self.port = int(line.split(":")[2].split("/")[0])
        self.base = f"http://127.0.0.1:{self.port}/v1"

    def rss_kib(self):
        for line in open(f"/proc/{self.process.pid}/status"):
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        fail("no VmRSS")

    def alive(self):
        return self.process.poll() is None

    def stop(self):
        self.process.send_signal(signal.SIGINT)
        check(self.process.wait(timeout=30) == 0, f"serve exited with {self.process.returncode}")


class RunningServer:
    """A server another program runs (the window's) on the loopback at PORT."""

    def __init__(self, port):
        self.port = int(port)
        self.base = f"http://127.0.0.1:{self.port}/v1"

    def alive(self):
        return request(self.port, "GET", "/v1/models")[0] == 200

    def stop(self):
        pass


def request(port, method, path, body=None, token=TOKEN, timeout=120, headers=None):
    """(status, headers, body bytes); `headers` add to or replace the usual ones."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    sent = {"Content-Type": "application/json"}
    if token:
        sent["Authorization"] = f"Bearer {token}"
    headers = dict(sent, **(headers or {}))
    data = json.dumps(body, ensure_ascii=False).encode() if isinstance(body, dict) else body
    connection.request(method, path, body=data, headers=headers)
    response = connection.getresponse()
    result = response.status, dict(response.getheaders()), response.read()
    connection.close()
    return result


def pcm_of_wav(data):
    """The 16-bit samples of a WAV's data chunk (to the end when its size says "unknown")."""
    check(data[:4] == b"RIFF" and data[8:12] == b"WAVE", "not a WAV")
    at = 12
    while at + 8 <= len(data):
        chunk, size = data[at:at + 4], struct.unpack("<I", data[at + 4:at + 8])[0]
        if chunk == b"data":
            body = data[at + 8:at + 8 + min(size, len(data) - at - 8)]
            return struct.unpack(f"<{len(body) // 2}h", body[:len(body) // 2 * 2])
        at += 8 + size + (size & 1)
    fail("WAV without a data chunk")


def cli_take(cli, model, voice, text, seed, out, *extra):
    """What `synth` writes for this text and seed (streamed unless a speed is given)."""
    subprocess.run([cli, "synth", "--model", model, "--voice", voice, "--text", text, "--seed", str(seed),
                    "--out", str(out), *extra], check=True, stdout=subprocess.DEVNULL)
    return out.read_bytes()


def curl(*args):
    return subprocess.run(["curl", "-sS", *args], check=True, capture_output=True).stdout


def json_error(status, body, code, param=None):
    """An OpenAI-style error with this status and the field at fault named."""
    check(code == status, f"expected {status}, got {code}: {body[:200]!r}")
    error = json.loads(body)["error"]
    check(error["message"] and error["type"], f"error without message or type: {error}")
    check(error["param"] == param, f"error names {error['param']!r}, not {param!r}: {error}")


def save_voice(cli, model, prompt, transcript, voices):
    """voices/Ann.voice, the only voice there."""
    voices.mkdir(parents=True, exist_ok=True)
    voice = voices / "Ann.voice"
    subprocess.run([cli, "voice", "save", "--model", model, "--prompt", prompt, "--prompt-text", transcript,
                    "--out", str(voice)], check=True, stdout=subprocess.DEVNULL)
    return voice


# How long the test's server gives a connection to send a whole request.
REQUEST_TIMEOUT = 10
MAX_CONNECTIONS = 6


def clients(cli, model, prompt, transcript, out, venv_python):
    out = pathlib.Path(out)
    voice = save_voice(cli, model, prompt, transcript, out / "voices")
    # Off the loopback a token is needed: refused before anything is listened on or loaded.
    refused = subprocess.run([cli, "serve", "--model", model, "--voices", str(voice.parent), "--host", "0.0.0.0",
                              "--port", "0"], capture_output=True, text=True,
                             env={k: v for k, v in os.environ.items() if k != "COSYSTUDIO_SERVER_TOKEN"})
    check(refused.returncode == 2 and "needs a token" in refused.stderr and "--token-file" in refused.stderr,
          f"serve off the loopback without a token: {refused.returncode} {refused.stderr!r}")
    server = Server(cli, model, str(voice.parent), out / "serve-clients.log", "--request-timeout",
                    str(REQUEST_TIMEOUT), "--max-connections", str(MAX_CONNECTIONS))
    check_connections(server)
    check_clients(server, cli, model, voice, out, venv_python)


def closed_within(connection, seconds):
    """Whether the server closes `connection` within `seconds`."""
    import socket
    connection.settimeout(seconds)
    try:
        return connection.recv(1) == b""
    except socket.timeout:
        return False
    except ConnectionResetError:
        return True


def check_connections(server):
    """Idle connections are closed after the request timeout, and past the cap at once."""
    import socket
    idle = socket.create_connection(("127.0.0.1", server.port))
    idle.sendall(b"POST /v1/audio/speech HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the rest
    start = time.monotonic()
    check(closed_within(idle, REQUEST_TIMEOUT + 60), "a connection that never finished its request stayed open")
    check(time.monotonic() - start > REQUEST_TIMEOUT / 2, "a slow request was closed long before its timeout")
    idle.close()
    held = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(MAX_CONNECTIONS)]
    time.sleep(0.5)  # accepted, so they are counted
    extra = socket.create_connection(("127.0.0.1", server.port))
    # Closed at once, not at the timeout: the cap, not the deadline.
    check(closed_within(extra, REQUEST_TIMEOUT / 2), "a connection past the cap was kept open")
    for connection in held + [extra]:
        connection.close()
    time.sleep(0.5)
    check(request(server.port, "GET", "/v1/models")[0] == 200, "the server answers no more after the cap")


def clients_at(port, voices, cli, model, prompt, transcript, out, venv_python):
    out = pathlib.Path(out)
    out.mkdir(parents=True, exist_ok=True)
    voice = save_voice(cli, model, prompt, transcript, pathlib.Path(voices))
    check_clients(RunningServer(port), cli, model, voice, out, venv_python)


def check_clients(server, cli, model, voice, out, venv_python):
    speech = f"{server.base}/audio/speech"
    auth = ["-H", f"Authorization: Bearer {TOKEN}"]
    try:
        # curl: a streamed WAV, sample for sample the CLI's streamed take.
        (out / "body.json").write_text(json.dumps({"model": "cosyvoice3", "input": SHORT, "voice": "Ann", "seed": 3}))
        wav = curl(*auth, "-H", "Content-Type: application/json", "--data-binary", f"@{out / 'body.json'}",
                   "-D", str(out / "headers.txt"), speech)
        headers = (out / "headers.txt").read_text().lower()
        check("transfer-encoding: chunked" in headers and "content-type: audio/wav" in headers,
              f"not a chunked WAV stream: {headers}")
        expected = pcm_of_wav(cli_take(cli, model, str(voice), SHORT, 3, out / "short.wav", "--stream"))
        check(pcm_of_wav(wav) == expected, "curl's WAV is not the CLI's take with the same seed")

        # pcm is the same samples without a header; a long text's stream joins its segments
        # as the take does (the CLI's file only turned down as a whole by its peak guard).
        status, headers, pcm = request(server.port, "POST", "/v1/audio/speech",
                                       {"model": "tts-1", "input": SHORT, "voice": "Ann", "seed": 3,
                                        "response_format": "pcm"})
        check(status == 200 and struct.unpack(f"<{len(pcm) // 2}h", pcm) == expected, "pcm differs from the take")
        status, _, long_wav = request(server.port, "POST", "/v1/audio/speech",
                                      {"model": "tts-1", "input": LONG, "voice": "Ann", "seed": 5})
        streamed = pcm_of_wav(long_wav)
        take = pcm_of_wav(cli_take(cli, model, str(voice), LONG, 5, out / "long.wav", "--stream"))
        check(len(streamed) == len(take), f"the long stream has {len(streamed)} samples, the take {len(take)}")
        ratios = [a / b for a, b in zip(streamed, take) if abs(b) > 2000 and abs(a) < 32767]
        check(ratios and max(ratios) - min(ratios) < 0.01, "the long stream is not the take's audio")

        # Whole files (FLAC, or a speed other than 1) get the peak guard too: byte for byte the CLI's.
        status, headers, flac = request(server.port, "POST", "/v1/audio/speech",
                                        {"model": "tts-1", "input": LONG, "voice": "Ann", "seed": 5,
                                         "response_format": "flac"})
        check(status == 200 and flac == cli_take(cli, model, str(voice), LONG, 5, out / "long.flac", "--stream"),
              "the FLAC is not the CLI's")
        status, _, slow = request(server.port, "POST", "/v1/audio/speech",
                                  {"model": "tts-1", "input": SHORT, "voice": "Ann", "seed": 3, "speed": 1.2})
        check(status == 200 and pcm_of_wav(slow) == pcm_of_wav(
            cli_take(cli, model, str(voice), SHORT, 3, out / "speed.wav", "--speed", "1.2")), "speed 1.2 differs")

        # The listings.
        models = json.loads(curl(*auth, f"{server.base}/models"))
        check(models["data"][0]["id"] == "cosyvoice3", f"models: {models}")
        check(json.loads(curl(*auth, f"{server.base}/audio/voices")) == {"voices": ["Ann"]}, "voices")

        # Refusals, each a JSON error naming the field.
        def code_and_body(*args):
            result = curl("-o", str(out / "error.json"), "-w", "%{http_code}", *args)
            return int(result), (out / "error.json").read_bytes()

        # What a web page in the user's browser could send is refused, token or not: a
        # cross-site "simple" POST (an Origin, a text/plain body), and a DNS-rebinding
        # page's Host (its own name, resolved to the loopback).
        good = {"model": "m", "input": "好。", "voice": "Ann"}
        status, _, answer = request(server.port, "POST", "/v1/audio/speech", json.dumps(good).encode(),
                                    headers={"Origin": "http://evil.example", "Content-Type": "text/plain"})
        json_error(403, answer, status)
        check(json.loads(answer)["error"]["code"] == "origin_not_allowed", f"origin: {answer!r}")
        status, _, answer = request(server.port, "POST", "/v1/audio/speech", json.dumps(good).encode(),
                                    headers={"Content-Type": "text/plain;charset=UTF-8"})
        json_error(415, answer, status)
        for host in [f"evil.example:{server.port}", "127.0.0.1.evil.example", ""]:
            status, _, answer = request(server.port, "GET", "/v1/audio/voices", headers={"Host": host})
            json_error(403, answer, status)
            check(b"Ann" not in answer, f"Host {host!r} read the voices: {answer!r}")
        for host in [f"localhost:{server.port}", f"127.0.0.1:{server.port}"]:
            check(request(server.port, "GET", "/v1/audio/voices", headers={"Host": host})[0] == 200, host)
        json_error(401, *reversed(code_and_body(f"{server.base}/models")))
        json_error(401, *reversed(code_and_body("-H", "Authorization: Bearer wrong", f"{server.base}/models")))
        for body, param in [({"input": "x", "voice": "Ann"}, "model"),
                            ({"model": "m", "voice": "Ann"}, "input"),
                            ({"model": "m", "input": "x" * 4097, "voice": "Ann"}, "input"),
                            ({"model": "m", "input": "x", "voice": "Nobody"}, "voice"),
                            ({"model": "m", "input": "x", "voice": "../voices/Ann"}, "voice"),
                            ({"model": "m", "input": "x", "voice": "Ann", "response_format": "mp3"}, "response_format"),
                            ({"model": "m", "input": "x", "voice": "Ann", "speed": 4}, "speed"),
                            ({"model": "m", "input": "x", "voice": "Ann", "mode": "instruct"}, "instruction"),
                            ({"model": "m", "input": "x", "voice": "Ann", "seed": -1}, "seed")]:
            status, _, answer = request(server.port, "POST", "/v1/audio/speech", body)
            json_error(400, answer, status, param)
        status, _, answer = request(server.port, "POST", "/v1/audio/speech", b"{not json")
        json_error(400, answer, status)
        # An oversized body is refused before it is read whole.
        (out / "big.json").write_text(json.dumps({"model": "m", "input": "x" * 200000, "voice": "Ann"}))
        json_error(413, *reversed(code_and_body(*auth, "-H", "Expect:", "--data-binary", f"@{out / 'big.json'}",
                                                speech)))

        # A client that hangs up cancels its request: the next one is answered at once.
        hang_up = subprocess.Popen(["curl", "-sS", *auth, "-H", "Content-Type: application/json", "--data-binary",
                                    json.dumps({"model": "m", "input": LONG * 3, "voice": "Ann"}), "-o", os.devnull,
                                    speech])
        time.sleep(1.5)
        hang_up.terminate()
        hang_up.wait()
        start = time.monotonic()
        status, _, _ = request(server.port, "POST", "/v1/audio/speech", {"model": "m", "input": "好。", "voice": "Ann"})
        check(status == 200 and time.monotonic() - start < 20, "a request after a client hung up was not served soon")

        # The openai package, streaming, in its own virtual environment.
        client = pathlib.Path(__file__).with_name("openai_client.py")
        subprocess.run([venv_python, str(client), server.base, TOKEN, "Ann", SHORT, "3", str(out / "openai.wav")],
                       check=True)
        check(pcm_of_wav((out / "openai.wav").read_bytes()) == expected, "openai's WAV is not the CLI's take")
        check(server.alive(), "the server died")
    finally:
        if server.alive():
            server.stop()
    print("clients: curl and openai got the CLI's audio; refusals named their field")


CHECK_HEADER = "x-cosystudio-check"
# A try's figures, as synth --check --json names them.
TRY_FIELDS = ["seed", "passed", "heard", "heard_language", "unit", "error_rate", "differences", "similarity",
              "rate_ratio", "failures", "failure_kinds"]
# The most the figures take in a header (ui/services/server/speech_request.h: kMaxCheckHeaderBytes).
MAX_CHECK_HEADER = 15 * 1024


def header(headers, name):
    """A response header's value by its name in any case, or None."""
    found = [value for key, value in headers.items() if key.lower() == name]
    return found[0] if found else None


def figures_of(value, retakes, shortened=False):
    """The X-CosyStudio-Check header's JSON, checked: ASCII, within its size, every segment tried retakes + 1
    times (the tiny models say random words: every try fails), each try with synth --json's fields."""
    check(value is not None, "no X-CosyStudio-Check header in the answer")
    check(all(ord(c) < 128 for c in value), f"the figures are not ASCII: {value[:200]!r}")
    check(len(value) <= MAX_CHECK_HEADER, f"the figures take {len(value)} bytes")
    figures = json.loads(value)
    check(figures["segments"], f"no segments: {figures}")
    check(figures["check_seconds"] > 0 and (figures["retake_seconds"] > 0) == (retakes > 0),
          f"times: {figures['check_seconds']}, {figures['retake_seconds']}")
    fields = [f for f in TRY_FIELDS if f not in ("heard", "heard_language", "differences")] if shortened \
        else TRY_FIELDS
    check(figures.get("left_out") == (["heard", "differences"] if shortened else None),
          f"left_out: {figures.get('left_out')}")
    for i, segment in enumerate(figures["segments"]):
        tries = segment["tries"]
        check(len(tries) == retakes + 1, f"segment {i + 1}: {len(tries)} tries, expected {retakes + 1}")
        check(len({t["seed"] for t in tries}) == len(tries), f"segment {i + 1}: a seed was tried twice")
        check(not segment["passed"] and 0 <= segment["kept_try"] < len(tries), f"segment {i + 1}: {segment}")
        for attempt in tries:
            check(list(attempt) == fields, f"segment {i + 1}: a try's fields are {list(attempt)}")
            check(not attempt["passed"] and attempt["failures"], f"segment {i + 1}: a try passed: {attempt}")
            check(attempt["unit"] in ("character", "word") and attempt["error_rate"] >= 0
                  and -1.0001 <= attempt["similarity"] <= 1.0001, f"segment {i + 1}: {attempt}")
    check(figures["still_failing"] == list(range(len(figures["segments"]))), f"still failing: {figures}")
    return figures


def listening(cli, model, prompt, transcript, out, asr):
    out = pathlib.Path(out)
    voice = save_voice(cli, model, prompt, transcript, out / "listening-voices")
    text = "收到好友从远方寄来的生日礼物。"
    body = {"model": "cosyvoice3", "input": text, "voice": "Ann", "seed": 1}
    # In fp32: the figures' size below depends on how long the random model's speech is for these seeds, and
    # int8's rounding changes its draws (precision is the parity tests' to check).
    server = Server(cli, model, str(voice.parent), out / "serve-listening.log", "--asr-model", asr,
                    "--precision", "fp32")
    try:
        # Without the header: streamed as ever, and no figures.
        status, headers, wav = request(server.port, "POST", "/v1/audio/speech", body)
        check(status == 200 and header(headers, "transfer-encoding") == "chunked", f"not streamed: {headers}")
        check(header(headers, CHECK_HEADER) is None, f"figures nobody asked for: {headers}")

        # curl asks with two retakes: the answer comes whole (a length, no chunks); its figures are
        # synth --check --json's for the same text and seed, and so is its audio.
        (out / "check-body.json").write_text(json.dumps(body))
        wav = curl("-H", f"Authorization: Bearer {TOKEN}", "-H", "Content-Type: application/json",
                   "-H", "X-CosyStudio-Check: 1", "-H", "X-CosyStudio-Retakes: 2",
                   "--data-binary", f"@{out / 'check-body.json'}", "-D", str(out / "check-headers.txt"),
                   f"{server.base}/audio/speech")
        lines = (out / "check-headers.txt").read_text().splitlines()
        check(lines[0].split()[1] == "200", f"answered {lines[0]}")
        headers = dict(line.split(": ", 1) for line in lines[1:] if ": " in line)
        check(header(headers, "transfer-encoding") is None and header(headers, "content-length") == str(len(wav)),
              f"a checked answer is not whole: {headers}")
        figures = figures_of(header(headers, CHECK_HEADER), 2)
        report = out / "check-synth.json"
        subprocess.run([cli, "synth", "--model", model, "--voice", str(voice), "--text", text, "--seed", "1",
                        "--precision", "fp32", "--check", "--asr-model", asr, "--retakes", "2", "--json", "--out", str(out / "check.wav")],
                       check=True, stdout=open(report, "w"))
        synth = json.loads(report.read_text())
        check(figures["segments"] == [s["check"] for s in synth["segments"]],
              f"the figures are not synth's:\n{figures['segments']}\n{[s['check'] for s in synth['segments']]}")
        check(figures["still_failing"] == synth["still_failing"], "still failing differs from synth's")
        check(pcm_of_wav(wav) == pcm_of_wav((out / "check.wav").read_bytes()), "the checked audio is not synth's")

        # No retakes by default; two segments, two checks.
        status, headers, answer = request(server.port, "POST", "/v1/audio/speech", dict(body, input=LONG, seed=5),
                                          headers={"X-CosyStudio-Check": "1"})
        check(status == 200 and answer[:4] == b"RIFF", f"answered {status}")
        check(len(figures_of(header(headers, CHECK_HEADER), 0)["segments"]) == 2, "LONG is two segments")
        # Figures past a header's size leave out the texts, and keep every try's numbers and reasons.
        status, headers, answer = request(server.port, "POST", "/v1/audio/speech",
                                          dict(body, input=LONG * 2, seed=5, response_format="flac"),
                                          headers={"X-CosyStudio-Check": "true", "X-CosyStudio-Retakes": "2"})
        check(status == 200 and answer[:4] == b"fLaC", f"answered {status}")
        figures = figures_of(header(headers, CHECK_HEADER), 2, shortened=True)
        check(all(":" not in failure for s in figures["segments"] for t in s["tries"] for failure in t["failures"]),
              "a shortened failure kept its words")

        # Headers it cannot read are refused, naming the header.
        for sent, param in [({"X-CosyStudio-Check": "maybe"}, "X-CosyStudio-Check"),
                            ({"X-CosyStudio-Retakes": "2"}, "X-CosyStudio-Retakes"),
                            ({"X-CosyStudio-Check": "1", "X-CosyStudio-Retakes": "6"}, "X-CosyStudio-Retakes"),
                            ({"X-CosyStudio-Check": "1", "X-CosyStudio-Retakes": "-1"}, "X-CosyStudio-Retakes")]:
            status, _, answer = request(server.port, "POST", "/v1/audio/speech", body, headers=sent)
            json_error(400, answer, status, param)
        check(server.alive(), "the server died")
    finally:
        if server.alive():
            server.stop()

    # Without a recogniser: a check is refused, saying how to get one; other requests are served.
    server = Server(cli, model, str(voice.parent), out / "serve-no-recognizer.log", "--asr-model",
                    str(out / "no-recognizer"))
    try:
        status, _, answer = request(server.port, "POST", "/v1/audio/speech", body,
                                    headers={"X-CosyStudio-Check": "1"})
        json_error(503, answer, status)
        error = json.loads(answer)["error"]
        check("cosystudio-cli model download --recognizer" in error["message"] and
              error["code"] == "recognizer_not_available", f"the refusal: {error}")
        status, headers, wav = request(server.port, "POST", "/v1/audio/speech", body)
        check(status == 200 and header(headers, "transfer-encoding") == "chunked" and pcm_of_wav(wav),
              "a plain request was not served without a recogniser")
        check(header(headers, CHECK_HEADER) is None, "figures without a recogniser")
    finally:
        if server.alive():
            server.stop()
    print("listening: the figures came in the header, as synth --check --json gives them")


def load(cli, model, prompt, transcript, out, clients=8, requests=25):
    out = pathlib.Path(out)
    voices = out / "load-voices"
    voices.mkdir(parents=True, exist_ok=True)
    subprocess.run([cli, "voice", "save", "--model", model, "--prompt", prompt, "--prompt-text", transcript,
                    "--out", str(voices / "Ann.voice")], check=True, stdout=subprocess.DEVNULL)
    # Fewer requests may wait than there are clients: some are refused, and must be refused cleanly.
    server = Server(cli, model, str(voices), out / "serve-load.log", "--max-requests", "4",
                    token_file=out / "load-token")
    body = {"model": "tts-1", "input": "好。", "voice": "Ann", "response_format": "pcm"}
    try:
        for _ in range(8):  # the allocators reach their working size
            check(request(server.port, "POST", "/v1/audio/speech", body)[0] == 200, "warm-up failed")
        before = server.rss_kib()
        outcomes, problems = {}, []
        lock = threading.Lock()

        def client(index):
            for n in range(int(requests)):
                try:
                    status, headers, answer = request(server.port, "POST", "/v1/audio/speech", dict(body, seed=n))
                    if status == 200:
                        ok = len(answer) > 0 and len(answer) % 2 == 0
                    else:
                        ok = status in (429, 503) and "error" in json.loads(answer)
                    outcome = status if ok else f"bad {status}"
                except Exception as error:  # noqa: BLE001 - every failure is counted and shown
                    outcome = f"{type(error).__name__}: {error}"
                with lock:
                    outcomes[outcome] = outcomes.get(outcome, 0) + 1
                    if not isinstance(outcome, int):
                        problems.append(f"client {index} request {n}: {outcome}")

        threads = [threading.Thread(target=client, args=(i,)) for i in range(int(clients))]
        start = time.monotonic()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        seconds = time.monotonic() - start
        check(server.alive(), "the server died under load")
        check(request(server.port, "GET", "/v1/models")[0] == 200, "the server stopped answering")
        after = server.rss_kib()
        print(f"load: {outcomes} in {seconds:.1f} s; RSS {before // 1024} MiB before, {after // 1024} MiB after")
        check(not problems, "\n".join(problems[:10]))
        check(outcomes.get(200, 0) >= int(requests), "too few requests were served")
        check(after - before < 48 * 1024, f"RSS grew by {(after - before) // 1024} MiB")
    finally:
        if server.alive():
            server.stop()


if __name__ == "__main__":
    {"clients": clients, "clients-at": clients_at, "listening": listening, "load": load}[sys.argv[1]](*sys.argv[2:])
