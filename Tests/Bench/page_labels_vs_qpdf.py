#!/usr/bin/env python3
"""Compares Gloss's reading of PDF page labels with qpdf's, on every PDF under the folders given, and times the
reading against pdftotext's extraction.

usage: Tests/Bench/page_labels_vs_qpdf.py [--extract] FOLDER_OR_PDF...

Needs a release build of gloss-bench (`swift build -c release --product gloss-bench`) and qpdf. Prints each PDF whose
labels differ, then how many agree; with --extract, the labels' share of pdftotext's time, per file and in total.
"""
import json
import os
import subprocess
import sys

if "-h" in sys.argv[1:] or "--help" in sys.argv[1:]:
    print(__doc__.strip())
    sys.exit(0)
extract = "--extract" in sys.argv
paths = []
for arg in sys.argv[1:]:
    if arg.startswith("--"):
        continue
    if os.path.isdir(arg):
        for folder, _, files in os.walk(arg):
            paths += [os.path.join(folder, name) for name in files if name.endswith(".pdf")]
    else:
        paths.append(arg)
paths.sort()
bench = os.path.join(os.path.dirname(__file__), "../../.build/release/gloss-bench")
ours = {}
for start in range(0, len(paths), 50):
    batch = paths[start:start + 50]
    output = subprocess.run([bench, "page-labels"] + (["--extract"] if extract else []) + batch,
                            capture_output=True, text=True).stdout
    for line in output.splitlines():
        if line.startswith("labels "):
            rest = line[len("labels "):]
            for path in batch:
                if rest.startswith(path + " "):
                    labels, timing = rest[len(path) + 1:].split(" read in ", 1)
                    ours[path] = (json.loads(labels), timing)
        elif line.startswith("total:") and extract:
            print("batch", line)
agree = differ = unreadable = 0
for path in paths:
    result = subprocess.run(["qpdf", "--json", "--json-key=pagelabels", path], capture_output=True, text=True)
    try:
        theirs = json.loads(result.stdout)["pagelabels"]
    except (ValueError, KeyError):
        unreadable += 1
        continue
    for item in theirs:
        item["label"] = {key: value for key, value in item["label"].items() if key in ("/P", "/S", "/St")}
    mine, timing = ours.get(path, (None, ""))
    if mine == theirs:
        agree += 1
    else:
        differ += 1
        print("DIFFERS", path, "gloss:", json.dumps(mine), "qpdf:", json.dumps(theirs))
    if extract:
        print("time", path, timing)
print(f"{agree} agree, {differ} differ, {unreadable} qpdf could not read, of {len(paths)} PDFs")
