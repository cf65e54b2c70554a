#!/usr/bin/env python3
"""A model hub on the loopback for the download tests: serves one folder in
Hugging Face's URL layout (tree listing with LFS hashes, /resolve/ answering
302 to a second "CDN" listener for LFS files) and in ModelScope's, both with
HTTP ranges. Prints "PORT CDN_PORT", then one line per file request:
"<hub|cdn> GET <file> range=<the Range header or ->".

Faults for the tests, each for one file (a path relative to the folder):
  --drop PATH:N      the first download of PATH stops after N bytes (connection closed)
  --stall PATH:N     the first download of PATH sends N bytes, then nothing (connection left open)
  --hang PATH        every download of PATH sends its headers, then nothing (connection left open)
  --wrong-hash PATH  the listings publish a wrong hash for PATH
  --no-hash PATH     the listings publish no hash for PATH, as some of ModelScope's do
  --missing PATH     PATH is listed but its download answers 404
  --slow PATH        the first download of PATH comes in small pieces with pauses (time to cancel)
With --run COMMAND...: runs the command with HUB_URL set to the hub's URL,
then exits with its status. Standard library only."""

import argparse
import hashlib
import http.server
import json
import os
import subprocess
import sys
import threading
import time
import traceback
import urllib.parse

LFS_SUFFIXES = (".pt", ".onnx", ".safetensors")
TREE_PAGE_SIZE = 8  # Hugging Face pages long listings with a Link header
COMMIT = "0123456789abcdef0123456789abcdef01234567"


class Repo:
    def __init__(self, root, options):
        self.root = root
        self.options = options
        self.files = {}  # path -> (size, sha256, git blob sha1)
        for folder, _, names in os.walk(root):
            for name in sorted(names):
                full = os.path.join(folder, name)
                path = os.path.relpath(full, root).replace(os.sep, "/")
                data = open(full, "rb").read()
                blob = hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()
                self.files[path] = (len(data), hashlib.sha256(data).hexdigest(), blob)
        self.drops = dict(spec.rsplit(":", 1) for spec in options.drop)
        self.stalls = dict(spec.rsplit(":", 1) for spec in options.stall)
        self.slow = set(options.slow)
        self.lock = threading.Lock()

    def is_lfs(self, path):
        return path.endswith(LFS_SUFFIXES)

    def published_sha256(self, path):
        digest = self.files[path][1]
        return "0" * 64 if path in self.options.wrong_hash else digest

    def published_blob(self, path):
        digest = self.files[path][2]
        return "0" * 40 if path in self.options.wrong_hash else digest

    def publishes_hash(self, path):
        return path not in self.options.no_hash

    def path_for_sha256(self, digest):
        return next((p for p, (_, sha, _) in self.files.items() if sha == digest), None)

    def take_drop(self, path):
        """The byte count after which this download stops, once."""
        with self.lock:
            return int(self.drops.pop(path)) if path in self.drops else None

    def take_stall(self, path):
        """The byte count after which this download sends nothing more: once, or 0 every time."""
        if path in self.options.hang:
            return 0
        with self.lock:
            return int(self.stalls.pop(path)) if path in self.stalls else None

    def take_slow(self, path):
        with self.lock:
            slow = path in self.slow
            self.slow.discard(path)
            return slow

    def hf_tree(self):
        entries, folders = [], set()
        for path, (size, _, _) in sorted(self.files.items()):
            parts = path.split("/")
            for depth in range(1, len(parts)):
                folder = "/".join(parts[:depth])
                if folder not in folders:
                    folders.add(folder)
                    entries.append({"type": "directory", "oid": "0" * 40, "size": 0, "path": folder})
            entry = {"type": "file", "size": size, "path": path}
            if self.publishes_hash(path):
                entry["oid"] = self.published_blob(path)
                if self.is_lfs(path):
                    entry["lfs"] = {"oid": self.published_sha256(path), "size": size, "pointerSize": 134}
            entries.append(entry)
        return entries

    def modelscope_files(self):
        files = [{"Name": p.rsplit("/", 1)[-1], "Path": p, "Type": "blob", "Size": size,
                  "Sha256": self.published_sha256(p) if self.publishes_hash(p) else "", "IsLFS": self.is_lfs(p)}
                 for p, (size, _, _) in sorted(self.files.items())]
        folders = sorted({p.rsplit("/", 1)[0] for p in self.files if "/" in p})
        return [{"Name": f, "Path": f, "Type": "tree", "Size": 0} for f in folders] + files


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    repo = None
    repo_id = None
    listener = "hub"
    base = None  # this listener's URL
    cdn_base = None

    def log_message(self, *args):
        pass

    def send_json(self, value, extra_headers=()):
        body = json.dumps(value).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        for name, text in extra_headers:
            self.send_header(name, text)
        self.end_headers()
        self.wfile.write(body)

    def send_not_found(self):
        body = b"Entry not found"
        self.send_response(404)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        path = urllib.parse.unquote(url.path)
        query = urllib.parse.parse_qs(url.query)
        if self.listener == "cdn":
            return self.serve_cdn(path)
        hf_tree = f"/api/models/{self.repo_id}/tree/main"
        hf_resolve = f"/{self.repo_id}/resolve/main/"
        ms_repo = f"/api/v1/models/{self.repo_id}/repo"
        if path == hf_tree:
            return self.serve_tree_page(int(query.get("cursor", ["0"])[0]))
        if path.startswith(hf_resolve):
            return self.serve_resolve(path[len(hf_resolve):])
        if path == ms_repo + "/files":
            return self.send_json({"Code": 200, "Data": {"Files": self.repo.modelscope_files()}})
        if path == ms_repo and "FilePath" in query:
            return self.serve_file(query["FilePath"][0])
        self.send_not_found()

    def serve_tree_page(self, cursor):
        entries = self.repo.hf_tree()
        page = entries[cursor:cursor + TREE_PAGE_SIZE]
        headers = []
        if cursor + TREE_PAGE_SIZE < len(entries):
            next_url = f"{self.base}/api/models/{self.repo_id}/tree/main?recursive=true&cursor={cursor + TREE_PAGE_SIZE}"
            headers.append(("Link", f'<{next_url}>; rel="next"'))
        self.send_json(page, headers)

    def serve_resolve(self, path):
        if path not in self.repo.files or path in self.repo.options.missing:
            return self.send_not_found()
        if not self.repo.is_lfs(path):
            return self.serve_file(path)
        size, digest, blob = self.repo.files[path]
        self.log_request_line(path)
        self.send_response(302)
        self.send_header("Location", f"{self.cdn_base}/repos/{digest}?response-content-disposition=attachment")
        self.send_header("X-Repo-Commit", COMMIT)
        self.send_header("X-Linked-Etag", f'"{digest}"')
        self.send_header("X-Linked-Size", str(size))
        self.send_header("ETag", f'"{blob}"')
        self.send_header("Content-Length", "0")
        self.end_headers()

    def serve_cdn(self, path):
        found = self.repo.path_for_sha256(path.rsplit("/", 1)[-1]) if path.startswith("/repos/") else None
        if found is None:
            return self.send_not_found()
        self.serve_file(found)

    def log_request_line(self, path):
        print(f"{self.listener} GET {path} range={self.headers.get('Range', '-')}", flush=True)

    def serve_file(self, path):
        if path not in self.repo.files or path in self.repo.options.missing:
            return self.send_not_found()
        self.log_request_line(path)
        size = self.repo.files[path][0]
        start = 0
        ranged = self.headers.get("Range", "")
        if ranged.startswith("bytes=") and ranged.endswith("-"):
            start = int(ranged[len("bytes="):-1])
            if start >= size:
                self.send_response(416)
                self.send_header("Content-Range", f"bytes */{size}")
                self.send_header("Content-Length", "0")
                return self.end_headers()
            self.send_response(206)
            self.send_header("Content-Range", f"bytes {start}-{size - 1}/{size}")
        else:
            self.send_response(200)
        self.send_header("Accept-Ranges", "bytes")
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(size - start))
        self.end_headers()
        limit = self.repo.take_drop(path)
        stall = self.repo.take_stall(path)
        slow = self.repo.take_slow(path)
        with open(os.path.join(self.repo.root, path), "rb") as source:
            source.seek(start)
            sent = 0
            while True:
                piece = source.read(16384 if slow else 1 << 20)
                if not piece:
                    break
                if stall is not None and sent + len(piece) >= stall:
                    self.wfile.write(piece[:stall - sent])
                    return self.send_nothing_more()
                if limit is not None and sent + len(piece) >= limit:
                    self.wfile.write(piece[:limit - sent])
                    self.wfile.flush()
                    self.close_connection = True
                    return
                self.wfile.write(piece)
                sent += len(piece)
                if slow:
                    time.sleep(0.02)

    def send_nothing_more(self):
        """Keeps the connection open, silent, until the client gives up on it."""
        self.wfile.flush()
        self.close_connection = True
        try:
            while self.connection.recv(4096):
                pass
        except OSError:
            pass


