#!/usr/bin/env python3
"""Typing in a very large note while asking for hovers: does the server keep answering?

    python3 Tests/Bench/typing.py --server "$PWD/.build/release/gloss lsp" --workspace WORKSPACE \\
        [--note notes/large-note.md] [--seconds 20] [--interval-ms 50] [--hover-ms 20]

WORKSPACE holds the note (made by large_note.py). The script starts the server, opens the note and a small note, then
for --seconds types one character every --interval-ms inside a cited key in the middle of the note, deleting it
again on the next keystroke (0 = as fast as the pipe takes them), while another thread asks for a hover every
--hover-ms, alternately on a citation in the large note (before the edit) and on one in the small note. It prints:

- hover latency p50/p99/max, in the large note and in the small one, while typing (and before, for comparison);
- edit -> diagnostics: for each keystroke, the time until a publishDiagnostics of the large note for that version or
  a later one arrives (a burst is published once, for its latest version), p50/p99/max;
- how many keystrokes were sent and how many publishes of the note came back;
- the server's CPU time (user + system) while typing.

Python 3 standard library only.
"""

import argparse
import os
import queue
import re
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lsp_bench  # noqa: E402  (the LSP client the benchmarks share)


def now():
    return time.perf_counter()


def pct(values, p):
    if not values:
        return float("nan")
    values = sorted(values)
    k = (len(values) - 1) * p / 100
    lo = int(k)
    hi = min(lo + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)


uri_of = lsp_bench.uri_of


class Client(lsp_bench.Server):
    """lsp_bench's client, keeping every publish (arrival time, uri, version) for the edit -> diagnostics figures."""

    def __init__(self, command, cwd):
        self.cond = threading.Condition()
        self.publishes = []          # (arrival time, uri, version, diagnostic count or None)
        super().__init__(command, cwd, None, skim_publishes=True)
        try:
            import fcntl
            fcntl.fcntl(self.process.stdout.fileno(), 1031, 1 << 20)  # F_SETPIPE_SZ: let the server write ahead
        except (OSError, ImportError):
            pass

    def published(self, arrived, params):
        count = None if params.get("diagnostics") is None else len(params["diagnostics"])
        with self.cond:
            self.publishes.append((arrived, params.get("uri"), params.get("version"), count))
            self.cond.notify_all()

    def timed_request(self, method, params, timeout=60.0):
        """The answer and its latency in milliseconds, (None, None) when none came in time."""
        try:
            ms, result, error = self.request(method, params, timeout=timeout)
        except queue.Empty:
            return None, None
        return ({"error": error} if error is not None else {"result": result}), ms

    def notify(self, method, params):
        """Sends a notification; returns when it was sent."""
        t = now()
        super().notify(method, params)
        return t

    def wait_publish(self, uri, after, version=None, timeout=120.0):
        deadline = now() + timeout
        with self.cond:
            while True:
                for t, u, v, n in self.publishes:
                    if u == uri and t >= after and (version is None or (v is not None and v >= version)):
                        return t
                left = deadline - now()
                if left <= 0:
                    return None
                self.cond.wait(left)

    def cpu_seconds(self):
        return lsp_bench.cpu_seconds([self.process.pid])


