#!/usr/bin/env python3
"""Makes a research workspace for Gloss's benchmarks, the same bytes for the same seed and sizes.

    python3 Tests/Bench/make_workspace.py --scale standard --out /tmp/gloss-ws/standard
    python3 Tests/Bench/make_workspace.py --notes 2000 --sources 400 --bib 1000 --out DIR

Scales: small (500 notes, 100 source documents, 250 bibliography entries), standard (10,000 / 2,000 / 5,000, about
110 MB of text), large (50,000 / 10,000 / 20,000). The workspace holds notes/ (nested folders, front matter, headings,
citations with locators, checked quotations, wiki and Markdown links, tags, tables, code, Vietnamese and Japanese
text, long notes of 2,000-3,000 lines), sources/ (Markdown with numbered sections, plain text with form-feed pages,
HTML), attachments/ (texts named by BibTeX `file` fields), references.bib (strings, crossref-free entries with LaTeX
accents), library.csl.json and a .gloss.json. A share of citations, locators, quotations and links is wrong on
purpose, so that every kind of diagnostic shows.

Beside the workspace's files, manifest.json describes what the benchmark clients need: counts, the diagnostics
Gloss must report (`expected_diagnostics` by code, and by file for those on citation items), request probes
(completion, hover, definition, references at citations, wiki links and tags, with what the answer must hold), edit
probes in the long notes, the "hub" key cited about once per ten notes (for rename), and 30-word quotation probes
found and not found. citations.json lists every citation item per note: [line, UTF-16 column of the key, key,
locator or null, checked quotation or null, expected codes]. Lines and columns in both are 0-based, columns in UTF-16
code units (as LSP counts them). Python 3 standard library only.
"""

import argparse
import json
import os
import random
import shutil
import sys

SCALES = {"small": (500, 100, 250), "standard": (10_000, 2_000, 5_000), "large": (50_000, 10_000, 20_000)}
VERSION = 1

WORDS = """the of and to in a is that for it as was with be by on not this are or from at which but have an they were
there been one all we their has would when if so no what can more out about up into them some could than then only its
time two may other these do any now such like our over even most made after also did many before must through back
years where much way well down should because each just those people how too little state good very make world still
own see work long get here between both life being under never day same another know while last might great old year
memory recall schema reconstruction narrative evidence theory model account claim argument method result analysis data
sample participant experiment condition effect study review archive source passage quotation citation interpretation
context history culture society practice knowledge perception attention learning forgetting rehearsal encoding
retrieval storage trace cue distortion bias error confidence testimony witness report observation record document
manuscript letter diary chapter section paragraph appendix figure table variable measure scale test trial response
pattern structure process function system network concept category label frame script event episode collective
individual group community institution tradition ritual symbol meaning language discourse text reader author editor
translation edition volume journal article essay monograph thesis lecture seminar survey interview fieldwork sampling
framework paradigm hypothesis prediction finding replication variance correlation estimate inference probability
reasoning belief attitude emotion motivation identity agency responsibility ethics norm value policy economy labour
technology infrastructure media platform algorithm simulation notation logic proof objection reply critique defence
influence reception legacy revision commentary gloss annotation marginalia footnote index glossary catalogue
inventory collection specimen artefact object material medium form genre style rhetoric metaphor analogy example
historian psychologist sociologist anthropologist philosopher linguist archivist librarian curator listener speaker
period era century decade moment transition change continuity rupture crisis reform growth decline emergence
carefully largely partly mainly rarely often usually typically generally notably clearly arguably plausibly
early late recent ancient modern classical medieval colonial rural urban local global oral written visual digital
imaginative constructive reproductive selective systematic schematic vivid faint accurate false""".split()
ACCENTED = ["café", "naïve", "rôle", "déjà", "façade", "über", "élan", "résumé", "Poincaré", "Gödel", "Erdős",
            "Zürich", "Kraków", "São", "Bogotá", "mémoire", "société", "Gedächtnis", "Erinnerung\u00adskultur",
            "señal", "Bartlett’s", "author’s", "isn’t", "witness’s"]
