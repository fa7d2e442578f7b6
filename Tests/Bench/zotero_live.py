#!/usr/bin/env python3
"""Measures a change made in Zotero reaching the editor, end to end (Python 3 standard library, Linux).

    python3 Tests/Bench/make_zotero_library.py /tmp/gloss-zotero 20000 5000
    python3 Tests/Bench/zotero_live.py --server "$PWD/.build/release/gloss lsp" --library /tmp/gloss-zotero \\
        [--changes 10] [--json results.json]

Copies the library (a Zotero data folder made by make_zotero_library.py) to a scratch folder and puts it in WAL
mode, as Zotero keeps its database; makes a workspace of --notes notes there, note N citing `key0000N` (the
library's keys), whose .gloss.json names the copy as its Zotero data folder; starts the server (with
lsp_bench.py's client) and waits for every note's first diagnostics ("ready"). Then, --changes times: a second
process writes the new citation key of one cited item into the database as Zotero does (a new value in
itemDataValues, itemData pointed at it, one transaction in WAL mode: the change sits in zotero.sqlite-wal), and
the time is taken from that commit until the diagnostics of the note citing the item say its key is unknown. The
next change waits a random part of the server's scan interval, so the figures cover where a change falls in it.

Prints ready, then per change the latency, and min / median / max (--json writes them). Exit 0 unless the library
was not read or a change never arrived.
"""

import argparse
import json
import os
import random
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_bench import Server, uri_of  # noqa: E402


def change_key(database, item_key, new_key):
    """Writes `new_key` as the citation key of the item `item_key`, in one WAL transaction, as Zotero does."""
    db = sqlite3.connect(database, isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("BEGIN IMMEDIATE")
        value = db.execute("SELECT valueID FROM itemDataValues WHERE value = ?", (new_key,)).fetchone()
        value_id = value[0] if value else db.execute("INSERT INTO itemDataValues (value) VALUES (?)",
                                                     (new_key,)).lastrowid
        db.execute("""UPDATE itemData SET valueID = ? WHERE fieldID = (SELECT fieldID FROM fields
                      WHERE fieldName = 'citationKey') AND itemID = (SELECT itemID FROM items WHERE key = ?)""",
                   (value_id, item_key))
        db.execute("UPDATE items SET clientDateModified = CURRENT_TIMESTAMP, synced = 0 WHERE key = ?", (item_key,))
        db.execute("COMMIT")
    finally:
        db.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", required=True)
    parser.add_argument("--library", required=True, help="a data folder made by make_zotero_library.py")
    parser.add_argument("--notes", type=int, default=20)
    parser.add_argument("--changes", type=int, default=10)
    parser.add_argument("--interval", type=float, default=2.0, help="the server's scan interval, seconds")
    parser.add_argument("--timeout", type=float, default=30.0)
    parser.add_argument("--json")
    a = parser.parse_args()

    scratch = tempfile.mkdtemp(prefix="gloss-zotero-live-")
    try:
        data = os.path.join(scratch, "Zotero")
        shutil.copytree(a.library, data)
        database = os.path.join(data, "zotero.sqlite")
        db = sqlite3.connect(database, isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA wal_autocheckpoint=0")
        db.close()
        workspace = os.path.join(scratch, "notes")
        os.makedirs(workspace)
        with open(os.path.join(workspace, ".gloss.json"), "w") as f:
            json.dump({"zotero": data}, f)
        notes = {}
        for index in range(a.notes):
            path = os.path.join(workspace, "note%02d.md" % index)
            with open(path, "w") as f:
                f.write("# Note %d\n\nAs shown before [@key%05d].\n" % (index, index))
            notes[uri_of(path)] = index
        environment = dict(os.environ, HOME=scratch, XDG_CACHE_HOME=os.path.join(scratch, "cache"),
                           XDG_STATE_HOME=os.path.join(scratch, "state"))
        server = Server(a.server, workspace, environment)
        started = time.perf_counter()
        server.request("initialize", {"processId": os.getpid(), "rootUri": uri_of(workspace),
                                      "capabilities": {"general": {"positionEncodings": ["utf-16"]}},
                                      "workspaceFolders": [{"uri": uri_of(workspace), "name": "notes"}]})
        server.notify("initialized", {})
        latest = {}
        waiting = set(notes)
        while waiting:
            arrived, params = server.diagnostics.get(timeout=a.timeout * 4)
            latest[params["uri"]] = params["diagnostics"]
            waiting.discard(params["uri"])
        ready = time.perf_counter() - started
        unknown = [uri for uri in notes if any(d.get("code") == "unknown-source" for d in latest[uri])]
        print("ready %.2f s (%d notes, %d with an unknown source)" % (ready, len(notes), len(unknown)))
        if unknown:
            print("the library was not read: every note should cite a known key", file=sys.stderr)
            return 1

        rng = random.Random(28)
        latencies = []
        for change in range(min(a.changes, a.notes)):
            time.sleep(rng.uniform(0, a.interval))
            while not server.diagnostics.empty():
                server.diagnostics.get()
            uri = [u for u, i in notes.items() if i == change][0]
            change_key(database, "I%07d" % change, "renamed%05d" % change)
            committed = time.perf_counter()
            seen = None
            while seen is None:
                remaining = committed + a.timeout - time.perf_counter()
                if remaining <= 0:
                    break
                arrived, params = server.diagnostics.get(timeout=remaining)
                if params["uri"] == uri and any(d.get("code") == "unknown-source" for d in params["diagnostics"]):
                    seen = arrived
            if seen is None:
                print("change %d: no diagnostic within %.0f s" % (change, a.timeout), file=sys.stderr)
                return 1
            latencies.append(seen - committed)
            print("change %d: key%05d -> renamed%05d seen in %.2f s" % (change, change, change, seen - committed))
        print("latency min %.2f / median %.2f / max %.2f s over %d changes" % (
            min(latencies), statistics.median(latencies), max(latencies), len(latencies)))
        if a.json:
            with open(a.json, "w") as f:
                json.dump({"ready": ready, "latencies": latencies}, f, indent=1)
        server.stop()
        return 0
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
