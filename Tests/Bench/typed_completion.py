#!/usr/bin/env python3
"""The benchmark's "type `[@` then complete" probe, repeated: where its time goes per note.

    python3 Tests/Bench/typed_completion.py --server "$PWD/.build/release/gloss lsp" --workspace WORKSPACE \\
        [--repeat 40] [--notes 3]

WORKSPACE is one made by Tests/Bench/make_workspace.py (its manifest.json names the probe notes). The server starts cold
(with a fresh XDG_CACHE_HOME), indexes, and once every note's diagnostics are in, the first --notes probe notes are
opened; in each, as lsp_bench.py does, ` [@` is inserted at the end of the middle line (skipping blank, fenced and
indented lines), completion is asked for after it, and the insert is undone, --repeat times, 50 ms apart. Prints per
note the line typed on and the completion's p50 and max (ms, from request to answer). lsp_bench.py gives one p99
over all notes; this tells which line costs what. Python 3 standard library only.
"""

import argparse
import json
import os
import shlex
import subprocess
import tempfile
import threading
import time


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--server", required=True)
    ap.add_argument("--workspace", required=True)
    ap.add_argument("--repeat", type=int, default=40)
    ap.add_argument("--notes", type=int, default=3)
    ap.add_argument("--ready-timeout", type=float, default=300)
    a = ap.parse_args()
    ws = os.path.abspath(a.workspace)
    manifest = json.load(open(os.path.join(ws, "manifest.json")))
    note_count = sum(1 for _ in walk_notes(ws))
    env = dict(os.environ, XDG_CACHE_HOME=tempfile.mkdtemp())
    proc = subprocess.Popen(shlex.split(a.server), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, env=env)
    answers, published, cv = {}, set(), threading.Condition()

    def send(message):
        body = json.dumps(message).encode()
        proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        proc.stdin.flush()

    def read():
        out = proc.stdout
        while True:
            header = b""
            while not header.endswith(b"\r\n\r\n"):
                c = out.read(1)
                if not c:
                    return
                header += c
            length = next(int(line.split(b":")[1]) for line in header.split(b"\r\n")
                          if line.lower().startswith(b"content-length"))
            message = json.loads(out.read(length))
            with cv:
                if "id" in message and "method" not in message:
                    answers[message["id"]] = (time.perf_counter(), message)
                elif "id" in message:
                    send({"jsonrpc": "2.0", "id": message["id"], "result": None})
                elif message.get("method") == "textDocument/publishDiagnostics":
                    published.add(message["params"]["uri"])
                cv.notify_all()

    threading.Thread(target=read, daemon=True).start()
    next_id = [0]

    def request(method, params):
        next_id[0] += 1
        rid = next_id[0]
        started = time.perf_counter()
        send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        with cv:
            while rid not in answers:
                cv.wait()
        return (answers[rid][0] - started) * 1000

    root = "file://" + ws
    request("initialize", {"processId": None, "rootUri": root, "capabilities": {},
                           "workspaceFolders": [{"uri": root, "name": os.path.basename(ws)}]})
    send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    deadline = time.time() + a.ready_timeout
    with cv:
        while sum(1 for u in published if u.endswith((".md", ".markdown"))) < note_count and time.time() < deadline:
            cv.wait(1)
    time.sleep(1)
    files = []
    for probe in manifest["probes"]:
        if probe["file"] not in files:
            files.append(probe["file"])
    for rel in files[: a.notes]:
        text = open(os.path.join(ws, rel), encoding="utf-8", newline="").read()
        uri = "file://" + os.path.join(ws, rel)
        send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
              "params": {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}}})
        lines = text.split("\n")
        li = min(len(lines) - 1, max(0, len(lines) // 2))
        while li < len(lines) - 1 and (lines[li].strip() == "" or lines[li].startswith(("```", "~~~", "    "))):
            li += 1
        col = len(lines[li].rstrip("\r").encode("utf-16-le")) // 2
        version, times = 1, []
        for _ in range(a.repeat):
            version += 1
            change(send, uri, version, li, col, col, " [@")
            times.append(request("textDocument/completion", {
                "textDocument": {"uri": uri}, "position": {"line": li, "character": col + 3},
                "context": {"triggerKind": 2, "triggerCharacter": "@"}}))
            version += 1
            change(send, uri, version, li, col, col + 3, "")
            time.sleep(0.05)
        times.sort()
        print(f"{rel} line {li + 1} of {len(lines)} {lines[li][:50]!r}: p50 {times[len(times) // 2]:.1f} ms, "
              f"max {times[-1]:.1f} ms")
    proc.kill()


def change(send, uri, version, line, start, end, text):
    send({"jsonrpc": "2.0", "method": "textDocument/didChange",
          "params": {"textDocument": {"uri": uri, "version": version}, "contentChanges": [
              {"range": {"start": {"line": line, "character": start}, "end": {"line": line, "character": end}},
               "text": text}]}})


def walk_notes(ws):
    for folder, dirs, files in os.walk(os.path.join(ws, "notes")):
        for name in files:
            if name.endswith((".md", ".markdown")):
                yield os.path.join(folder, name)


if __name__ == "__main__":
    main()
