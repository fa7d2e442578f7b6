#!/usr/bin/env python3
"""Where the language server's heap goes once a workspace is ready: live bytes by the function that allocated them.

    python3 Tests/Bench/heap_at_ready.py --server "$PWD/.build/release/gloss" --workspace WORKSPACE \\
        [--wait 8] [--depth 1] [--top 40] [--keep OUT.zst]

Runs `gloss lsp` under heaptrack (its preload library; `apt-get install heaptrack`) with a fresh cache, waits until
every note of WORKSPACE (one made by Tests/Bench/make_workspace.py: its manifest.json counts the notes) has its
diagnostics, waits --wait more seconds (the background builds after ready: completion, find), prints the server's
resident size, then kills it: whatever was not freed at that moment is what the server held. The live bytes are
summed by the innermost Gloss function on each allocation's stack (--depth 2 or 3 shows its callers too), with
Swift names demangled. What `gloss-bench memory DIR --census` cannot see (the server's own state) shows up here.

heaptrack slows the server 5-10x; the bytes do not depend on it. Python 3 standard library, heaptrack, swift.
"""

import argparse
import collections
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import queue
import time

HEAPTRACK_LIB = "/usr/lib/heaptrack"


def status(pid):
    try:
        fields = dict(line.split(":", 1) for line in open(f"/proc/{pid}/status") if ":" in line)
        return fields.get("VmRSS", "?").strip(), fields.get("VmHWM", "?").strip()
    except OSError:
        return "?", "?"


def run_server(args, data_path, work):
    """Starts the server under heaptrack's preload library, waits for ready + --wait, kills it."""
    manifest = json.load(open(os.path.join(args.workspace, "manifest.json")))
    pipe = os.path.join(work, "fifo")
    os.mkfifo(pipe)
    interpreter = subprocess.Popen(
        f'"{HEAPTRACK_LIB}/libexec/heaptrack_interpret" < "{pipe}" | zstd -q -c > "{data_path}"', shell=True)
    env = dict(os.environ, LD_PRELOAD=f"{HEAPTRACK_LIB}/libheaptrack_preload.so", DUMP_HEAPTRACK_OUTPUT=pipe,
               XDG_CACHE_HOME=work, XDG_STATE_HOME=work)
    log = open(os.path.join(work, "server.log"), "w")
    proc = subprocess.Popen([args.server, "lsp"], cwd=args.workspace, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=log, env=env)
    messages = queue.Queue()

    def reader():
        stream = proc.stdout
        while True:
            headers = {}
            while True:
                line = stream.readline()
                if not line:
                    messages.put(None)
                    return
                line = line.decode().strip()
                if not line:
                    break
                key, value = line.split(":", 1)
                headers[key.lower()] = value.strip()
            messages.put(json.loads(stream.read(int(headers["content-length"]))))

    threading.Thread(target=reader, daemon=True).start()
    next_id = [0]

    def send(method, params, notify=False):
        message = {"jsonrpc": "2.0", "method": method, "params": params}
        if not notify:
            next_id[0] += 1
            message["id"] = next_id[0]
        body = json.dumps(message).encode()
        proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        proc.stdin.flush()

    def answer(message):
        if message and "method" in message and "id" in message:
            body = json.dumps({"jsonrpc": "2.0", "id": message["id"], "result": None}).encode()
            proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
            proc.stdin.flush()

    root = "file://" + os.path.abspath(args.workspace)
    started = time.time()
    send("initialize", {"processId": None, "rootUri": root, "capabilities": {}})
    send("initialized", {}, True)
    diagnosed = set()
    while len(diagnosed) < manifest["counts"]["notes"]:
        message = messages.get()
        if message is None:
            sys.exit("the server exited before ready")
        if message.get("method") == "textDocument/publishDiagnostics":
            diagnosed.add(message["params"]["uri"])
        answer(message)
    rss, _ = status(proc.pid)
    print(f"ready in {time.time() - started:.1f} s (under heaptrack), RSS {rss}", flush=True)
    deadline = time.time() + args.wait
    while time.time() < deadline:
        try:
            answer(messages.get(timeout=0.2))
        except queue.Empty:
            pass
    rss, hwm = status(proc.pid)
    print(f"after {args.wait:g} s more: RSS {rss}, peak {hwm}", flush=True)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    interpreter.wait()


def census(args, data_path):
    stacks = data_path + ".stacks"
    subprocess.run(["heaptrack_print", "-f", data_path, "--flamegraph-cost-type", "leaked", "-F", stacks],
                   stdout=subprocess.DEVNULL, check=True)
    rows = []
    symbols = set()
    for line in open(stacks):
        stack, _, count = line.rstrip("\n").rpartition(" ")
        frames = [frame.split(" ")[0] for frame in stack.rstrip(";").split(";")]
        rows.append((frames, int(count)))
        symbols.update(frame for frame in frames if frame.startswith("$s"))
    symbols = sorted(symbols)
    demangled = subprocess.run(["swift", "demangle", "--simplified", "--compact"], input="\n".join(symbols),
                               capture_output=True, text=True).stdout.split("\n")
    names = dict(zip(symbols, demangled))
    ours = re.compile(r"Gloss|Workspace|Note|Server|Source|Quote|Completion|Index|Citation|Bibliograph|Diagnos|"
                      r"Restart|Path|Extraction")
    totals = collections.Counter()
    total = 0
    for frames, count in rows:
        total += count
        named = [names.get(frame, frame) for frame in frames]
        gloss = [name for name in named if ours.search(name) and "swift_" not in name]
        key = " <- ".join(reversed(gloss[-args.depth:])) if gloss else "other: " + " <- ".join(reversed(named[-3:]))
        totals[key] += count
    print(f"live heap: {total / 1048576:.1f} MB")
    for key, count in totals.most_common(args.top):
        print(f"{count / 1048576:8.2f} MB  {key[:240]}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--server", required=True, help="the gloss binary")
    parser.add_argument("--workspace", required=True)
    parser.add_argument("--wait", type=float, default=8.0, help="seconds after ready before the census")
    parser.add_argument("--depth", type=int, default=1, help="Gloss frames shown per row")
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--keep", help="keep heaptrack's data at this path (.zst)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        data_path = args.keep or os.path.join(work, "heap.zst")
        run_server(args, data_path, work)
        census(args, data_path)


if __name__ == "__main__":
    main()