VIETNAMESE = "ký ức người trí nhớ tái tạo văn hóa xã hội học thuật phương pháp kết quả nghiên cứu lịch sử nguồn".split()
JAPANESE = "記憶 研究 再構成 認知 心理学 方法 結果 考察 文化 社会 学習 理論 実験 資料 分析 歴史 証拠 解釈 物語".split()
WRONG_WORDS = ["zqarvel", "zqomin", "zqelta", "zqupast", "zqirro", "zqannel", "zqossim", "zqerund"]
SURNAMES = ["Bartlett", "Tulving", "Loftus", "Baddeley", "Schacter", "Neisser", "Ebbinghaus", "Halbwachs", "Assmann",
            "Müller", "Schäfer", "Köhler", "Lefèvre", "Dupré", "Núñez", "Peña", "Łukasiewicz", "Dvořák", "Nguyễn",
            "Trần", "Lê", "Phạm", "Wang", "Zhang", "Chen", "Tanaka", "Suzuki", "Satō", "Kim", "Park", "Öztürk",
            "Sørensen", "Smith", "Johnson", "Brown", "Garcia", "Martin", "Rossi", "Kowalski", "Novak", "Okafor",
            "Singh", "Iyer", "O'Brien", "Costa", "Ferreira", "Holmes", "Varga"]
GIVEN = ["Frederic", "Endel", "Elizabeth", "Alan", "Daniel", "Ulric", "Hermann", "Maurice", "Jan", "Hans", "Jürgen",
         "Amélie", "François", "María", "José", "Antonín", "Văn An", "Thị Mai", "Minh", "Li", "Wei", "Jing", "Hiroshi",
         "Yuki", "Elif", "Lars", "John", "Mary", "Sophie", "Giulia", "Ada", "Inês"]
LATEX = {"ä": '{\\"a}', "ö": '{\\"o}', "ü": '{\\"u}', "é": "{\\'e}", "è": "{\\`e}", "á": "{\\'a}", "ñ": "{\\~n}",
         "ø": "{\\o}", "ó": "{\\'o}", "ř": "{\\v{r}}", "Ł": "{\\L}", "ú": "{\\'u}", "í": "{\\'i}"}
TOPICS = """memory archive recall testimony schema narrative witness forgetting rehearsal ritual identity reading
marginalia translation fieldwork interviews diaries letters inscriptions maps ledgers photographs sermons trials census
newspapers pamphlets songs proverbs recipes herbarium specimens instruments notebooks lectures drafts manuscripts""".split()
MODIFIERS = """early late collective individual oral written visual material social cultural cognitive historical
comparative colonial urban rural domestic scientific legal medical religious vernacular digital""".split()
NOTE_HEADINGS = ["Summary", "Key claims", "Open questions", "Evidence", "Methods", "Critique", "Related work",
                 "Quotes", "Reading notes", "Connections", "Next steps", "Background", "Objections", "Examples",
                 "Memory & schema: a critique", "Données et méthodes", "Kết luận", "背景と問題"]
SECTION_NAMES = ["Introduction", "Background", "Methods", "Materials", "Results", "Discussion", "Limitations",
                 "Conclusion", "Procedure", "Analysis", "Findings", "Interpretation"]
TAGS = ["memory", "recall", "schema", "testimony", "archive", "method", "critique", "reading", "todo", "idea", "quote",
        "fieldwork", "theory", "history", "ethics", "language", "identity", "ký-ức", "記憶", "project/alpha",
        "project/beta", "status/todo", "status/done", "type/literature", "type/permanent", "area/cognition"]
FOLDERS = ["notes", "notes/concepts", "notes/people", "notes/projects", "notes/projects/2024"]


def utf16(text):
    return len(text.encode("utf-16-le")) // 2


def slug(text):
    out = "".join(c if c.isalnum() else "-" for c in text.lower())
    return "-".join(part for part in out.split("-") if part) or "note"


class Source:
    """A citable key: a bibliography entry, a source document, or both (same key)."""

    def __init__(self, key, title, author, year):
        self.key, self.title, self.author, self.year = key, title, author, year
        self.document = None   # path of the source document
        self.pages = []        # .txt: pages as lists of paragraphs; others: one page
        self.paragraphs = []   # (first line, words, line of each word, page) with 1-based file lines
        self.lines = 0
        self.sections = 0
        self.bib = None        # ("references.bib" | "library.csl.json", 1-based line)
        self.attachment = None
        self.document_line = 1


