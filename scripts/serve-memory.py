#!/usr/bin/env python3
"""Host memory of `cosystudio-cli serve` over many varied requests: four texts of different lengths, a seed each,
one request after another; prints the server's RSS (MiB) at the start and after every hundred requests.
With LENGTHS, the texts are the first 1, 2, ... LENGTHS words of one long sentence instead, so that the networks
see that many lengths of input (the kernels some libraries compile per shape show as memory).
docs/PERFORMANCE.md ("Memory under load") has its figures.

Usage: scripts/serve-memory.py CLI MODEL VOICES_DIR PRECISION REQUESTS [LENGTHS]
       (VOICES_DIR holds Ann.voice: cosystudio-cli voice save ... --out VOICES_DIR/Ann.voice)
"""
import json
import os
import subprocess
import sys
import urllib.request

TOKEN = "memory-run-token"
TEXTS = ["好。", "Hello there, my friend.",
         "收到好友从远方寄来的生日礼物，那份意外的惊喜与深深的祝福让我心中充满了甜蜜的快乐。",
         "The quick brown fox jumps over the lazy dog, and then it runs far away into the deep green forest."]


WORDS = ("The quick brown fox jumps over the lazy dog and then it runs far away into the deep green forest "
         "where the old trees stand tall and quiet under a pale sky while the wind carries the smell of rain "
         "across the hills and the river bends slowly past the sleeping village at the end of a long summer day "
         "when the children have gone home and the lamps are lit one by one along the narrow winding street").split()


def texts(lengths):
    if lengths == 0:
        return TEXTS
    return [" ".join(WORDS[:n % len(WORDS) + 1]) + "." for n in range(lengths)]


def main(cli, model, voices, precision, requests, lengths="0"):
    inputs = texts(int(lengths))
    server = subprocess.Popen([cli, "serve", "--model", model, "--voices", voices, "--port", "0",
                               "--precision", precision],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                              env=dict(os.environ, COSYSTUDIO_SERVER_TOKEN=TOKEN))
    try:
        port = int(server.stdout.readline().split(":")[2].split("/")[0])

        def rss_mib():
            with open(f"/proc/{server.pid}/status") as status:
                return next(int(line.split()[1]) // 1024 for line in status if line.startswith("VmRSS:"))

        row = [rss_mib()]
        for i in range(int(requests)):
            body = {"model": "tts-1", "input": inputs[i % len(inputs)], "voice": "Ann", "response_format": "pcm",
                    "seed": i}
            request = urllib.request.Request(f"http://127.0.0.1:{port}/v1/audio/speech", json.dumps(body).encode(),
                                             {"Authorization": f"Bearer {TOKEN}",
                                              "Content-Type": "application/json"})
            urllib.request.urlopen(request, timeout=300).read()
            if (i + 1) % 100 == 0:
                row.append(rss_mib())
        print(precision, " | ".join(map(str, row)))
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    if len(sys.argv) not in (6, 7):
        sys.exit(__doc__)
    main(*sys.argv[1:])
