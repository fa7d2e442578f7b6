#!/usr/bin/env python3
"""Generate expected.json: Pandoc's links and images for every case of the reference-link corpus (run once; the
output is committed).

    python3 Tests/Fixtures/links/generate.py            # writes expected.json beside this script
    python3 Tests/Fixtures/links/generate.py --check    # compares with expected.json, exit 1 on difference

Each case is a small Markdown note using link reference definitions (`[label]: dest`) and reference links
(`[text][label]`, `[label][]`, `[label]`, images), in the containers and line endings notes use. Pandoc (2.17) reads
it with `pandoc -f markdown -t json`; every `Link` and `Image` in the AST is recorded in document order (a link's
own text first, then notes) as its kind, its text stringified, and its URL percent-decoded. Citations inside link
text are compared by the citation corpus, not here.
"""
import json
import os
import subprocess
import sys
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))

DEFS = (
    "[ch2]: notes/chapter-2.md#method\n"
    "[Other note]: <other note.md> \"Other\"\n"
    "[Ghi chú]: ghi%20ch%C3%BA.md#Ph%E1%BA%A7n%20m%E1%BB%99t\n"
    "[東京]: 地図/東京.md\n"
    "[😀 smile]: emoji/😀.md 'title'\n"
    "[web]: https://example.org/a?b=c#d\n"
)

CASES = [
    ("full", "See [the chapter][ch2] here.\n\n" + DEFS),
    ("collapsed", "See [Other note][] here.\n\n" + DEFS),
    ("shortcut", "See [Other note] here.\n\n" + DEFS),
    ("case-insensitive", "[OTHER NOTE] and [other   note][] and [x][CH2].\n\n" + DEFS),
    ("vietnamese", "Xem [ghi chú] và [GHI CHÚ][] và [phần][Ghi chú].\n\n" + DEFS),
    ("cjk", "見て[東京]と[地図][東京]。\n\n" + DEFS),
    ("emoji", "A [😀 smile] and [😀 SMILE][].\n\n" + DEFS),
    ("external", "The [web] and [site][web].\n\n" + DEFS),
    ("undefined-full", "No [text][nodef] and [ch2][nodef].\n\n" + DEFS),
    ("undefined-shortcut", "No [nodef] here, [] nor [ ].\n\n" + DEFS),
    ("space-between", "Only [text] [ch2] then.\n\n" + DEFS),
    ("image", "An ![figure][ch2] and ![ch2].\n\n" + DEFS),
    ("escaped", "Not \\[ch2] but [ch2\\].\n\n" + DEFS),
    ("code", "Not `[ch2]` but [`code`][ch2].\n\n" + DEFS),
    ("inline-wins", "[ch2](direct.md) and [ch2][].\n\n" + DEFS),
    ("cite-after-key", "As @doe [ch2] says, and @doe [p. 4] too.\n\n" + DEFS),
    ("cite-in-text", "[see @doe][ch2] and [see @doe].\n\n" + DEFS),
    ("cite-as-label", "[ch2][see @doe] here.\n\n" + DEFS),
    ("defined-before", DEFS + "\nAfter [ch2] and [web].\n"),
    ("last-wins", "[dup] link.\n\n[dup]: first.md\n[dup]: second.md\n"),
    ("label-over-lines", "[the\nchapter][ch2] and [Other\nnote].\n\n" + DEFS),
    ("definition-next-line", "[a] [b]\n\n[a]:\n  next-line.md\n[b]: b.md\n  \"title on\n  two lines\"\n"),
    ("quote", "> [q] inside.\n>\n> [q]: quoted.md#Đầu\n\n[q] outside.\n"),
    ("list", "- [item] here\n\n  [item]: in-list.md\n- [item][] again\n"),
    ("footnote", "Text[^1] and [fn].\n\n[^1]: Note with [fn].\n\n    [fn]: from-note.md\n"),
    ("crlf", "See [crlf] and [Other][crlf].\r\n\r\n[crlf]: win.md#Part\r\n"),
    ("table", "| a | b |\n|---|---|\n| [ch2] | [x][web] |\n\n" + DEFS),
    ("heading", "# About [ch2]\n\n" + DEFS),
    ("nested-brackets", "[a [b] c][ch2] and [[wiki]].\n\n" + DEFS),
    ("angle-spaces", "[sp]\n\n[sp]: <a b/c d.md#x y>\n"),
    ("words", "[w]\n\n[w]: a b.md\n"),
    ("title-kinds", "[t1] [t2] [t3]\n\n[t1]: one.md \"A\"\n[t2]: two.md 'B'\n[t3]: three.md (C)\n"),
    ("attributes", "[attr]\n\n[attr]: attr.md {#id .class}\n"),
    ("anchor-only", "[here]\n\n[here]: #local-heading\n"),
    ("not-a-definition", "Text first\n[late]: late.md\n\n[late]\n"),
]


def stringify(inlines):
    out = []
    for node in inlines:
        kind = node.get("t")
        content = node.get("c")
        if kind == "Str":
            out.append(content)
        elif kind in ("Space", "SoftBreak", "LineBreak"):
            out.append(" ")
        elif kind in ("Code", "Math"):
            out.append(content[1])
        elif kind in ("Emph", "Strong", "Strikeout", "Superscript", "Subscript", "SmallCaps", "Underline"):
            out.append(stringify(content))
        elif kind == "Quoted":
            out.append('"' + stringify(content[1]) + '"')
        elif kind == "Cite":
            out.append(stringify(content[1]))
        elif kind in ("Span", "Link", "Image"):
            out.append(stringify(content[1]))
    return "".join(out)


def links(value, found):
    if isinstance(value, list):
        for item in value:
            links(item, found)
    elif isinstance(value, dict):
        kind = value.get("t")
        if kind in ("Link", "Image"):
            content = value["c"]
            found.append({
                "kind": "image" if kind == "Image" else "link",
                "text": stringify(content[1]),
                "url": urllib.parse.unquote(content[2][0]),
            })
        for item in value.values():
            links(item, found)


def pandoc_version():
    return subprocess.run(["pandoc", "--version"], capture_output=True, text=True).stdout.splitlines()[0]


def generate():
    cases = []
    for name, markdown in CASES:
        result = subprocess.run(
            ["pandoc", "-f", "markdown", "-t", "json"], input=markdown, capture_output=True, text=True, check=True)
        found = []
        links(json.loads(result.stdout)["blocks"], found)
        cases.append({"name": name, "markdown": markdown, "links": found})
    return {"pandoc": pandoc_version(), "cases": cases}


def main():
    output = json.dumps(generate(), ensure_ascii=False, indent=1) + "\n"
    path = os.path.join(HERE, "expected.json")
    if "--check" in sys.argv:
        with open(path, encoding="utf-8") as handle:
            if handle.read() != output:
                print("expected.json differs from pandoc's output")
                sys.exit(1)
        return
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(output)


if __name__ == "__main__":
    main()
