#!/usr/bin/env python3
"""Measures a language server over stdio on a workspace made by make_workspace.py (Python 3 standard library, Linux).

    python3 Tests/Bench/lsp_bench.py --server "$PWD/.build/release/gloss lsp" --workspace /tmp/gloss-ws/standard \\
        [--runs 2] [--iterations 10] [--cold] [--json results.json]

Each run starts the server (its working folder the workspace), sends `initialize` (UTF-16 positions, work-done
progress, watched files) and `initialized`, and waits until a `publishDiagnostics` has arrived for every note
("ready"; notes are the .md files outside sources/, attachments/, export/ and dot folders). It then records:

- ready: milliseconds from `initialize` to the last note's first diagnostics, the server's CPU seconds (user +
  system, its process tree) and resident memory (VmRSS) at that moment, and its peak (VmHWM) at the end of the run;
- request latency, from request to answer, at the manifest's probes (completion at a key's start and after its
  first letters, at a tag; hover and definition at a citation, a wiki link, a tag; references at a citation), each
  repeated --iterations times: p50, p99 and max per kind and place, and how many answers lacked what the manifest
  says they hold;
- completion after typing `[@`: ` [@` inserted at the end of the middle prose line of a probe note, then a
  completion there (the edit is undone after);
- edit -> diagnostics: in each edit probe (a long note), a one-character edit in a cited key (which adds one
  unknown-source) and its undo, --edit-iterations times: the time until the note's diagnostics for that version;
- rename of the hub key (cited about once per ten notes): the time to the answer and the number of edits, p50/max;
- with --first-answers, the first answers: right after `initialized` (before ready), a note is opened and hover,
  completion and definition asked at once at its citation probes, as an editor restoring its last buffer does; the
  time from `initialize` to each answer, whether it holds what the manifest says, and the medians over the restarts
  (the runs after the first); with --editor-first, the code lenses and semantic tokens of the note are asked for
  first, as Neovim does when a buffer attaches (their answers are not timed).

The runs share one cache folder (XDG_CACHE_HOME), so a run after the first is a restart with nothing changed;
--cold gives each run an empty cache of its own; --linger leaves each server running that many seconds after its
measurements (a large workspace's images take seconds to write after its first indexing). Prints a table per run and the medians; --json writes every
figure. Server-to-client requests are answered (configuration, registrations and progress with null, applyEdit
refused). Exit 0 unless the server could not be started.
"""

import argparse
import json
import os
import queue
import re
import shlex
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
SKIPPED_FOLDERS = {"sources", "attachments", "export", "node_modules"}


def uri_of(path):
    return "file://" + urllib.parse.quote(os.path.abspath(path))


def percentile(values, p):
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round((len(ordered) - 1) * p / 100)))]


def process_tree(root):
    children = {}
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                with open(f"/proc/{pid}/stat") as f:
                    parent = int(f.read().rsplit(")", 1)[1].split()[1])
                children.setdefault(parent, []).append(int(pid))
            except OSError:
                pass
    tree, pending = [], [root]
    while pending:
        pid = pending.pop()
        tree.append(pid)
        pending += children.get(pid, [])
    return tree


def cpu_seconds(pids):
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except OSError:
            pass
    return total / CLOCK_TICKS


def memory_mb(pids, field):
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/status") as f:
                for line in f:
                    if line.startswith(field + ":"):
                        total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


PUBLISH = b'"method":"textDocument/publishDiagnostics"'


def skimmed_publish(body):
    """The uri and version of a publishDiagnostics from its first bytes, without decoding its diagnostics."""
    head = body[:4096].decode("utf-8", "replace")
    uri = re.search(r'"uri":"([^"]*)"', head)
    version = re.search(r'"version":(\d+)', head)
    return {"uri": json.loads('"' + uri.group(1) + '"') if uri else None,
            "version": int(version.group(1)) if version else None, "diagnostics": None}


