#!/usr/bin/env python3
"""How Gloss's start-up cost grows with the workspace: ready time, CPU and memory per MB of text at 1x, 2x, 5x.

    python3 Tests/Bench/sweep.py --server "$PWD/.build/release/gloss lsp" --out /tmp/gloss-sweep \\
        [--scales 1,2,5] [--runs 3]

For each factor k it generates (once; an existing workspace with a manifest is reused) a workspace of k times the
standard one (10,000 notes, 2,000 source documents, 5,000 bibliography entries) with make_workspace.py, runs
lsp_bench.py on it (ready time, CPU, resident memory at ready; no probes, no edits) and prints one table row per
factor, with each figure also divided by the MB of text (notes, bibliographies, sources). Every run is a cold start
with an empty cache of its own (a kept cache would make the later runs restarts). Both tools are the ones beside
this script; nothing is written except under --out. Python 3 stdlib only.
"""

import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys

STANDARD = (10_000, 2_000, 5_000)


def text_megabytes(workspace):
    total = 0
    for folder, dirs, files in os.walk(workspace):
        dirs[:] = [d for d in dirs if not d.startswith(".") and d != "export"]
        for name in files:
            if name in ("manifest.json", "citations.json", ".gloss.json"):
                continue
            if name.endswith((".md", ".markdown", ".bib", ".json", ".txt", ".html", ".htm")):
                total += os.path.getsize(os.path.join(folder, name))
    return total / 1_000_000


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--generator", default=os.path.join(here, "make_workspace.py"))
    ap.add_argument("--lsp-bench", default=os.path.join(here, "lsp_bench.py"))
    ap.add_argument("--server", required=True, help="server command line, e.g. '.build/release/gloss lsp'")
    ap.add_argument("--out", required=True, help="folder for the workspaces and results")
    ap.add_argument("--scales", default="1,2,5")
    ap.add_argument("--runs", type=int, default=1)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    rows = []
    for factor in [float(x) for x in a.scales.split(",")]:
        notes, sources, bib = (int(n * factor) for n in STANDARD)
        workspace = os.path.join(a.out, f"x{factor:g}")
        if not os.path.exists(os.path.join(workspace, "manifest.json")):
            print(f"generating {workspace} ({notes} notes, {sources} sources, {bib} entries)", file=sys.stderr)
            subprocess.run([sys.executable, a.generator, "--notes", str(notes), "--sources", str(sources),
                            "--bib", str(bib), "--out", workspace, "--quiet"], check=True)
        # Every run is a cold start, with an empty cache of its own (--cold).
        result = os.path.join(a.out, f"x{factor:g}.json")
        subprocess.run([sys.executable, a.lsp_bench, "--server", a.server, "--workspace", workspace,
                        "--runs", str(a.runs), "--cold", "--no-probes", "--no-edits", "--rename-iterations", "0",
                        "--ready-timeout", "600", "--json", result], check=True, stdout=subprocess.DEVNULL)
        with open(result, encoding="utf-8") as f:
            runs = json.load(f)["runs"]

        def median(key):
            values = [r[key] for r in runs if r.get(key) is not None]
            return statistics.median(values) if values else float("nan")

        megabytes = text_megabytes(workspace)
        rows.append((factor, notes, megabytes, median("ready_ms") / 1000, median("cpu_s_at_ready"),
                     median("rss_mb_at_ready"), runs[0].get("ready")))
    print(f"server: {a.server}; {a.runs} run(s) per scale, medians; load average {os.getloadavg()[0]:.1f}")
    print("| scale | notes | text MB | ready s | CPU s | RSS MB | ready ms/MB | CPU ms/MB | RSS MB/MB |")
    print("|---|---|---|---|---|---|---|---|---|")
    for factor, notes, mb, ready, cpu, rss, criterion in rows:
        mark = "" if criterion == "all-notes" else f" ({criterion})"
        print(f"| {factor:g}x | {notes:,} | {mb:.0f} | {ready:.2f}{mark} | {cpu:.2f} | {rss:.0f} | "
              f"{ready * 1000 / mb:.1f} | {cpu * 1000 / mb:.1f} | {rss / mb:.2f} |")


if __name__ == "__main__":
    main()
