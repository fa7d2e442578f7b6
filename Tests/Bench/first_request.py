#!/usr/bin/env python3
"""How long the first requests wait once a workspace is ready: cold (fresh cache), then restarted (cache kept).

    python3 Tests/Bench/first_request.py --server "$PWD/.build/release/gloss lsp" --workspace WORKSPACE \\
        [--runs 1] [--requests 5] [--pause-ms 200] [--snapshot-wait 120]

WORKSPACE is one made by Tests/Bench/make_workspace.py (its manifest.json names the notes and the probe positions). Each run
starts the server twice with the same fresh XDG_CACHE_HOME: cold, then restarted with nothing changed (the cold start
stops once its restart snapshot is saved, at most --snapshot-wait seconds later). Each start
waits until every note has its diagnostics ("ready"), opens the note of the manifest's first completion probe, then
asks --requests times for completion there and for hover at its first hover probe, --pause-ms apart. It prints per
start: ready, the first completion and hover, the worst and the median of the later ones, and the server's log lines
that say what it was doing (indexing, building the completion index, publishing, slow requests).

The figures users feel after opening their editor are the first ones: a completion that waits for an index still
being built, or for work the server does right after ready. Python 3 standard library only.
"""

import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import threading
import queue
import time
import urllib.parse


class Server:
    def __init__(self, command, workspace, cache):
        env = dict(os.environ, XDG_CACHE_HOME=cache, XDG_STATE_HOME=cache)
        self.log = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(shlex.split(command), cwd=workspace, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=self.log, env=env)
        self.messages = queue.Queue()
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        out = self.proc.stdout
        while True:
            headers = {}
            while True:
                line = out.readline()
                if not line:
                    self.messages.put(None)
                    return
                line = line.decode().strip()
                if not line:
                    break
                name, value = line.split(":", 1)
                headers[name.lower()] = value.strip()
            self.messages.put(json.loads(out.read(int(headers["content-length"]))))

    def send(self, method, params, notification=False):
        message = {"jsonrpc": "2.0", "method": method, "params": params}
        if not notification:
            self.next_id += 1
            message["id"] = self.next_id
        body = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()
        return self.next_id

    def _answer_server_request(self, message):
        body = json.dumps({"jsonrpc": "2.0", "id": message["id"], "result": None}).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def next_message(self):
        message = self.messages.get()
        if message is None:
            raise SystemExit("the server stopped")
        if "method" in message and "id" in message:
            self._answer_server_request(message)
        return message

    def request(self, method, params):
        """Sends a request and returns (result, milliseconds)."""
        started = time.perf_counter()
        wanted = self.send(method, params)
        while True:
            message = self.next_message()
            if message.get("id") == wanted and "method" not in message:
                return message.get("result"), (time.perf_counter() - started) * 1000

    def wait_for_log(self, words, seconds):
        """Waits up to `seconds` for a log line holding `words` (read without moving the server's write offset)."""
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            if words.encode() in os.pread(self.log.fileno(), 1 << 24, 0):
                return True
            time.sleep(0.2)
        return False

    def stop(self):
        try:
            self.request("shutdown", None)
            self.send("exit", None, notification=True)
            self.proc.stdin.close()
            self.proc.wait(timeout=60)
        except Exception:
            self.proc.kill()
        self.log.seek(0)
        return self.log.read().decode(errors="replace").splitlines()


def uri_of(path):
    return "file://" + urllib.parse.quote(os.path.abspath(path))


def one_start(args, manifest, cache, completion, hover, cold):
    server = Server(args.server, args.workspace, cache)
    started = time.perf_counter()
    root = uri_of(args.workspace)
    server.request("initialize", {"processId": None, "rootUri": root,
                                  "capabilities": {"general": {"positionEncodings": ["utf-16"]}}})
    server.send("initialized", {}, notification=True)
    notes = manifest["counts"]["notes"]
    seen = set()
    while len(seen) < notes:
        message = server.next_message()
        if message.get("method") == "textDocument/publishDiagnostics":
            uri = message["params"]["uri"]
            if uri.endswith(".md"):
                seen.add(uri)
    ready = (time.perf_counter() - started) * 1000
    path = os.path.join(args.workspace, completion["file"])
    with open(path, encoding="utf-8", newline="") as f:
        text = f.read()
    uri = uri_of(path)
    server.send("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1,
                                                          "text": text}}, notification=True)
    completions, hovers, items = [], [], None
    for index in range(args.requests):
        result, ms = server.request("textDocument/completion", {
            "textDocument": {"uri": uri}, "position": {"line": completion["line"], "character": completion["character"]}})
        completions.append(ms)
        if index == 0:
            listed = (result or {}).get("items", result) if isinstance(result, dict) else result
            items = len(listed or [])
        if hover:
            hover_uri = uri_of(os.path.join(args.workspace, hover["file"]))
            if hover["file"] != completion["file"]:
                with open(os.path.join(args.workspace, hover["file"]), encoding="utf-8", newline="") as f:
                    server.send("textDocument/didOpen", {"textDocument": {
                        "uri": hover_uri, "languageId": "markdown", "version": 1, "text": f.read()}},
                        notification=True)
            _, ms = server.request("textDocument/hover", {
                "textDocument": {"uri": hover_uri}, "position": {"line": hover["line"], "character": hover["character"]}})
            hovers.append(ms)
        time.sleep(args.pause_ms / 1000)
    if cold and args.snapshot_wait > 0 and not server.wait_for_log("saved the restart snapshot", args.snapshot_wait):
        print("    (no restart snapshot saved within %d s: the restart below is a cold start)" % args.snapshot_wait)
    log = server.stop()
    return {"ready": ready, "completions": completions, "hovers": hovers, "items": items, "log": log}


def describe(values):
    if not values:
        return "-"
    later = values[1:]
    if not later:
        return "first %.1f" % values[0]
    return "first %.1f, later median %.1f, worst %.1f" % (values[0], statistics.median(later), max(later))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--server", required=True, help='the server command, e.g. "/path/gloss lsp"')
    parser.add_argument("--workspace", required=True)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--requests", type=int, default=5)
    parser.add_argument("--pause-ms", type=int, default=200)
    parser.add_argument("--snapshot-wait", type=int, default=120,
                        help="seconds the cold start waits for its restart snapshot to be saved before it stops")
    args = parser.parse_args()
    with open(os.path.join(args.workspace, "manifest.json")) as f:
        manifest = json.load(f)
    probes = manifest.get("probes", [])
    completion = next(p for p in probes if p["kind"] == "completion")
    hover = next((p for p in probes if p["kind"] == "hover"), None)
    print("load before: %s" % " ".join("%.2f" % x for x in os.getloadavg()))
    print("completion at %s:%d:%d, hover at %s:%d:%d" % (
        completion["file"], completion["line"], completion["character"],
        hover["file"] if hover else "-", hover["line"] if hover else 0, hover["character"] if hover else 0))
    for run in range(args.runs):
        with tempfile.TemporaryDirectory(prefix="gloss-first-request-") as cache:
            for kind in ("cold", "restart"):
                result = one_start(args, manifest, cache, completion, hover, kind == "cold")
                print("run %d %-7s ready %.0f ms; completion (ms) %s, %s items; hover (ms) %s" % (
                    run + 1, kind, result["ready"], describe(result["completions"]), result["items"],
                    describe(result["hovers"])))
                for line in result["log"]:
                    if any(word in line for word in ("indexed", "built the completion", "published the", " took ")):
                        print("    " + line[:200])
    print("load after: %s" % " ".join("%.2f" % x for x in os.getloadavg()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
