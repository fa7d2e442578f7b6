#!/usr/bin/env python3
"""Adds one very large note to a generated workspace, for the "any note stays interactive" benchmark.

    python3 Tests/Bench/large_note.py WORKSPACE [--megabytes 10] [--citations 100000]

WORKSPACE is a workspace made by make_workspace.py (any scale; `small` is enough, since the cost measured is the
one note's). Writes WORKSPACE/notes/large-note.md (about --megabytes MB, --citations citation items: bracketed
groups with locators, in-text citations, quotations attributed to citations, an unknown key now and then, headings
and lists) and points the manifest's `edit_probes` at it, so that

    python3 Tests/Bench/lsp_bench.py --server 'gloss lsp' --workspace WORKSPACE --no-probes --edit-notes 1 \
        --edit-iterations 40

measures a one-character edit inside a cited key of that note -> its diagnostics. Deterministic (fixed seed).
Python 3 standard library only.
"""

import argparse
import json
import os
import random
import re

WORDS = (
    "memory archive witness record the of a and in on with which pattern recall testimony source letter reading "
    "margin évidence über Ký ức 中文 collective individual schema narrative fragment ledger diary survey map"
).split()


def keys_of(workspace):
    keys = []
    bib = os.path.join(workspace, "references.bib")
    if os.path.exists(bib):
        with open(bib, encoding="utf-8") as f:
            keys += re.findall(r"^@\w+\{([^,\s]+),", f.read(), re.M)
    csl = os.path.join(workspace, "library.csl.json")
    if os.path.exists(csl):
        with open(csl, encoding="utf-8") as f:
            keys += [item["id"] for item in json.load(f) if "id" in item]
    return sorted(set(keys))


def text_keys(workspace):
    """Keys whose source has a text (a same-key source document, or a BibTeX `file` field naming one)."""
    keys = set()
    sources = os.path.join(workspace, "sources")
    for name in sorted(os.listdir(sources)) if os.path.isdir(sources) else []:
        if name.endswith(".md"):
            with open(os.path.join(sources, name), encoding="utf-8") as f:
                m = re.search(r"^id:\s*(\S+)", f.read(2000), re.M)
            if m:
                keys.add(m.group(1))
    bib = os.path.join(workspace, "references.bib")
    if os.path.exists(bib):
        with open(bib, encoding="utf-8") as f:
            for m in re.finditer(r"^@\w+\{([^,\s]+),(.*?)^\}", f.read(), re.M | re.S):
                if re.search(r"^\s*file\s*=", m.group(2), re.M):
                    keys.add(m.group(1))
    return sorted(keys)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("workspace")
    ap.add_argument("--megabytes", type=float, default=10.0)
    ap.add_argument("--citations", type=int, default=100_000)
    ap.add_argument("--name", default="notes/large-note.md")
    a = ap.parse_args()
    rng = random.Random(14)
    keys = keys_of(a.workspace)
    with_text = text_keys(a.workspace) or keys
    if not keys:
        raise SystemExit("no bibliography keys found in " + a.workspace)
    target = int(a.megabytes * 1_000_000)
    per_citation = target / a.citations
    lines = ["---", "title: A very large note", "tags: [scale]", "---", "", "# A very large note", ""]
    size = sum(len(l.encode()) + 1 for l in lines)
    items = 0
    break_probe = None
    word_probe = None
    section = 0
    while items < a.citations or size < target:
        if len(lines) % 400 == 0:
            section += 1
            lines += [f"## Section {section}", ""]
        words = []
        budget = per_citation - 12
        while budget > 0:
            w = rng.choice(WORDS)
            words.append(w)
            budget -= len(w.encode()) + 1
        key = rng.choice(keys)
        r = rng.random()
        if r < 0.02:
            cite = f"[@unknown{rng.randrange(10_000)}]"
        elif r < 0.3:
            # Page 1 exists in every text, so these locators resolve (a realistic note has few diagnostics).
            cite = f"[@{rng.choice(with_text)}, p. 1]"
        elif r < 0.5:
            cite = f"@{key}"
        elif r < 0.51:
            cite = f"\"{' '.join(words[:6])}\" [@{key}]"
        else:
            cite = f"[see @{key}]"
        cut = rng.randrange(len(words) + 1)
        text = " ".join(words[:cut] + [cite] + words[cut:])
        prefix = "- " if rng.random() < 0.1 else ""
        line = prefix + text
        if break_probe is None and items > a.citations // 2 and cite.startswith("[@") and "p. 1]" in cite:
            col = len(line[: line.index(cite)].encode("utf-16-le")) // 2 + 3
            break_probe = {"line": len(lines), "character": col, "text": "Q", "key": key,
                           "effect": "adds one unknown-source"}
        if word_probe is None and items > a.citations // 2 + 10 and cut > 0:
            word_probe = {"line": len(lines), "character": len(prefix) + 1, "text": "x"}
        lines.append(line)
        size += len(line.encode()) + 1
        items += 1
        if rng.random() < 0.3:
            lines.append("")
            size += 1
    path = os.path.join(a.workspace, a.name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(lines) + "\n")
    manifest_path = os.path.join(a.workspace, "manifest.json")
    manifest = {}
    if os.path.exists(manifest_path):
        with open(manifest_path, encoding="utf-8") as f:
            manifest = json.load(f)
    manifest["edit_probes"] = [
        {"file": a.name, "lines": len(lines), "insert_in_word": word_probe, "break_key": break_probe}
    ]
    with open(manifest_path, "w", encoding="utf-8") as f:
        json.dump(manifest, f, indent=1)
    print(f"{path}: {size / 1e6:.1f} MB, {len(lines)} lines, {items} citations")


if __name__ == "__main__":
    main()
