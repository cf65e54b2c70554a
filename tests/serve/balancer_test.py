#!/usr/bin/env python3
"""Two `cosystudio-cli serve` processes behind HAProxy with the project's own
configuration (packaging/cluster/haproxy.cfg), on the loopback:
  balancer_test.py CLI MODEL PROMPT TRANSCRIPT OUT VENV_PYTHON HAPROXY_CFG

GET /health answers 200 without the token while a server takes requests.
One server is given a long request of its own; then the openai package
sends requests at once through the balancer, and that server is stopped
(SIGTERM) while it runs the long one and has balanced ones waiting. Its
/health then says 503 "shutting_down"; it finishes the long request, refuses
the waiting ones with 503, which the balancer sends to the other server, and
exits 0. Every balanced request gets the same audio as the other server gives
alone for the same seed."""

import json
import os
import shutil
import threading
import pathlib
import signal
import socket
import subprocess
import sys
import time
import http.client

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from serve_test import LONG, TOKEN, Server, check, fail, pcm_of_wav, request, save_voice  # noqa: E402

SEED = 11
REQUESTS = 6


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def health(connection):
    """(status, JSON) of GET /health on an open connection, without the token."""
    connection.request("GET", "/health", headers={"Host": "127.0.0.1"})
    response = connection.getresponse()
    return response.status, json.loads(response.read())


def answers(port):
    """Whether the balancer on PORT passes a request on yet."""
    try:
        return request(port, "GET", "/v1/models", timeout=5)[0] == 200
    except OSError:
        return False


def wait_for(condition, seconds, what):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)
    fail(f"waited {seconds} s for {what}")


def main(cli, model, prompt, transcript, out, venv_python, config):
    check(shutil.which("haproxy"), "haproxy is not installed (scripts/setup.sh installs it with the app's packages)")
    out = pathlib.Path(out)
    voice = save_voice(cli, model, prompt, transcript, out / "balanced-voices")
    servers = [Server(cli, model, str(voice.parent), out / f"balanced-server-{n}.log") for n in (1, 2)]
    stopping, staying = servers

    connection = http.client.HTTPConnection("127.0.0.1", stopping.port, timeout=30)
    status, body = health(connection)
    check(status == 200 and body == {"status": "ready", "model_loaded": True, "active_requests": 0},
          f"GET /health of a ready server: {status} {body}")

    # What the staying server makes alone for the text and seed.
    status, _, alone = request(staying.port, "POST", "/v1/audio/speech",
                               {"model": "cosyvoice3", "voice": "Ann", "input": LONG, "seed": SEED})
    check(status == 200, f"the staying server alone answered {status}")
    expected = pcm_of_wav(alone)

    lb_port = free_port()
    balancer_log = out / "haproxy.log"
    balancer = subprocess.Popen(
        ["haproxy", "-f", config, "-db"], stdout=open(balancer_log, "w"), stderr=subprocess.STDOUT,
        env=dict(os.environ, COSYSTUDIO_LB_BIND=f"127.0.0.1:{lb_port}",
                 COSYSTUDIO_SERVER_1=f"127.0.0.1:{stopping.port}", COSYSTUDIO_SERVER_2=f"127.0.0.1:{staying.port}"))
    try:
        wait_for(lambda: answers(lb_port), 30,
                 f"the balancer to answer (see {balancer_log})")
        # The long request, running while the server is stopped: a few seconds, so that its /health
        # is asked while it shuts down.
        long_answer = {}
        long_request = threading.Thread(target=lambda: long_answer.setdefault("answer", request(
            stopping.port, "POST", "/v1/audio/speech",
            {"model": "cosyvoice3", "voice": "Ann", "input": LONG * 4, "seed": SEED}, timeout=300)))
        long_request.start()
        wait_for(lambda: health(connection)[1]["active_requests"] == 1, 60, "the long request to start")
        takes = out / "balanced-takes"
        takes.mkdir(exist_ok=True)
        for old in takes.glob("*.wav"):
            old.unlink()
        clients = subprocess.Popen([venv_python, str(pathlib.Path(__file__).parent / "balanced_clients.py"),
                                    f"http://127.0.0.1:{lb_port}/v1", TOKEN, "Ann", LONG, str(SEED),
                                    str(REQUESTS), str(takes)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   text=True)
        # Stopped while it runs the long request and has a balanced one waiting.
        wait_for(lambda: health(connection)[1]["active_requests"] >= 2, 120,
                 "the stopping server to have a balanced request waiting")
        stopping.process.send_signal(signal.SIGTERM)
        # On the connection opened before: the port itself is closed.
        wait_for(lambda: health(connection)[0] == 503, 10, "GET /health to answer 503 while shutting down")
        status, body = health(connection)
        check(body["status"] == "shutting_down" and body["model_loaded"], f"GET /health while shutting down: {body}")
        answered, _ = clients.communicate(timeout=300)
        check(clients.returncode == 0, f"the clients: {answered}")
        long_request.join(timeout=300)
        status, _, long_audio = long_answer["answer"]
        check(status == 200 and len(pcm_of_wav(long_audio)) > len(expected),
              f"the long request, running when its server was stopped, got {status}")
        check(stopping.process.wait(timeout=60) == 0,
              f"the stopped server exited with {stopping.process.returncode}")
        log = (out / "balanced-server-1.log").read_text()
        check("every request answered" in log, f"the stopped server's log: {log!r}")
        for take in sorted(takes.glob("*.wav")):
            check(pcm_of_wav(take.read_bytes()) == expected, f"{take.name} differs from the staying server's audio")
        check(len(list(takes.glob("*.wav"))) == REQUESTS, f"takes: {sorted(takes.iterdir())}")
        # HAProxy's log, a line per request: its status to the client, the server that answered, and
        # its retries ("+1": sent on to another server).
        posts = [line for line in balancer_log.read_text().splitlines() if '"POST /v1/audio/speech' in line]
        check(len(posts) == REQUESTS and all(" 200 " in line for line in posts),
              f"the balancer's answers: {posts}")
        check(any("/+" in line for line in posts), f"no refused request was sent on to the other server: {posts}")
        staying.stop()
    finally:
        balancer.terminate()
        balancer.wait(timeout=30)
        for server in servers:
            if server.alive():
                server.process.kill()
    print(f"ok: {REQUESTS} requests through the balancer, one server stopped in the middle; all got the same audio")


if __name__ == "__main__":
    main(*sys.argv[1:])