class Generator:
    def __init__(self, args):
        self.a = args
        self.rng = random.Random(args.seed)
        self.out = args.out
        self.bytes = {"notes": 0, "sources": 0, "bib": 0, "attachments": 0}
        self.sources = []
        self.cited = {}
        self.planted = {code: 0 for code in ["unknown-source", "unresolved-locator", "quote-mismatch", "broken-link",
                                             "broken-anchor", "no-text"]}
        self.citations = {}
        self.probes, self.edit_probes, self.hub_citation = [], [], None
        self.counts = {"citations": 0, "checked_quotations": 0, "note_links": 0, "note_lines": 0}

    # ------------------------------------------------------------------ text
    def word(self):
        r = self.rng.random()
        if r < 0.004:
            return self.rng.choice(ACCENTED)
        index = int(len(WORDS) * self.rng.random() ** 2.2)
        return WORDS[index]

    def sentence(self, n=None, locale="en"):
        if locale == "vi":
            words = [self.rng.choice(VIETNAMESE) for _ in range(n or self.rng.randint(5, 12))]
        elif locale == "ja":
            return "".join(self.rng.choice(JAPANESE) for _ in range(n or self.rng.randint(4, 9))) + "。"
        else:
            words = [self.word() for _ in range(n or self.rng.randint(6, 18))]
            for i in range(1, len(words) - 1):
                if self.rng.random() < 0.06:
                    words[i] += ","
        words[0] = words[0][:1].upper() + words[0][1:]
        return " ".join(words) + self.rng.choice(".....?;")

    def paragraph_words(self, sentences):
        words = []
        for _ in range(sentences):
            words += self.sentence().split(" ")
        return words

    @staticmethod
    def wrap(words, width=76):
        lines, current = [], []
        length = 0
        for w in words:
            if current and length + 1 + len(w) > width:
                lines.append(current)
                current, length = [], 0
            length += len(w) + (1 if current else 0)
            current.append(w)
        if current:
            lines.append(current)
        return lines

    def write(self, path, text, kind):
        full = os.path.join(self.out, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        data = text.encode("utf-8")
        with open(full, "wb") as f:
            f.write(data)
        self.bytes[kind] += len(data)

    # --------------------------------------------------------------- sources
    def make_keys(self):
        total = self.a.bib + self.a.sources - self.a.sources // 2
        keys, seen = [], set()
        while len(keys) < total:
            surname = self.rng.choice(SURNAMES)
            base = slug(surname).replace("-", "")
            year = self.rng.randint(1880, 2024)
            style = self.rng.random()
            key = f"{base}{year}" if style < 0.6 else (f"{base}-{year}-{self.rng.choice(TOPICS)}" if style < 0.85
                                                       else f"{base}:{year}")
            while key in seen:
                key += self.rng.choice("abcdefgh")
            seen.add(key)
            title = f"{self.rng.choice(MODIFIERS).capitalize()} {self.rng.choice(TOPICS)} and the " \
                    f"{self.rng.choice(WORDS[150:])} of {self.rng.choice(WORDS[150:])}"
            author = (surname, self.rng.choice(GIVEN))
            keys.append(Source(key, title, author, year))
        return keys

    def build_sources(self):
        self.sources = self.make_keys()
        documents = self.sources[: self.a.sources]
        for index, source in enumerate(documents):
            kind = "txt" if index % 3 == 1 else ("html" if index % 16 == 5 else "md")
            if ":" in source.key:
                kind = "md"  # a text or HTML file is keyed by its name, which cannot hold the colon
            self.write_document(source, kind)
        # The first half of the documents share their key with a bibliography entry; the rest stand alone.
        with_entries = documents[: self.a.sources // 2] + self.sources[self.a.sources:]
        attachments = [s for s in self.sources[self.a.sources:] if self.rng.random() < 0.03]
        for source in attachments:
            self.write_document(source, "txt", attachment=True)
        self.write_bibliography(with_entries)

    def write_document(self, source, kind, attachment=False):
        words_wanted = max(300, int(self.rng.gauss(self.a.source_words, self.a.source_words / 3)))
        paragraphs = []
        total = 0
        while total < words_wanted:
            p = self.paragraph_words(self.rng.randint(2, 6))
            paragraphs.append(p)
            total += len(p)
        out = []
        if kind == "md":
            out += ["---", f"id: {source.key}", f"title: \"{source.title}\"", f"author: {source.author[1]} "
                    f"{source.author[0]}", f"year: {source.year}", "---", "", f"# {source.title}", ""]
        elif kind == "html":
            out += ["<!DOCTYPE html>", f"<html><head><title>{source.title}</title></head><body>",
                    f"<h1>{source.title}</h1>"]
        per_page = self.rng.randint(3, 6)
        section = 0
        page = 1
        for number, words in enumerate(paragraphs):
            new_page = kind == "txt" and number > 0 and number % per_page == 0
            page += new_page
            if kind in ("md", "html") and number % 6 == 0:
                section += 1
                name = SECTION_NAMES[(section - 1) % len(SECTION_NAMES)]
                out += [f"## {section} {name}", ""] if kind == "md" else [f"<h2>{section} {name}</h2>"]
            lines = [" ".join(line) for line in self.wrap(words)]
            if new_page:
                lines[0] = "\f" + lines[0]  # a form feed starts the page; it is no line break
            if kind == "html":
                out.append("<p>")
            first = len(out) + 1
            line_of_word = []
            for offset, line in enumerate(self.wrap(words)):
                line_of_word += [first + offset] * len(line)
            out += lines
            out.append("</p>" if kind == "html" else "")
            source.paragraphs.append((first, words, line_of_word, page))
        if kind == "html":
            out.append("</body></html>")
        source.pages_count = page
        source.sections = section
        source.lines = len(out)
        text = "\n".join(out) + "\n"
        if attachment:
            path = f"attachments/{source.key.replace(':', '-')}-fulltext.txt"
            source.attachment = path
            self.write(path, text, "attachments")
        else:
            name = source.key if kind != "md" or self.rng.random() < 0.5 else source.key.capitalize()
            path = f"sources/{name.replace(':', '-')}.{kind}"
            self.write(path, text, "sources")
        source.document = source.document or path
        source.kind = kind

    def bibtex_name(self, author):
        surname, given = author
        latex = "".join(LATEX.get(c, c) for c in surname)
        return f"{latex}, {given}"

    def write_bibliography(self, entries):
        entries = sorted(entries, key=lambda s: s.key)
        bib = ["% Generated for Gloss's benchmarks: not real works.", "",
               "@string{jml = {Journal of Memory and Language}}", "@string{ms = {Memory Studies}}", ""]
        csl = []
        for source in entries:
            if self.rng.random() < 0.8 or source.attachment:
                source.bib = ("references.bib", len(bib) + 1)
                kind = self.rng.choice(["article", "book", "incollection"])
                bib.append(f"@{kind}{{{source.key},")
                bib.append(f"  author    = {{{self.bibtex_name(source.author)}}},")
                bib.append(f"  title     = {{{source.title}}},")
                bib.append(f"  year      = {source.year},")
                if kind == "article":
                    bib.append(f"  journal   = {self.rng.choice(['jml', 'ms'])},")
                    bib.append(f"  pages     = {{{self.rng.randint(1, 300)}--{self.rng.randint(301, 400)}}},")
                bib.append(f"  doi       = {{10.{self.rng.randint(1000, 9999)}/{slug(source.key)}}},")
                if source.attachment:
                    bib.append(f"  file      = {{Full Text:{source.attachment}:text/plain}},")
                bib += ["}", ""]
            else:
                source.bib = ("library.csl.json", None)
                csl.append({"id": source.key, "type": "book", "title": source.title,
                            "author": [{"family": source.author[0], "given": source.author[1]}],
                            "issued": {"date-parts": [[source.year]]}})
        self.write("references.bib", "\n".join(bib), "bib")
        text = json.dumps(csl, ensure_ascii=False, indent=2) + "\n"
        lines = text.split("\n")
        by_key = {s.key: s for s in entries}
        for number, line in enumerate(lines, 1):
            if line.startswith('    "id": '):
                by_key[json.loads(line.split(": ", 1)[1].rstrip(","))].bib = ("library.csl.json", number)
        self.write("library.csl.json", text, "bib")
        self.write(".gloss.json", json.dumps({"bibliography": ["references.bib", "library.csl.json"]}) + "\n", "bib")

    # ------------------------------------------------------------------ notes
    def plan_notes(self):
        self.notes = []
        titles = set()
        for index in range(self.a.notes):
            locale = "vi" if index % 20 == 7 else ("ja" if index % 20 == 13 else "en")
            while True:
                if locale == "en":
                    title = f"{self.rng.choice(MODIFIERS).capitalize()} {self.rng.choice(TOPICS)} " \
                            f"{self.rng.choice(['and', 'as', 'in', 'after', 'versus'])} {self.rng.choice(WORDS[150:])}"
                elif locale == "vi":
                    title = " ".join(self.rng.choice(VIETNAMESE) for _ in range(3)).capitalize()
                else:
                    title = "".join(self.rng.choice(JAPANESE) for _ in range(3))
                if title not in titles:
                    break
                title += f" {index}"
                if title not in titles:
                    break
            titles.add(title)
            folder = FOLDERS[index % len(FOLDERS)]
            long = index % 200 == 17
            self.notes.append({"title": title, "path": f"{folder}/{slug(title)}.md", "locale": locale, "long": long,
                               "headings": []})
        # The hub: a source with a document and a BibTeX entry, not among the most cited by chance.
        half = self.sources[: self.a.sources // 2]
        self.hub = next(s for s in half[len(half) // 2:] + half if s.bib[0] == "references.bib")
        self.probe_notes = set(range(3, len(self.notes), max(1, len(self.notes) // 40)))

    def citable(self):
        """A key to cite: often the popular ones, sometimes a typo of one (unknown-source)."""
        r = self.rng.random()
        pool = self.sources
        source = pool[int(len(pool) * self.rng.random() ** 1.6)]
        if r < self.a.rate_unknown:
            return source.key[:-1] + ("q" if source.key[-1] != "q" else "z"), None
        return source.key, source

    def locator(self, source):
        """A locator that resolves on this source (or, at the planted rate, one past its end), and its passage."""
        if source is None or source.document is None or not source.paragraphs:
            if self.rng.random() < 0.2:
                return f"p. {self.rng.randint(1, 40)}", None if source is None else "textless"
            return None, None
        if self.rng.random() < self.a.rate_bad_locator:
            self.planted["unresolved-locator"] += 1
            if source.kind == "txt":
                return f"p. {source.pages_count + 3}", "bad"
            return f"l. {source.lines + 50}", "bad"
        paragraph = self.rng.choice(source.paragraphs)
        if source.kind == "html":
            return None, paragraph
        if source.kind == "txt":
            return f"p. {paragraph[3]}", paragraph
        if source.kind == "md" and self.rng.random() < 0.3 and source.sections:
            return f"sec. {self.rng.randint(1, source.sections)}", None
        first, last = paragraph[0], paragraph[2][-1]
        return (f"l. {first}" if first == last else f"ll. {first}-{last}"), paragraph

    def quotation(self, paragraph):
        words = paragraph[1]
        n = min(len(words), self.rng.randint(6, 24))
        start = self.rng.randint(0, len(words) - n)
        quote = [w.strip(",.;?") if i == n - 1 else w for i, w in enumerate(words[start:start + n])]
        wrong = self.rng.random() < self.a.rate_bad_quote
        if wrong:
            quote[n // 2] = self.rng.choice(WRONG_WORDS)
        return " ".join(quote), wrong

    def citation(self, note, line_text, allow_quote=True, textless=False):
        """A citation (with, sometimes, its quotation before it); the text and its items' columns."""
        key, source = self.citable()
        if textless:  # a blockquote's citation: a source without text, whose quotation is not checked
            source = self.rng.choice([s for s in self.sources[self.a.sources:][:50] if not s.attachment])
            key = source.key
        if note["hub_due"] and source is not None and not textless:
            key, source, note["hub_due"] = self.hub.key, self.hub, False
        locator, passage = self.locator(source) if self.rng.random() < 0.45 and not textless else (None, None)
        quote = None
        text = ""
        if allow_quote and isinstance(passage, tuple) and self.rng.random() < 0.5:
            quote, wrong = self.quotation(passage)
            if wrong:
                self.planted["quote-mismatch"] += 1
            text = f"“{quote}” "
            self.counts["checked_quotations"] += 1
        prefix = self.rng.choice(["", "", "", "see ", "cf. "]) if quote is None else ""
        body = f"[{prefix}@{key}" + (f", {locator}" if locator else "") + "]"
        key_column = utf16(line_text) + utf16(text) + 1 + utf16(prefix) + 1
        codes = []
        if source is None:
            codes.append("unknown-source")
            self.planted["unknown-source"] += 1
        if passage == "bad":
            codes.append("unresolved-locator")
        if passage == "textless" or textless:
            codes.append("no-text")
            self.planted["no-text"] += 1
        if quote is not None and wrong:
            codes.append("quote-mismatch")
        self.cited[key] = self.cited.get(key, 0) + 1
        self.counts["citations"] += 1
        return text + body, (key_column, key, locator, quote, codes, source)

    def link(self, index):
        target = self.notes[(index * 7919 + self.rng.randint(1, 97)) % len(self.notes)]
        r = self.rng.random()
        self.counts["note_links"] += 1
        if r < self.a.rate_broken_link:
            self.planted["broken-link"] += 1
            return f"[[{target['title']} draft {self.rng.randint(2, 999)}]]", None
        if r < self.a.rate_broken_link + 0.1:
            folder = os.path.dirname(self.notes[index]["path"])
            return f"[{target['title']}]({os.path.relpath(target['path'], folder)})", target
        return f"[[{target['title']}]]", target

    def build_notes(self):
        for index, note in enumerate(self.notes):
            self.build_note(index, note)

    def build_note(self, index, note):
        rng = self.rng
        note["hub_due"] = index % 10 == 0
        tags = rng.sample(TAGS, rng.randint(0, 3))
        lines = ["---", f"title: \"{note['title']}\""]
        if tags:
            lines += ["tags:"] + [f"  - {t}" for t in tags]
        lines += [f"created: 2025-{index % 12 + 1:02d}-{index % 28 + 1:02d}", "---", ""]
        items, marks = [], []
        target_lines = rng.randint(2000, 3000) if note["long"] else int(rng.gauss(self.a.note_lines, 25))
        target_lines = max(12, target_lines)
        while len(lines) < target_lines:
            heading = rng.choice(NOTE_HEADINGS)
            lines += [f"## {heading}", ""]
            note["headings"].append(heading)
            kind = rng.random()
            if kind < 0.06:
                lines += ["```text", f"not a citation: @{self.sources[0].key} [@{self.sources[1].key}]", "```", ""]
            elif kind < 0.12:
                lines += ["| Claim | Source |", "|---|---|"]
                for _ in range(rng.randint(1, 3)):
                    row = f"| {self.sentence(4)} | "
                    cite, item = self.citation(note, row, allow_quote=False)
                    items.append((len(lines),) + item)
                    lines.append(row + cite + " |")
                lines.append("")
            elif kind < 0.2:
                line = "> "
                cite, item = self.citation(note, "> — ", allow_quote=False, textless=True)
                words = self.sentence()
                lines += [line + words, "> — " + cite, ""]
                items.append((len(lines) - 2,) + item)
            for _ in range(rng.randint(1, 3)):
                sentences = []
                for _ in range(rng.randint(2, 6)):
                    s = self.sentence(locale=note["locale"] if rng.random() < 0.3 else "en")
                    roll = rng.random()
                    if roll < 0.22:
                        s = s[:-1] + " " + "\0CITE" + s[-1]
                    elif roll < 0.32:
                        s = s[:-1] + " " + "\0LINK" + s[-1]
                    elif roll < 0.37:
                        s += f" #{rng.choice(TAGS)}"
                    sentences.append(s)
                for line in self.wrap(" ".join(sentences).split(" "), 80):
                    text = ""
                    for w in line:
                        piece = w
                        if "\0CITE" in w:
                            cite, item = self.citation(note, (text + " ") if text else "")
                            items.append((len(lines),) + item)
                            piece = w.replace("\0CITE", cite)
                        elif "\0LINK" in w:
                            link, target = self.link(index)
                            if target is not None and index in self.probe_notes:
                                marks.append(("wikilink", len(lines), utf16(text) + (1 if text else 0), target))
                            piece = w.replace("\0LINK", link)
                        elif w.startswith("#") and len(w) > 1 and index in self.probe_notes:
                            marks.append(("tag", len(lines), utf16(text) + (1 if text else 0), w[1:]))
                        text = text + " " + piece if text else piece
                    lines.append(text)
                lines.append("")
        if rng.random() < self.a.rate_broken_anchor * 10:
            self.planted["broken-anchor"] += 1
            lines += [f"See [[#No such heading {index}]].", ""]
        self.counts["note_lines"] += len(lines)
        self.write(note["path"], "\n".join(lines) + "\n", "notes")
        self.citations[note["path"]] = [[line, col, key, loc, quote, codes]
                                        for line, col, key, loc, quote, codes, _ in items]
        hub_items = [i for i in items if i[2] == self.hub.key]
        if hub_items and self.hub_citation is None:
            self.hub_citation = {"file": note["path"], "line": hub_items[0][0], "character": hub_items[0][1] + 1}
        if index in self.probe_notes:
            self.add_probes(note, lines, items, marks)
        if note["long"]:
            self.add_edit_probe(note, lines, items)

    def add_probes(self, note, lines, items, marks):
        good = [i for i in items if i[6] is not None]
        for line, col, key, _, _, _, source in self.rng.sample(good, min(2, len(good))):
            base = {"file": note["path"], "line": line, "key": key}
            middle = col + utf16(key[: len(key) // 2])
            definitions = [p for p in (source.document, source.bib[0] if source.bib else None) if p]
            self.probes += [
                dict(base, kind="completion", context="citation-key-start", character=col,
                     expect={"contains_label": key}),
                dict(base, kind="completion", context="citation-key-prefix", character=col + utf16(key[:3]),
                     expect={"contains_label": key, "prefix": key[:3]}),
                dict(base, kind="hover", context="citation", character=middle, expect={"needles": [key]}),
                dict(base, kind="definition", context="citation", character=middle, expect={"uri_any": definitions}),
                dict(base, kind="references", context="citation", character=middle, expect={"key": key}),
            ]
        for kind, line, col, target in marks[:2]:
            if kind == "wikilink":
                self.probes += [{"file": note["path"], "line": line, "kind": "definition", "context": "wikilink",
                                 "character": col + 2, "expect": {"uri_any": [target["path"]]}},
                                {"file": note["path"], "line": line, "kind": "hover", "context": "wikilink",
                                 "character": col + 2, "expect": {"needles": [target["title"]]}}]
            else:
                self.probes += [{"file": note["path"], "line": line, "kind": "completion", "context": "tag",
                                 "character": col + 1, "expect": {"contains_label": target}},
                                {"file": note["path"], "line": line, "kind": "hover", "context": "tag",
                                 "character": col + 1, "expect": {"needles": [target]}}]

    def add_edit_probe(self, note, lines, items):
        known = [i for i in items if i[6] is not None]
        if not known:
            return
        line, col, key = known[len(known) // 2][:3]
        word = None
        for number in range(len(lines) // 2, len(lines)):
            text = lines[number]
            if len(text.split(" ")[0]) >= 4 and text[0].isalpha() and "@" not in text and "[[" not in text:
                word = {"line": number, "character": 2, "text": "x"}
                break
        self.edit_probes.append({"file": note["path"], "lines": len(lines), "insert_in_word": word,
                                 "break_key": {"line": line, "character": col + 2, "text": "Q", "key": key,
                                               "effect": "adds one unknown-source"}})

    def expected_by_file(self):
        """The planted diagnostics on citation items, by note: 0-based line, UTF-16 column of the key, code, key."""
        out = {}
        for path, items in self.citations.items():
            for line, column, key, _, _, codes in items:
                for code in codes:
                    out.setdefault(path, []).append({"line": line, "character": column, "code": code, "detail": key})
        return out

    def quote_probes(self):
        probes = []
        for source in self.sources[: self.a.sources]:
            if len(probes) >= 40:
                break
            long = [p for p in source.paragraphs if len(p[1]) >= 30]
            if source.kind == "html" or not long:
                continue
            words = long[0][1][:30]
            quote = " ".join(words).rstrip(",.;?")
            wrong = list(words)
            wrong[15] = WRONG_WORDS[len(probes) % len(WRONG_WORDS)]
            probes.append({"key": source.key, "source": source.document, "quote": quote, "expect": "found"})
            probes.append({"key": source.key, "source": source.document, "quote": " ".join(wrong).rstrip(",.;?"),
                           "expect": "quote-mismatch"})
        return probes

    def run(self):
        if os.path.exists(self.out):
            if os.listdir(self.out) and not os.path.exists(os.path.join(self.out, "manifest.json")):
                sys.exit(f"refusing to replace {self.out}: it is not a workspace this script made")
            shutil.rmtree(self.out)
        os.makedirs(self.out)
        self.build_sources()
        self.plan_notes()
        self.build_notes()
        bib_line = self.hub.bib[1]
        manifest = {
            "generator": "Tests/Bench/make_workspace.py", "generator_version": VERSION, "seed": self.a.seed,
            "scale": self.a.scale,
            "counts": dict(self.counts, notes=len(self.notes), long_notes=sum(n["long"] for n in self.notes),
                           source_documents=self.a.sources,
                           bib_entries=sum(1 for s in self.sources if s.bib),
                           bib_in_bibtex=sum(1 for s in self.sources if s.bib and s.bib[0] == "references.bib"),
                           bib_in_csl_json=sum(1 for s in self.sources if s.bib and s.bib[0] == "library.csl.json"),
                           attachments=sum(1 for s in self.sources if s.attachment), bytes=self.bytes),
            "expected_diagnostics": self.planted,
            "expected_diagnostics_by_file": self.expected_by_file(),
            "hub": {"key": self.hub.key, "citations": self.cited.get(self.hub.key, 0),
                    "bibliography": {"file": "references.bib", "line": bib_line - 1},
                    "document": {"file": self.hub.document, "line": 1}, "citation": self.hub_citation},
            "top_cited": [{"key": k, "citations": n}
                          for k, n in sorted(self.cited.items(), key=lambda kv: (-kv[1], kv[0]))[:20]],
            "probes": self.probes,
            "edit_probes": self.edit_probes,
            "quote_probes": self.quote_probes(),
        }
        with open(os.path.join(self.out, "manifest.json"), "w", encoding="utf-8") as f:
            json.dump(manifest, f, ensure_ascii=False, indent=1)
            f.write("\n")
        with open(os.path.join(self.out, "citations.json"), "w", encoding="utf-8") as f:
            json.dump({"about": "Every citation item per note: [line, utf16 column of the key, key, locator, "
                                "checked quotation, planted codes], 0-based.", "files": self.citations},
                      f, ensure_ascii=False, separators=(",", ":"))
            f.write("\n")
        return manifest


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scale", choices=sorted(SCALES))
    ap.add_argument("--notes", type=int)
    ap.add_argument("--sources", type=int)
    ap.add_argument("--bib", type=int)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", required=True)
    ap.add_argument("--source-words", type=int, default=4000, help="mean words per source document")
    ap.add_argument("--note-lines", type=int, default=80, help="mean lines per note (long notes aside)")
    ap.add_argument("--rate-unknown", type=float, default=0.015, help="share of citations with a mistyped key")
    ap.add_argument("--rate-bad-locator", type=float, default=0.05)
    ap.add_argument("--rate-bad-quote", type=float, default=0.10)
    ap.add_argument("--rate-broken-link", type=float, default=0.02)
    ap.add_argument("--rate-broken-anchor", type=float, default=0.01)
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args(argv)
    if a.scale:
        notes, sources, bib = SCALES[a.scale]
        a.notes, a.sources, a.bib = a.notes or notes, a.sources or sources, a.bib or bib
    elif not (a.notes and a.sources and a.bib):
        ap.error("give --scale or all of --notes, --sources and --bib")
    else:
        a.scale = "custom"
    if min(a.notes, a.sources, a.bib) < 2:
        ap.error("at least 2 notes, 2 source documents and 2 bibliography entries")
    manifest = Generator(a).run()
    if not a.quiet:
        c = manifest["counts"]
        print(f"wrote {a.out}: {c['notes']} notes, {c['source_documents']} source documents, {c['bib_entries']} "
              f"bibliography entries, {c['citations']} citations, {sum(c['bytes'].values()) / 1e6:.1f} MB")
        print("expected diagnostics:", json.dumps(manifest["expected_diagnostics"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