class Server:
    """One server process: a reader thread, answers to the server's own requests, requests with their latency.

    Each `publishDiagnostics` goes to `published(arrived, params)`, which queues it in `diagnostics`; a client that
    wants them otherwise overrides it. With `skim_publishes`, a publish is not decoded: its params hold only its
    `uri` and `version` (read from its first bytes, as an editor's own fast parser would) and `diagnostics` None, so
    that the publishes of a very large note never hold the server up.
    """

    def __init__(self, command, workspace, environment, skim_publishes=False):
        self.process = subprocess.Popen(shlex.split(command), cwd=workspace, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=environment)
        self.next_id = 0
        self.pending = {}
        self.lock = threading.Lock()
        self.diagnostics = queue.Queue()
        self.skim_publishes = skim_publishes
        threading.Thread(target=self.read, daemon=True).start()

    def send(self, message):
        body = json.dumps(message, ensure_ascii=False).encode("utf-8")
        with self.lock:
            self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
            self.process.stdin.flush()

    def read(self):
        stream = self.process.stdout
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode("ascii", "replace").partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value)
            body = stream.read(length)
            arrived = time.perf_counter()
            if self.skim_publishes and PUBLISH in body[:200]:
                self.published(arrived, skimmed_publish(body))
                continue
            message = json.loads(body)
            if "method" in message and "id" in message:
                self.answer(message)
            elif "method" in message:
                if message["method"] == "textDocument/publishDiagnostics":
                    self.published(arrived, message["params"])
            else:
                slot = self.pending.pop(message.get("id"), None)
                if slot is not None:
                    slot.put((arrived, message))

    def published(self, arrived, params):
        self.diagnostics.put((arrived, params))

    def answer(self, message):
        method = message["method"]
        if method == "workspace/configuration":
            result = [None] * len(message["params"].get("items", []))
        elif method == "workspace/applyEdit":
            result = {"applied": False, "failureReason": "the benchmark applies no edits"}
        else:
            result = None
        self.send({"jsonrpc": "2.0", "id": message["id"], "result": result})

    def request(self, method, params, timeout=60):
        started = time.perf_counter()
        slot = self.ask(method, params)
        arrived, message = slot.get(timeout=timeout)
        return (arrived - started) * 1000, message.get("result"), message.get("error")

    def ask(self, method, params):
        """Sends a request without waiting; its (arrival time, answer) comes on the queue returned."""
        self.next_id += 1
        slot = queue.Queue()
        self.pending[self.next_id] = slot
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return slot

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def stop(self):
        try:
            self.request("shutdown", None, timeout=10)
            self.notify("exit", None)
            self.process.wait(timeout=10)
        except Exception:
            self.process.kill()
            self.process.wait()


def list_notes(workspace):
    notes = set()
    for folder, dirs, files in os.walk(workspace):
        relative = os.path.relpath(folder, workspace)
        dirs[:] = [d for d in dirs if not d.startswith(".") and not (relative == "." and d in SKIPPED_FOLDERS)]
        notes.update(uri_of(os.path.join(folder, f)) for f in files if f.endswith(".md") and f != "README.md")
    return notes


def answer_text(result):
    return json.dumps(result, ensure_ascii=False) if result is not None else ""


def holds(probe, result):
    """Whether an answer holds what the manifest says it must."""
    expect, text = probe.get("expect", {}), answer_text(result)
    if "contains_label" in expect:
        return json.dumps(expect["contains_label"], ensure_ascii=False)[1:-1] in text
    if "needles" in expect:
        return all(json.dumps(n, ensure_ascii=False)[1:-1] in text for n in expect["needles"])
    if "uri_any" in expect:
        return any(urllib.parse.quote(p) in text or p in text for p in expect["uri_any"])
    return bool(result)


def open_note(server, workspace, path, opened):
    if path not in opened:
        with open(os.path.join(workspace, path), encoding="utf-8", newline="") as f:
            opened[path] = f.read()
        server.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri_of(os.path.join(workspace, path)), "languageId": "markdown", "version": 1,
            "text": opened[path]}})
    return uri_of(os.path.join(workspace, path))


def wait_for_version(server, uri, version, timeout):
    deadline = time.perf_counter() + timeout
    while True:
        remaining = deadline - time.perf_counter()
        if remaining <= 0:
            return None
        try:
            arrived, params = server.diagnostics.get(timeout=remaining)
        except queue.Empty:
            return None
        if params["uri"] == uri and (params.get("version") or 0) >= version:
            return arrived


