#!/usr/bin/env python3
"""A Zotero-style PDF library outside a notes folder, and what Gloss costs while it extracts the PDFs' text.

    python3 Tests/Bench/pdf_library.py make OUT [--pdfs 500] [--pages 10] [--notes 200]
    python3 Tests/Bench/pdf_library.py measure OUT --server "$PWD/.build/release/gloss lsp" [--cold] [--json FILE]

`make` writes (deterministically, fixed seed):
- OUT/home/Zotero/storage/<ID>/<Author> - <Year> - <Title>.pdf: --pdfs PDFs of --pages pages each, typeset in
  Times-Roman (about 4 KB of text a page, ligature glyphs and words hyphenated at line ends, as `MinimalPDF` in
  Tests/TestSupport writes them), each the journal's pages 213 onwards;
- OUT/home/Zotero/library.bib: a Better BibTeX export naming each PDF by absolute path in its `file` field, with
  `pages = {213--…}` (so page locators are printed page numbers);
- OUT/notes: --notes notes citing the PDFs with printed-page locators and quotations copied from the cited page
  (one in ten misquoted), plus notes/long-note.md (2,000 lines) for the edits, and a .gloss.json naming the library
  as `~/Zotero/library.bib`.

`measure` starts the server on OUT/notes with HOME=OUT/home and XDG_CACHE_HOME=OUT/cache (--cold empties the cache
first) and a client that supports `window.workDoneProgress`, then reports:
- ready: `initialize` sent → every note's diagnostics published;
- extraction: `initialize` → the end of the "extracting" progress (cold only: warm, nothing is extracted);
- open → diagnostics of notes/long-note.md (2,000 lines), opened right after ready, while the extraction runs;
- edit → its diagnostics, p50/p99/max, while the extraction runs and after it: lsp_bench.py-style one-character
  edits inside a cited key of notes/long-note.md (each toggles an `unknown-source`), one every 50 ms;
- CPU seconds of the server and of the tools it ran (children), and the load average at start and end: on a shared
  machine the CPU is the comparable figure.
Python 3 standard library only.
"""

import argparse
import json
import os
import random
import shlex
import shutil
import subprocess
import sys
import threading
import time

# ----------------------------------------------------------------------------------------------------------------
# PDFs (the same shape as Tests/TestSupport/MinimalPDF.swift)

LIGATURES = {"\ufb01": 1, "\ufb02": 2, "\ufb03": 3}


def pdf_string(line):
    out = bytearray()
    for ch in line:
        if ch in LIGATURES:
            out.append(LIGATURES[ch])
        elif ch in "\\()":
            out += b"\\" + ch.encode("latin-1")
        else:
            code = ord(ch)
            out.append(code if code < 0x100 else ord("?"))
    return bytes(out)


def pdf_document(pages):
    """A PDF of `pages`, each a list of lines from the top, in 10-point Times-Roman."""
    objects = []

    def add(body):
        objects.append(body)
        return len(objects)

    font = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /Encoding << /Type /Encoding "
               b"/BaseEncoding /WinAnsiEncoding /Differences [1 /fi 2 /fl 3 /ffi] >> >>")
    pages_id = add(b"")
    kids = []
    for lines in pages:
        content = bytearray(b"BT /F1 10 Tf 56 750 Td 12 TL ")
        for line in lines:
            content += b"(" + pdf_string(line) + b") Tj T* "
        content += b"ET"
        stream = add(b"<< /Length %d >>\nstream\n" % len(content) + bytes(content) + b"\nendstream")
        kids.append(add(("<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 %d 0 R >> "
                         ">> /Contents %d 0 R >>" % (pages_id, font, stream)).encode()))
    objects[pages_id - 1] = ("<< /Type /Pages /Kids [%s] /Count %d >>"
                             % (" ".join("%d 0 R" % k for k in kids), len(kids))).encode()
    catalog = add(b"<< /Type /Catalog /Pages %d 0 R >>" % pages_id)
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for index, body in enumerate(objects):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % (index + 1) + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for offset in offsets:
        out += b"%010d 00000 n \n" % offset
    out += b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, catalog, xref)
    return bytes(out)


# ----------------------------------------------------------------------------------------------------------------
# The library

SYLLABLES = ("ra ve lo mi tu sa ne ko ri da phi lum bor tes gar nol vim ces ur an el os ti ber mon cal fin dor "
             "ség ür ça").split()


def make_words(rng, count):
    words = set()
    while len(words) < count:
        words.add("".join(rng.choice(SYLLABLES) for _ in range(rng.randint(1, 4))))
    return sorted(words)


def page_lines(rng, words, count=48, width=95):
    """`count` lines of justified-looking prose; some lines end with a word broken by a hyphen, some hold
    ligatures."""
    lines = []
    carry = ""
    for _ in range(count):
        line = carry
        carry = ""
        while len(line) < width:
            word = rng.choice(words)
            if rng.random() < 0.03:
                word = rng.choice(["\ufb01rst", "o\ufb03cial", "\ufb02ow", "in\ufb02uence", "de\ufb01ned"])
            line = (line + " " + word).strip()
        if rng.random() < 0.1 and len(word) >= 6:
            # Break the last word across the line end.
            cut = len(word) // 2
            line = line[: len(line) - len(word)] + word[:cut] + "-"
            carry = word[cut:]
        lines.append(line)
    return lines