def quiet_about_closed_connections(request, address):
    """A client that goes away mid-answer (a cancelled download) is no error."""
    if not isinstance(sys.exc_info()[1], ConnectionError):
        traceback.print_exc()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder")
    parser.add_argument("--repo", default="FunAudioLLM/Fun-CosyVoice3-0.5B-2512")
    parser.add_argument("--drop", action="append", default=[])
    parser.add_argument("--stall", action="append", default=[])
    parser.add_argument("--hang", action="append", default=[])
    parser.add_argument("--wrong-hash", action="append", default=[])
    parser.add_argument("--no-hash", action="append", default=[])
    parser.add_argument("--missing", action="append", default=[])
    parser.add_argument("--slow", action="append", default=[])
    parser.add_argument("--run", nargs=argparse.REMAINDER)
    options = parser.parse_args()

    Handler.repo, Handler.repo_id = Repo(options.folder, options), options.repo
    hub = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    cdn = http.server.ThreadingHTTPServer(("127.0.0.1", 0), type("Cdn", (Handler,), {"listener": "cdn"}))
    Handler.base = f"http://127.0.0.1:{hub.server_address[1]}"
    Handler.cdn_base = f"http://127.0.0.1:{cdn.server_address[1]}"
    for server in (hub, cdn):
        server.daemon_threads = True
        server.handle_error = quiet_about_closed_connections
        threading.Thread(target=server.serve_forever, daemon=True).start()
    if options.run:
        sys.exit(subprocess.run(options.run, env=dict(os.environ, HUB_URL=Handler.base)).returncode)
    print(hub.server_address[1], cdn.server_address[1], flush=True)
    try:
        sys.stdin.read()  # until the test closes our stdin or kills us
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