def position(text, offset):
    """The LSP position (UTF-16) of a str index."""
    line = text.count("\n", 0, offset)
    start = text.rfind("\n", 0, offset) + 1
    return {"line": line, "character": len(text[start:offset].encode("utf-16-le")) // 2}


def summary(values):
    if not values:
        return "none"
    return f"p50 {pct(values, 50):.1f} ms, p99 {pct(values, 99):.1f} ms, max {max(values):.1f} ms (n={len(values)})"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--server", required=True)
    ap.add_argument("--workspace", required=True)
    ap.add_argument("--note", default="notes/large-note.md")
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--interval-ms", type=float, default=50.0)
    ap.add_argument("--hover-ms", type=float, default=20.0)
    a = ap.parse_args()
    ws = os.path.abspath(a.workspace)
    client = Client(a.server, ws)
    root = uri_of(ws)
    client.timed_request("initialize", {"processId": os.getpid(), "rootUri": root,
                                  "workspaceFolders": [{"uri": root, "name": "ws"}],
                                  "capabilities": {"general": {"positionEncodings": ["utf-16"]},
                                                   "textDocument": {"hover": {"contentFormat": ["markdown"]},
                                                                    "publishDiagnostics": {"versionSupport": True}}}})
    client.notify("initialized", {})
    big_path = os.path.join(ws, a.note)
    big_uri = uri_of(big_path)
    started = now()
    if client.wait_publish(big_uri, 0) is None:
        sys.exit("no diagnostics for the note")
    print(f"ready: the note's diagnostics after {now() - started:.1f} s", file=sys.stderr)
    with open(big_path, encoding="utf-8") as f:
        text = f.read()
    small = next(os.path.join(d, n) for d, _, names in os.walk(os.path.join(ws, "notes")) for n in sorted(names)
                 if n.endswith(".md") and os.path.join(d, n) != big_path and "[@" in open(os.path.join(d, n)).read())
    with open(small, encoding="utf-8") as f:
        small_text = f.read()
    version = 1
    opened = now()
    client.notify("textDocument/didOpen", {"textDocument": {"uri": big_uri, "languageId": "markdown",
                                                            "version": version, "text": text}})
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri_of(small), "languageId": "markdown",
                                                            "version": 1, "text": small_text}})
    client.wait_publish(big_uri, opened)
    # The edit: inside the cited key of a bracketed citation in the middle; the big-note hover: a citation a quarter in.
    cites = [m for m in re.finditer(r"\[@([A-Za-z][\w:.-]*)", text)]
    edit_at = cites[len(cites) // 2].start() + 3
    hover_big = position(text, cites[len(cites) // 4].start() + 3)
    small_match = re.search(r"\[@([A-Za-z][\w:.-]*)", small_text)
    hover_small = position(small_text, small_match.start() + 3)
    edit_pos = position(text, edit_at)

    def hovers(seconds, out):
        end = now() + seconds
        k = 0
        while now() < end:
            target = (big_uri, hover_big, "big") if k % 2 == 0 else (uri_of(small), hover_small, "small")
            message, ms = client.timed_request("textDocument/hover", {"textDocument": {"uri": target[0]},
                                                                "position": target[1]})
            if message is not None and "result" in message:
                out[target[2]].append(ms)
            k += 1
            time.sleep(a.hover_ms / 1000)

    quiet = {"big": [], "small": []}
    hovers(3, quiet)
    busy = {"big": [], "small": []}
    thread = threading.Thread(target=hovers, args=(a.seconds, busy))
    sent = []
    cpu_before = client.cpu_seconds()
    typing_started = now()
    thread.start()
    end = now() + a.seconds
    typed = False
    while now() < end:
        version += 1
        if not typed:
            change = {"range": {"start": edit_pos, "end": edit_pos}, "text": "Q"}
        else:
            after = {"line": edit_pos["line"], "character": edit_pos["character"] + 1}
            change = {"range": {"start": edit_pos, "end": after}, "text": ""}
        typed = not typed
        t = client.notify("textDocument/didChange", {"textDocument": {"uri": big_uri, "version": version},
                                                     "contentChanges": [change]})
        sent.append((version, t))
        if a.interval_ms > 0:
            time.sleep(max(0.0, a.interval_ms / 1000 - (now() - t)))
    thread.join()
    client.wait_publish(big_uri, 0, version=version, timeout=60)
    cpu = client.cpu_seconds() - cpu_before
    with client.cond:
        publishes = [(t, v) for t, u, v, n in client.publishes if u == big_uri and t >= typing_started]
    latencies = []
    for v, t in sent:
        arrival = next((pt for pt, pv in publishes if pv is not None and pv >= v and pt >= t), None)
        if arrival is not None:
            latencies.append((arrival - t) * 1000)
    print(f"note: {a.note}, {len(text.encode()) / 1e6:.1f} MB; typing every {a.interval_ms:g} ms for "
          f"{a.seconds:g} s, a hover every {a.hover_ms:g} ms")
    print(f"hover, idle:   large note {summary(quiet['big'])}; small note {summary(quiet['small'])}")
    print(f"hover, typing: large note {summary(busy['big'])}; small note {summary(busy['small'])}")
    print(f"edit -> diagnostics: {summary(latencies)}")
    print(f"keystrokes sent {len(sent)}, publishes of the note {len(publishes)}, server CPU while typing "
          f"{cpu:.2f} s ({1000 * cpu / max(1, len(sent)):.1f} ms per keystroke)")
    client.stop()


if __name__ == "__main__":
    main()