def one_run(a, manifest, notes, cache):
    environment = dict(os.environ, XDG_CACHE_HOME=cache, XDG_STATE_HOME=cache)
    workspace = os.path.abspath(a.workspace)
    server = Server(a.server, workspace, environment)
    figures = {}
    started = time.perf_counter()
    capabilities = {"general": {"positionEncodings": ["utf-16"]}, "window": {"workDoneProgress": True},
                    "workspace": {"didChangeWatchedFiles": {"dynamicRegistration": True}, "configuration": True},
                    "textDocument": {"publishDiagnostics": {"versionSupport": True},
                                     "hover": {"contentFormat": ["markdown", "plaintext"]}}}
    server.request("initialize", {"processId": os.getpid(), "rootUri": uri_of(workspace),
                                  "capabilities": capabilities,
                                  "workspaceFolders": [{"uri": uri_of(workspace), "name": "bench"}]},
                   timeout=a.ready_timeout)
    server.notify("initialized", {})
    opened = {}
    if a.first_answers:
        figures["first_answers_ms"] = first_answers(
            server, workspace, manifest, started, a.ready_timeout, opened, a.editor_first)
    waiting, last = set(notes), started
    deadline = started + a.ready_timeout
    while waiting and time.perf_counter() < deadline:
        try:
            arrived, params = server.diagnostics.get(timeout=max(0.01, deadline - time.perf_counter()))
        except queue.Empty:
            break
        if params["uri"] in waiting:
            waiting.discard(params["uri"])
            last = arrived
    pids = process_tree(server.process.pid)
    figures["ready_ms"] = (last - started) * 1000
    figures["ready"] = "all-notes" if not waiting else f"timeout ({len(waiting)} notes without diagnostics)"
    figures["cpu_s_at_ready"] = cpu_seconds(pids)
    figures["rss_mb_at_ready"] = memory_mb(pids, "VmRSS")
    latencies, wrong = {}, {}
    if not a.no_probes:
        chosen = {}
        for probe in manifest.get("probes", []):
            group = chosen.setdefault(f"{probe['kind']} ({probe['context']})", [])
            if len(group) < a.max_probes:
                group.append(probe)
        for group in chosen.values():
            for probe in group:
                open_note(server, workspace, probe["file"], opened)
        time.sleep(0.5)   # let the opened notes' diagnostics go out before timing requests
        while not server.diagnostics.empty():
            server.diagnostics.get()
        method = {"completion": "textDocument/completion", "hover": "textDocument/hover",
                  "definition": "textDocument/definition", "references": "textDocument/references"}
        for _ in range(a.iterations):
            for name, group in chosen.items():
                for probe in group:
                    params = {"textDocument": {"uri": uri_of(os.path.join(workspace, probe["file"]))},
                              "position": {"line": probe["line"], "character": probe["character"]}}
                    if probe["kind"] == "references":
                        params["context"] = {"includeDeclaration": False}
                    ms, result, error = server.request(method[probe["kind"]], params)
                    latencies.setdefault(name, []).append(ms)
                    if error or not holds(probe, result):
                        wrong[name] = wrong.get(name, 0) + 1
        typed = latencies.setdefault("completion (after typing [@)", [])
        for path in list(opened)[: a.typed_notes]:
            uri, text = uri_of(os.path.join(workspace, path)), opened[path]
            lines = text.split("\n")
            line = next((n for n in range(len(lines) // 2, len(lines)) if lines[n][:1].isalpha()), None)
            if line is None:
                continue
            column = len(lines[line].encode("utf-16-le")) // 2
            for version in range(2, 2 + 2 * a.iterations, 2):
                server.notify("textDocument/didChange", {
                    "textDocument": {"uri": uri, "version": version}, "contentChanges": [
                        {"range": {"start": {"line": line, "character": column},
                                   "end": {"line": line, "character": column}}, "text": " [@"}]})
                ms, result, _ = server.request("textDocument/completion", {
                    "textDocument": {"uri": uri}, "position": {"line": line, "character": column + 3}})
                typed.append(ms)
                server.notify("textDocument/didChange", {
                    "textDocument": {"uri": uri, "version": version + 1}, "contentChanges": [
                        {"range": {"start": {"line": line, "character": column},
                                   "end": {"line": line, "character": column + 3}}, "text": ""}]})
            opened[path] = text
        figures["versions"] = 2 + 2 * a.iterations
    if not a.no_edits:
        edits = []
        for probe in manifest.get("edit_probes", [])[: a.edit_notes]:
            uri = open_note(server, workspace, probe["file"], opened)
            wait_for_version(server, uri, 1, 5)
            at = probe["break_key"]
            version = figures.get("versions", 2) + 10
            for _ in range(a.edit_iterations):
                for text, end in ((at["text"], at["character"]), ("", at["character"] + 1)):
                    version += 1
                    sent = time.perf_counter()
                    server.notify("textDocument/didChange", {
                        "textDocument": {"uri": uri, "version": version}, "contentChanges": [
                            {"range": {"start": {"line": at["line"], "character": at["character"]},
                                       "end": {"line": at["line"], "character": end}}, "text": text}]})
                    arrived = wait_for_version(server, uri, version, a.edit_timeout)
                    if arrived is not None:
                        edits.append((arrived - sent) * 1000)
        latencies["edit -> its diagnostics"] = edits
    hub = manifest.get("hub") or {}
    if a.rename_iterations and hub.get("citation"):
        at = hub["citation"]
        uri = open_note(server, workspace, at["file"], opened)
        renames, counts = [], []
        for n in range(a.rename_iterations):
            ms, result, error = server.request("textDocument/rename", {
                "textDocument": {"uri": uri}, "position": {"line": at["line"], "character": at["character"]},
                "newName": f"renamed{n}"})
            renames.append(ms)
            changes = (result or {}).get("documentChanges") or []
            counts.append(sum(len(c.get("edits", [])) for c in changes) +
                          sum(len(v) for v in ((result or {}).get("changes") or {}).values()))
        latencies["rename of the hub key"] = renames
        figures["rename_edits"] = max(counts) if counts else 0
    figures["peak_rss_mb"] = memory_mb(process_tree(server.process.pid), "VmHWM")
    figures["latency_ms"] = {k: {"p50": percentile(v, 50), "p99": percentile(v, 99), "max": max(v) if v else None,
                                 "n": len(v), "wrong": wrong.get(k, 0)} for k, v in latencies.items()}
    time.sleep(a.linger)
    server.stop()
    return figures


FIRST_KINDS = (("hover", "textDocument/hover"), ("completion", "textDocument/completion"),
               ("definition", "textDocument/definition"))


def first_answers(server, workspace, manifest, started, timeout, opened, editor_first=False):
    """Right after `initialized`, as an editor restoring its last buffer does: opens the note of the manifest's first
    citation hover probe and asks at once for hover, completion (after a key's first letters) and definition at its
    citation probes. Returns, per kind, milliseconds from `initialize` to the answer and whether it holds what the
    manifest says (None when the note has no such probe)."""
    first = next((p for p in manifest.get("probes", []) if p["kind"] == "hover" and p["context"] == "citation"), None)
    if first is None:
        return {}
    uri = open_note(server, workspace, first["file"], opened)
    if editor_first:
        for method in ("textDocument/codeLens", "textDocument/semanticTokens/full"):
            server.ask(method, {"textDocument": {"uri": uri}})
    asked = []
    for kind, method in FIRST_KINDS:
        context = "citation-key-prefix" if kind == "completion" else "citation"
        probe = next((p for p in manifest["probes"] if p["file"] == first["file"] and p["kind"] == kind
                      and p["context"] == context), None)
        if probe is None:
            continue
        slot = server.ask(method, {"textDocument": {"uri": uri},
                                   "position": {"line": probe["line"], "character": probe["character"]}})
        asked.append((kind, probe, slot))
    out = {}
    for kind, probe, slot in asked:
        arrived, message = slot.get(timeout=timeout)
        out[kind] = {"ms": (arrived - started) * 1000,
                     "right": not message.get("error") and holds(probe, message.get("result"))}
    return out


def show(value, unit=""):
    return "-" if value is None else (f"{value:.1f}{unit}" if value < 100 else f"{value:.0f}{unit}")


def print_run(number, figures):
    print(f"run {number}: ready {figures['ready_ms'] / 1000:.2f} s ({figures['ready']}), "
          f"CPU {figures['cpu_s_at_ready']:.2f} s, RSS at ready {figures['rss_mb_at_ready']:.1f} MB, "
          f"peak {figures['peak_rss_mb']:.0f} MB" +
          (f", rename edits {figures['rename_edits']}" if "rename_edits" in figures else ""))
    if figures.get("first_answers_ms"):
        print("first answers (initialize -> answer): " + ", ".join(
            f"{kind} {v['ms']:.0f} ms" + ("" if v["right"] else " (WRONG)")
            for kind, v in figures["first_answers_ms"].items()))
    if figures["latency_ms"]:
        print("| measure | n | p50 ms | p99 ms | max ms | answers lacking |")
        print("|---|---|---|---|---|---|")
        for name, s in figures["latency_ms"].items():
            print(f"| {name} | {s['n']} | {show(s['p50'])} | {show(s['p99'])} | {show(s['max'])} | {s['wrong']} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--server", required=True, help="the server's command line, e.g. \"gloss lsp\"")
    ap.add_argument("--workspace", required=True)
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--cold", action="store_true", help="an empty cache for every run (no restarts)")
    ap.add_argument("--linger", type=float, default=0,
                    help="seconds each server is left running after its measurements, as an editing session lasts, so "
                         "that what it keeps for the next start (written in the background) is written")
    ap.add_argument("--iterations", type=int, default=10, help="repetitions of each probe")
    ap.add_argument("--max-probes", type=int, default=25, help="probes per kind and place")
    ap.add_argument("--typed-notes", type=int, default=3)
    ap.add_argument("--edit-notes", type=int, default=3)
    ap.add_argument("--edit-iterations", type=int, default=20)
    ap.add_argument("--edit-timeout", type=float, default=5.0)
    ap.add_argument("--rename-iterations", type=int, default=3)
    ap.add_argument("--ready-timeout", type=float, default=600.0)
    ap.add_argument("--no-probes", action="store_true")
    ap.add_argument("--first-answers", action="store_true",
                    help="right after initialized, open a note and time its first hover, completion, definition")
    ap.add_argument("--editor-first", action="store_true",
                    help="with --first-answers, ask for the note's code lenses and semantic tokens first (Neovim)")
    ap.add_argument("--no-edits", action="store_true")
    ap.add_argument("--json", help="write every figure here")
    a = ap.parse_args()
    with open(os.path.join(a.workspace, "manifest.json"), encoding="utf-8") as f:
        manifest = json.load(f)
    notes = list_notes(a.workspace)
    print(f"server: {a.server}; workspace: {a.workspace} ({len(notes)} notes); load average "
          f"{os.getloadavg()[0]:.1f}")
    runs = []
    shared = tempfile.mkdtemp(prefix="gloss-bench-cache-")
    for number in range(1, a.runs + 1):
        cache = tempfile.mkdtemp(prefix="gloss-bench-cache-") if a.cold else shared
        try:
            figures = one_run(a, manifest, notes, cache)
        except (OSError, queue.Empty) as error:
            print(f"run {number}: the server failed: {error!r}", file=sys.stderr)
            return 1
        runs.append(figures)
        print_run(number, figures)
    if len(runs) > 1 and a.cold:   # without --cold, runs after the first are restarts: no median of both
        print(f"medians of {len(runs)} runs: ready {statistics.median(r['ready_ms'] for r in runs) / 1000:.2f} s, "
              f"CPU {statistics.median(r['cpu_s_at_ready'] for r in runs):.2f} s, RSS at ready "
              f"{statistics.median(r['rss_mb_at_ready'] for r in runs):.1f} MB")
    restarts = runs if a.cold else runs[1:]
    if a.first_answers and restarts:
        kinds = [k for k, _ in FIRST_KINDS if all(k in r.get("first_answers_ms", {}) for r in restarts)]
        label = "runs" if a.cold else "restarts"
        print(f"first answers, median of {len(restarts)} {label}: " + ", ".join(
            f"{k} {statistics.median(r['first_answers_ms'][k]['ms'] for r in restarts):.0f} ms" for k in kinds) +
            f"; wrong answers {sum(not r['first_answers_ms'][k]['right'] for r in restarts for k in kinds)}")
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump({"server": a.server, "workspace": a.workspace, "load_average": os.getloadavg()[0],
                       "runs": runs}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
