#!/usr/bin/env python3
"""What the server costs while nobody types: a cold start, ready (every note's diagnostics published), 10 s more,
then the server's CPU time over 30 s (or --seconds), as a share of one core. Most of it is the periodic scan that
watches the workspace for files changed outside the editor.

    python3 Tests/Bench/idle_cpu.py --server "$PWD/.build/release/gloss lsp" --workspace /tmp/gloss-ws/standard

The workspace is one made by Tests/Bench/make_workspace.py (its manifest.json says how many notes to wait for).
The server's cache goes to a fresh temporary folder. A measuring tool, not part of Gloss.
"""
import argparse, json, os, shlex, subprocess, tempfile, threading, time

ap = argparse.ArgumentParser()
ap.add_argument("--server", required=True, help='the server command, e.g. "gloss lsp"')
ap.add_argument("--workspace", required=True)
ap.add_argument("--seconds", type=float, default=30.0)
ap.add_argument("--settle", type=float, default=10.0, help="seconds to wait after ready before measuring")
a = ap.parse_args()

ws = os.path.abspath(a.workspace)
want = json.load(open(os.path.join(ws, "manifest.json")))["counts"]["notes"]
cache = tempfile.mkdtemp()
env = dict(os.environ, XDG_CACHE_HOME=cache, XDG_STATE_HOME=cache)
proc = subprocess.Popen(shlex.split(a.server), cwd=ws, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                        stderr=subprocess.DEVNULL, env=env)


def send(message):
    body = json.dumps(message).encode()
    proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    proc.stdin.flush()


notes = set()


def read():
    while True:
        headers = {}
        while True:
            line = proc.stdout.readline()
            if not line:
                return
            if line in (b"\r\n", b"\n"):
                break
            name, value = line.decode().split(":", 1)
            headers[name.lower()] = value.strip()
        body = proc.stdout.read(int(headers["content-length"]))
        if b"publishDiagnostics" in body[:200]:
            start = body.find(b'"uri":"') + 7
            uri = body[start:body.find(b'"', start)]
            if uri.endswith(b".md") and b"/sources/" not in uri:
                notes.add(uri)


threading.Thread(target=read, daemon=True).start()
send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
      "params": {"processId": None, "rootUri": "file://" + ws, "capabilities": {}}})
send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
tick = os.sysconf("SC_CLK_TCK")


def cpu():
    fields = open("/proc/%d/stat" % proc.pid).read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / tick


started = time.time()
while len(notes) < want and time.time() - started < 600:
    time.sleep(0.05)
print("ready after %.1f s (%d notes)" % (time.time() - started, len(notes)))
time.sleep(a.settle)
before = cpu()
time.sleep(a.seconds)
used = cpu() - before
print("idle: %.2f s of CPU over %.0f s = %.1f %% of a core" % (used, a.seconds, 100 * used / a.seconds))
send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
send({"jsonrpc": "2.0", "method": "exit"})
try:
    proc.wait(20)
except subprocess.TimeoutExpired:
    proc.kill()
