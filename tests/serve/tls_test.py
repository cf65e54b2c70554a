#!/usr/bin/env python3
"""`cosystudio-cli serve` over HTTPS, with real clients:
  tls_test.py CLI MODEL PROMPT TRANSCRIPT OUT VENV_PYTHON

--make-certificate makes a self-signed certificate (its key readable by its
owner alone) for this machine's names; serve prints its SHA-256 fingerprint,
which equals OpenSSL's. curl that trusts the certificate's file gets answers;
curl that does not, or that trusts another certificate, is refused with
curl's certificate error (60), and plain HTTP is told to use https. The openai package
(httpx trusting the file through SSL_CERT_FILE) gets the CLI's audio for the
seed. A key that is not the certificate's kind, and files that cannot be read,
stop serve before it loads the model, naming the file; the pair is made once
and kept (a second start does not make another)."""

import os
import pathlib
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from serve_test import SHORT, TOKEN, check, cli_take, curl, fail, pcm_of_wav, save_voice  # noqa: E402


class TlsServer:
    """serve --port 0 with --tls-cert and --tls-key (made with --make-certificate when asked)."""

    def __init__(self, cli, model, voices, log, certificate, key, *extra):
        self.process = subprocess.Popen(
            [cli, "serve", "--model", model, "--voices", voices, "--port", "0", "--tls-cert", str(certificate),
             "--tls-key", str(key), *extra], stdout=subprocess.PIPE, stderr=open(log, "w"), text=True,
            env=dict(os.environ, COSYSTUDIO_SERVER_TOKEN=TOKEN))
        line = self.process.stdout.readline()
        check(line.startswith("listening on https://127.0.0.1:"), f"serve printed {line!r}; see {log}")
        self.port = int(line.split(":")[2].split("/")[0])
        self.base = f"https://127.0.0.1:{self.port}/v1"
        self.fingerprint = self.process.stdout.readline().strip().removeprefix("certificate SHA-256 fingerprint: ")

    def stop(self):
        self.process.terminate()
        check(self.process.wait(timeout=30) == 0, f"serve exited with {self.process.returncode}")


def curl_code(*args):
    return subprocess.run(["curl", "-sS", "-o", os.devnull, *args], capture_output=True).returncode


def openssl(*args):
    return subprocess.run(["openssl", *args], check=True, capture_output=True, text=True).stdout


def main(cli, model, prompt, transcript, out, venv_python):
    out = pathlib.Path(out)
    voice = save_voice(cli, model, prompt, transcript, out / "tls-voices")
    folder = out / "tls"
    folder.mkdir(exist_ok=True)
    certificate, key = folder / "cert.pem", folder / "key.pem"
    for made in (certificate, key):
        made.unlink(missing_ok=True)

    server = TlsServer(cli, model, str(voice.parent), out / "serve-tls.log", certificate, key, "--make-certificate")
    try:
        check(oct(key.stat().st_mode & 0o777) == "0o600", f"the key's mode is {oct(key.stat().st_mode)}")
        expected = openssl("x509", "-in", str(certificate), "-noout", "-fingerprint", "-sha256").split("=")[1].strip()
        check(server.fingerprint == expected, f"serve printed {server.fingerprint!r}, OpenSSL says {expected!r}")
        names = openssl("x509", "-in", str(certificate), "-noout", "-ext", "subjectAltName")
        check("DNS:localhost" in names and "IP Address:127.0.0.1" in names, f"the certificate is for {names}")

        auth = ["-H", f"Authorization: Bearer {TOKEN}"]
        check(b'"cosyvoice3"' in curl("--cacert", str(certificate), *auth, f"{server.base}/models"),
              "curl trusting the certificate got no model list")
        check(b'"ready"' in curl("--cacert", str(certificate), f"https://localhost:{server.port}/health"),
              "curl by the name localhost got no health")
        check(curl_code(*auth, f"{server.base}/models") == 60, "curl trusted a self-signed certificate it was not given")
        other_certificate, other_key = folder / "other-cert.pem", folder / "other-key.pem"
        openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
                "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(other_key),
                "-out", str(other_certificate))
        check(curl_code("--cacert", str(other_certificate), *auth, f"{server.base}/models") == 60,
              "curl trusting another certificate was answered")
        plain = subprocess.run(["curl", "-sS", "-w", "\n%{http_code}", f"http://127.0.0.1:{server.port}/v1/models"],
                               capture_output=True, text=True)
        check(plain.stdout.endswith("\n400") and f"this server speaks HTTPS: ask https://127.0.0.1:{server.port}/v1 "
              "instead" in plain.stdout and "https_required" in plain.stdout, f"plain HTTP got {plain.stdout!r}")

        # The openai package trusting the file: the CLI's streamed take for the seed.
        wav = out / "tls-openai.wav"
        run = subprocess.run([venv_python, str(pathlib.Path(__file__).parent / "openai_client.py"), server.base,
                              TOKEN, "Ann", SHORT, "3", str(wav)], capture_output=True, text=True,
                             env=dict(os.environ, SSL_CERT_FILE=str(certificate)))
        check(run.returncode == 0, f"the openai client over HTTPS: {run.stdout} {run.stderr}")
        take = cli_take(cli, model, str(voice), SHORT, 3, out / "tls-take.wav", "--stream")
        check(pcm_of_wav(wav.read_bytes()) == pcm_of_wav(take), "the audio over HTTPS is not the CLI's take")
    finally:
        server.stop()

    # Kept: a second start serves the same pair.
    again = TlsServer(cli, model, str(voice.parent), out / "serve-tls-again.log", certificate, key, "--make-certificate")
    check(again.fingerprint == server.fingerprint, "a second start made another certificate")
    again.stop()

    # Refused before the model loads, naming the file.
    for certificate_file, key_file, says in ((certificate, other_certificate, "holds no unencrypted PEM key"),
                                             (folder / "missing.pem", key, "missing.pem")):
        refused = subprocess.run([cli, "serve", "--model", model, "--voices", str(voice.parent), "--port", "0",
                                  "--tls-cert", str(certificate_file), "--tls-key", str(key_file)],
                                 capture_output=True, text=True, env=dict(os.environ, COSYSTUDIO_SERVER_TOKEN=TOKEN),
                                 timeout=60)
        check(refused.returncode != 0 and says in refused.stderr, f"serve with {key_file}: {refused.stderr!r}")
    print("ok: HTTPS with a certificate made by serve; curl and the openai package trust it by its file")


if __name__ == "__main__":
    main(*sys.argv[1:])