def plain(line):
    return line.replace("\ufb01", "fi").replace("\ufb02", "fl").replace("\ufb03", "ffi")


def make(a):
    rng = random.Random(1932)
    out = os.path.abspath(a.out)
    home = os.path.join(out, "home")
    notes_dir = os.path.join(out, "notes")
    if os.path.exists(out):
        shutil.rmtree(out)
    os.makedirs(notes_dir)
    words = make_words(rng, 3000)
    entries = []
    pdf_bytes = 0
    for n in range(a.pdfs):
        key = "auth%04d" % n
        author = "Author%04d" % n
        title = " ".join(rng.choice(words) for _ in range(4)).capitalize()
        pages = [page_lines(rng, words) for _ in range(a.pages)]
        folder = os.path.join(home, "Zotero", "storage", "K%07d" % n)
        os.makedirs(folder)
        path = os.path.join(folder, "%s - 2020 - %s.pdf" % (author, title))
        data = pdf_document(pages)
        pdf_bytes += len(data)
        with open(path, "wb") as f:
            f.write(data)
        entries.append((key, author, title, path, pages))
    with open(os.path.join(home, "Zotero", "library.bib"), "w", encoding="utf-8") as f:
        for key, author, title, path, pages in entries:
            f.write("@article{%s,\n  title = {%s},\n  author = {%s, Ann},\n  journal = {Journal of Rivers},\n"
                    "  year = {2020},\n  pages = {213--%d},\n  file = {Full Text PDF:%s:application/pdf}\n}\n\n"
                    % (key, title, author, 212 + len(pages), path))
    with open(os.path.join(notes_dir, ".gloss.json"), "w", encoding="utf-8") as f:
        json.dump({"bibliography": ["~/Zotero/library.bib"]}, f)

    def citation(rng):
        key, _, _, _, pages = rng.choice(entries)
        page = rng.randrange(len(pages))
        line = plain(rng.choice(pages[page][1:-1]).rstrip("-"))
        quote = " ".join(line.split()[2:10])
        if rng.random() < 0.1:
            quote = quote + " misquoted"
        return key, 213 + page, quote

    for n in range(a.notes):
        body = ["# Note %d" % n, ""]
        for _ in range(5):
            key, page, quote = citation(rng)
            body.append('As the author says, "%s" [@%s, p. %d].' % (quote, key, page))
            body.append("")
        with open(os.path.join(notes_dir, "note-%04d.md" % n), "w", encoding="utf-8") as f:
            f.write("\n".join(body))
    long_lines = ["# Long note", ""]
    while len(long_lines) < 2000:
        key, page, quote = citation(rng)
        long_lines.append('Reading [@%s, p. %d] again: "%s" [@%s, p. %d].' % (key, page, quote, key, page))
        long_lines.append("")
    long_lines[2] = "The edited citation [@%s, p. 213] stays here." % entries[0][0]
    with open(os.path.join(notes_dir, "long-note.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(long_lines))
    print("%d PDFs (%.1f MB, %d pages each), %d notes + long-note.md in %s"
          % (a.pdfs, pdf_bytes / 1e6, a.pages, a.notes, out))


# ----------------------------------------------------------------------------------------------------------------
# The client


class Client:
    def __init__(self, argv, env, cwd):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=open(os.path.join(cwd, "server.log"), "wb"), env=env, cwd=cwd)
        self.lock = threading.Condition()
        self.messages = []
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        out = self.proc.stdout
        while True:
            headers = {}
            while True:
                line = out.readline()
                if not line:
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.decode().partition(":")
                headers[name.lower()] = value.strip()
            body = out.read(int(headers["content-length"]))
            message = json.loads(body)
            arrived = time.monotonic()
            if "id" in message and "method" in message:
                result = None
                if message["method"] == "workspace/configuration":
                    result = [None for _ in message["params"]["items"]]
                self.send({"jsonrpc": "2.0", "id": message["id"], "result": result})
            with self.lock:
                self.messages.append((arrived, message))
                self.lock.notify_all()

    def send(self, message):
        body = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return self.next_id

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait_for(self, predicate, start=0, timeout=600):
        """The index and message of the first message from `start` on that satisfies `predicate`."""
        deadline = time.monotonic() + timeout
        with self.lock:
            index = start
            while True:
                while index < len(self.messages):
                    if predicate(self.messages[index][1]):
                        return index, self.messages[index]
                    index += 1
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError("no such message within %d s" % timeout)
                self.lock.wait(left)

    def count(self):
        with self.lock:
            return len(self.messages)


def cpu_seconds(pid):
    """(own, children) CPU seconds of process `pid`."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks, (int(fields[13]) + int(fields[14])) / ticks


def percentile(values, p):
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def measure(a):
    out = os.path.abspath(a.out)
    notes_dir = os.path.join(out, "notes")
    cache = os.path.join(out, "cache")
    if a.cold and os.path.exists(cache):
        shutil.rmtree(cache)
    env = dict(os.environ, HOME=os.path.join(out, "home"), XDG_CACHE_HOME=cache,
               XDG_STATE_HOME=os.path.join(out, "state"))
    note_uris = {"file://" + os.path.join(notes_dir, n) for n in os.listdir(notes_dir) if n.endswith(".md")}
    pdf_bytes = 0
    for folder, _, files in os.walk(os.path.join(out, "home", "Zotero", "storage")):
        pdf_bytes += sum(os.path.getsize(os.path.join(folder, n)) for n in files if n.endswith(".pdf"))
    load_start = os.getloadavg()
    client = Client(shlex.split(a.server), env, out)
    started = time.monotonic()
    client.request("initialize", {
        "processId": os.getpid(), "rootUri": "file://" + notes_dir,
        "capabilities": {"window": {"workDoneProgress": True},
                         "textDocument": {"publishDiagnostics": {"versionSupport": True}}}})
    client.wait_for(lambda m: m.get("id") == 1 and "result" in m)
    client.notify("initialized", {})
    published = set()

    def ready_when(m):
        if m.get("method") == "textDocument/publishDiagnostics":
            published.add(m["params"]["uri"])
        return note_uris <= published

    index, (ready_at, _) = client.wait_for(ready_when)
    ready = ready_at - started
    cpu_ready = cpu_seconds(client.proc.pid)
    extracting = any(m.get("method") == "$/progress" and m["params"]["token"] == "gloss-extracting"
                     for _, m in client.messages[:index + 1]) or any(
        m.get("method") == "window/workDoneProgress/create" and m["params"]["token"] == "gloss-extracting"
        for _, m in client.messages[:index + 1]) or a.cold
    long_uri = "file://" + os.path.join(notes_dir, "long-note.md")
    with open(os.path.join(notes_dir, "long-note.md"), encoding="utf-8") as f:
        text = f.read()
    opened = time.monotonic()
    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": long_uri, "languageId": "markdown", "version": 1, "text": text}})
    _, (open_published, _) = client.wait_for(
        lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == long_uri
        and m["params"].get("version") == 1, start=index)
    open_ms = (open_published - opened) * 1000
    line = 2
    column = text.split("\n")[2].index("[@") + 4
    version = 1

    def ended(m):
        return (m.get("method") == "$/progress" and m["params"]["token"] == "gloss-extracting"
                and m["params"]["value"]["kind"] == "end")

    def extraction_over():
        with client.lock:
            return any(ended(m) for _, m in client.messages)

    during, after = [], []
    extraction_end = None
    while True:
        over = not extracting or extraction_over()
        if over and extraction_end is None:
            extraction_end = (client.wait_for(ended)[1][0] - started) if extracting else None
            cpu_extracted = cpu_seconds(client.proc.pid)
        if over and len(after) >= a.edits:
            break
        if time.monotonic() - started > 1800:
            raise TimeoutError("the extraction did not end within 30 minutes")
        version += 1
        inserting = version % 2 == 0
        change = {"range": {"start": {"line": line, "character": column},
                            "end": {"line": line, "character": column + (0 if inserting else 1)}},
                  "text": "x" if inserting else ""}
        mark = client.count()
        sent = time.monotonic()
        client.notify("textDocument/didChange", {"textDocument": {"uri": long_uri, "version": version},
                                                 "contentChanges": [change]})
        _, (arrived, _) = client.wait_for(
            lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == long_uri
            and m["params"].get("version") == version, start=mark, timeout=60)
        (after if over else during).append((arrived - sent) * 1000)
        time.sleep(0.05)
    client.request("shutdown", None)
    client.notify("exit", None)
    client.proc.wait(timeout=30)
    load_end = os.getloadavg()

    def stats(values):
        return {"n": len(values), "p50": percentile(values, 50), "p99": percentile(values, 99),
                "max": max(values) if values else None}

    result = {
        "pdfs_mb": pdf_bytes / 1e6, "cold": a.cold, "ready_s": ready, "cpu_at_ready_s": cpu_ready[0],
        "open_long_note_ms": open_ms,
        "extraction_s": extraction_end, "cpu_at_extraction_end_s": cpu_extracted[0],
        "tools_cpu_s": cpu_extracted[1], "edit_during_ms": stats(during), "edit_after_ms": stats(after),
        "load_start": load_start, "load_end": load_end,
    }
    print(json.dumps(result, indent=2))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(result, f, indent=2)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    m = sub.add_parser("make")
    m.add_argument("out")
    m.add_argument("--pdfs", type=int, default=500)
    m.add_argument("--pages", type=int, default=10)
    m.add_argument("--notes", type=int, default=200)
    s = sub.add_parser("measure")
    s.add_argument("out")
    s.add_argument("--server", required=True)
    s.add_argument("--cold", action="store_true", help="empty the text cache first")
    s.add_argument("--edits", type=int, default=40, help="edits after the extraction")
    s.add_argument("--json")
    a = ap.parse_args()
    make(a) if a.command == "make" else measure(a)


if __name__ == "__main__":
    sys.exit(main())
