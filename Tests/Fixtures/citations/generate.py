#!/usr/bin/env python3
"""Generate expected.json: Pandoc's citations for every case of the corpus (run once; the output is committed).

    python3 Tests/Fixtures/citations/generate.py            # writes expected.json beside this script
    python3 Tests/Fixtures/citations/generate.py --check    # compares with expected.json, exit 1 on difference

Each case is a small Markdown note. Pandoc (2.17) reads it with `pandoc -f markdown -t json`; every `Cite` element
in the AST is walked in document order (a Cite's own items first, then Cites nested in its prefixes and suffixes)
and each citation item is recorded as key, mode, and prefix/suffix stringified:
Str as is, spaces and soft breaks as " ", Quoted with straight quotes, Code and Math as their text, emphasis and
other containers as their content, notes dropped. The Swift test normalises both sides the same way.
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# Citation forms: (name, markdown fragment). Placed in every context below.
FORMS = [
    ("bracketed", "[@smith2020]"),
    ("locator", "[@smith2020, p. 4]"),
    ("prefix-locator", "[see @smith2020, pp. 33-35]"),
    ("multiple", "[see @a, pp. 33-35; also @b, chap. 1]"),
    ("suppress", "[-@smith2020]"),
    ("suppress-second", "[@a; -@b, p. 3]"),
    ("in-text", "@smith2020"),
    ("in-text-locator", "@smith2020 [p. 33]"),
    ("in-text-more", "@smith2020 [p. 4; @jones1999]"),
    ("braced", "@{doe.2001:x}"),
    ("email", "joe@example.com"),
    ("ten-at-twenty", "10@20"),
    ("trailing-period", "as @smith2020."),
    ("trailing-colon", "@smith2020: shows"),
    ("parenthesised", "(@smith2020)"),
    ("possessive", "@smith2020's view"),
    ("internal-punct", "@a:b.c-d"),
    ("code-span", "`@smith2020`"),
    ("url", "<https://example.com/@smith2020>"),
    ("html-comment", "<!-- @smith2020 -->"),
    ("math", "$x@y$"),
    ("escaped", "\\@smith2020"),
    ("non-ascii", "Tiếng Việt [xem @nguyễn2021, tr. 5] 中文"),
    ("after-letter", "é@smith2020"),
    ("emphasis", "*@smith2020* and **[@b]**"),
]

CONTEXTS = [
    ("paragraph", lambda f: f"Text {f} end.\n"),
    ("heading", lambda f: f"# Heading {f}\n"),
    ("bullet", lambda f: f"- item {f}\n- other\n"),
    ("nested-list", lambda f: f"1. one\n   - two {f}\n"),
    ("quote", lambda f: f"> Quoted {f} here.\n"),
    ("table", lambda f: f"| a | b |\n|---|---|\n| x | {f} |\n"),
    ("footnote", lambda f: f"Body[^1].\n\n[^1]: Note {f}.\n"),
    ("crlf", lambda f: f"First line\r\n{f} second\r\n"),
    ("line-start", lambda f: f"{f} starts the paragraph\n"),
    ("task", lambda f: f"- [ ] todo {f}\n"),
]

# Hand-written cases for the corners of Pandoc's grammar.
CASES = [
    ("suffix-no-comma", "x [@a p. 4] y\n"),
    ("nested-in-suffix", "x [@a @b] y\n"),
    ("nested-in-suffix-words", "x [see @a and @b] y\n"),
    ("semicolon-bad", "x [@a; foo] y\n"),
    ("semicolon-tight", "x [@a;@b] y\n"),
    ("spaces-inside", "x [ @a ] y\n"),
    ("prefix-only-text", "x [p. 4 @a] y\n"),
    ("suppress-space", "x [ -@a] y\n"),
    ("dash-space", "x [- @a] y\n"),
    ("dash-suffix", "x [@a-] y\n"),
    ("in-text-dash", "x -@a y\n"),
    ("after-hyphenated-word", "a-@key\n"),
    ("after-period", "x.@key\n"),
    ("after-colon", "x :@a y\n"),
    ("after-slash", "x /@a y\n"),
    ("after-hash", "x #@a y\n"),
    ("after-tilde", "x ~@a y\n"),
    ("double-at", "x @@a y\n"),
    ("key-question", "x @a? y\n"),
    ("key-internal-question", "x @a?b y\n"),
    ("key-tilde", "x @a~b y\n"),
    ("key-angle", "x @a<b y\n"),
    ("key-two-dots", "x @a.b. y\n"),
    ("key-double-dash", "x @a--b y\n"),
    ("key-url-like", "x @a://b y\n"),
    ("key-then-at", "x @a.b@c y\n"),
    ("key-digit", "x @1999 y\n"),
    ("key-underscore", "x @_a y\n"),
    ("key-trailing-underscore", "x _@a_ y\n"),
    ("key-wildcard", "x @* y\n"),
    ("braced-nested", "x @{a{b}c} y\n"),
    ("braced-space", "x @{a b} y\n"),
    ("braced-in-brackets", "x [@{a.b}, p. 1] y\n"),
    ("link-with-cite-text", "x [see @a](https://example.com) z\n"),
    ("link-cite-only", "x [@a](y) z\n"),
    ("bareloc-followed-by-paren", "x @a [p. 4](x) y\n"),
    ("in-text-paren-locator", "x @a (p. 4) y\n"),
    ("bracket-then-paren", "x [@a] (y)\n"),
    ("bracket-then-period", "x [@a]. y\n"),
    ("word-then-bracket", "x[@a]\n"),
    ("bracket-word-before", "x [foo] @a\n"),
    ("suffix-nested-brackets", "x [@a, p. 4 [note]] y\n"),
    ("suffix-code", "x [@a, p. `4`] y\n"),
    ("suffix-quote", "x [@a, p. 4, \"exact words\"] y\n"),
    ("prefix-strong", "x [**see** @a] y\n"),
    ("prefix-emph-cite", "x [see also *@a*] y\n"),
    ("across-lines", "x\n[@a, p.\n4] y\n"),
    ("prefix-across-lines", "x [see\n@a] y\n"),
    ("in-text-newline-locator", "x @a\n[p. 4] y\n"),
    ("in-text-footnote-ref", "x @a [^note]\n\n[^note]: n\n"),
    ("unclosed-bracket", "x [@a y\n"),
    ("bracket-paragraph-break", "x [@a\n\n] y\n"),
    ("closing-bracket-alone", "x @a]\n"),
    ("html-inline-span", "x <span>@a</span> y\n"),
    ("html-comment-multiline", "x <!-- one\n@a two --> y\n"),
    ("html-comment-block", "<!--\n@a\n-->\n\nafter @b\n"),
    ("script-block", "<script>\nvar x = \"@a\";\n</script>\n\nafter @b\n"),
    ("pre-block", "<pre>\n@a\n</pre>\n"),
    ("fenced-backticks", "```\n@a\n```\n\nafter @b\n"),
    ("fenced-tildes", "~~~ python\n[@a]\n~~~\n"),
    ("fenced-long", "````\n```\n@a\n```\n````\n"),
    ("fenced-unterminated", "```\n@a\n"),
    ("fenced-in-quote", "> ```\n> @a\n> ```\n> after @b\n"),
    ("fenced-in-list", "- item\n\n  ```\n  @a\n  ```\n"),
    ("indented-code", "para\n\n    @a code\n\nafter @b\n"),
    ("indented-after-para", "para\n    @a continues\n"),
    ("code-span-double", "x ``@a ` b`` @c\n"),
    ("code-span-unmatched", "x ``@a ` b @c\n"),
    ("autolink-email", "x <joe@example.com> y\n"),
    ("bare-url", "x https://example.com/@user y\n"),
    ("bare-url-path", "see https://example.org/a@b/c and @d\n"),
    ("display-math", "x $$a@b$$ y\n"),
    ("dollar-space", "x $ @a $ y\n"),
    ("dollar-digit", "x $5 and @a$5 y\n"),
    ("example-list", "(@good) text\n"),
    ("example-dot", "@a. b\n"),
    ("in-text-sentence-end", "see @a.\n"),
    ("quote-lazy", "> first @a\nlazy @b\n"),
    ("quote-nested", "> > deep [@a, p. 2]\n"),
    ("list-ordered-paren", "1) first @a\n2) second @b\n"),
    ("list-deep", "- a\n  - b\n    - c @a\n"),
    ("list-continuation", "- item\n\n  second para @a\n"),
    ("heading-setext", "Title @a\n=====\n"),
    ("heading-closing-hashes", "## Title @a ##\n"),
    ("table-two-cells", "| @a | [@b, p. 2] |\n|---|---|\n| c | d |\n"),
    ("footnote-multi-para", "x[^n]\n\n[^n]: first @a\n\n    second @b\n"),
    ("inline-note", "x^[see @a] y\n"),
    ("nbsp", "x\u00a0@a y\n"),
    ("curly-apostrophe", "x ’@a y\n"),
    ("cjk-before", "中文@a y\n"),
    ("cjk-space-before", "中文 @a y\n"),
    ("emoji-before", "🎉 @a y\n"),
    ("emoji-adjacent", "🎉@a y\n"),
    ("vietnamese-key", "x @nguyễn2021 y\n"),
    ("greek-key", "x [@Ελλάδα] y\n"),
    ("crlf-bracket-lines", "x [see\r\n@a, p. 4] y\r\n"),
    ("crlf-quote", "> quote @a\r\n> more [@b]\r\n"),
    ("many-in-paragraph", "@a, @b; @c and [@d; @e] then [-@f].\n"),
    ("strikeout", "x ~~@a~~ y\n"),
    ("superscript", "x ^@a^ y\n"),
    ("subscript", "x ~@a~ y\n"),
    ("wiki-adjacent", "see [[note]] and @a\n"),
    ("tag-adjacent", "#topic @a #other\n"),
    ("quotes-around", "\"@a\" and '@b'\n"),
    ("after-bracket-close", "x ]@a y\n"),
    ("after-paren-close", "x )@a y\n"),
    ("after-underscore-word", "x a_@b y\n"),
    ("percent-key", "x @a%b y\n"),
    ("amp-key", "x @a&b y\n"),
    ("plus-key", "x @a+b y\n"),
    ("dollar-key", "x @a$b y\n"),
    ("hash-key", "x @a#b y\n"),
    ("trailing-comma", "x @a, y\n"),
    ("trailing-semicolon", "x @a; y\n"),
    ("trailing-bang", "x @a! y\n"),
    ("trailing-quote", "x @a\" y\n"),
    ("empty-brackets-after", "x @a [] y\n"),
    ("bracket-suffix-semicolon-only", "x [@a;] y\n"),
    ("locator-with-quote-and-more", "x [see @a, p. 4, \"words\"; @b] y\n"),
    ("reference-link-defined", "x [see @a][ref] y\n\n[ref]: http://x\n"),
    ("reference-link-undefined", "x [see @a][ref] y\n"),
    ("reference-link-empty", "x [see @a][] y\n"),
    ("reference-link-cite-as-label", "x [ref][see @a] y\n\n[ref]: http://x\n"),
    ("reference-link-collapsed-after-key", "x @a [ref][] y @b [Ref] z\n\n[ref]: http://x\n"),
    ("reference-link-image", "x ![see @a][ref] y\n\n[ref]: http://x\n"),
    ("reference-link-undefined-label-with-cite", "x [text @a][nodef] y\n\n[ref]: http://x\n"),
    ("reference-link-unicode-after-key", "x @a [Bản Đồ] y\n\n[bản  đồ]: b.md\n"),
    ("reference-link-text-over-lines", "x [see\n@a][ref] y\n\n[ref]: http://x\n"),
    ("span-attributes", "x [see @a]{.class} y\n"),
    ("link-title-cite", "x [t](u \"see @a\") y\n"),
    ("link-destination-at", "x [t](https://doi.org/10@20/@a) y\n"),
    ("reference-definition-like", "x [@a]\n\n[@a]: http://x\n"),
    ("definition-list", "Term @a\n:   Definition @b\n"),
    ("line-block", "| line @a\n| block\n"),
    ("heading-attributes", "# Head @a {#id}\n"),
    ("html-div-markdown", "<div>\n@a\n</div>\n"),
    # Pandoc reads Markdown inside HTML block tags (markdown_in_html_blocks); script, style, pre, textarea and
    # comments stay raw.
    ("html-div-blank-lines", "<div>\n\n[@a]\n\n</div>\n"),
    ("html-div-class", "<div class=\"x\">\n@a says\n</div>\n"),
    ("html-div-one-line", "<div>text [@a]</div>\n"),
    ("html-div-attribute-at", "<div data-x=\"@b\">\n[@a]\n</div>\n"),
    ("html-div-tag-over-lines", "<div\n  class=\"x @b\">\n[@a]\n</div>\n"),
    ("html-div-nested", "<div>\n<div>\n\n@a\n\n</div>\n</div>\n"),
    ("html-div-indented-code", "<div>\n    [@a]\n</div>\n"),
    ("html-div-list", "<div>\n- item @a\n</div>\n"),
    ("html-div-in-quote", "> <div>\n> [@a]\n> </div>\n"),
    ("html-div-after-paragraph", "para @a\n<div>\n@b\n</div>\n"),
    ("html-div-crossref", "<div>\n\n![Map](m.png){#fig-map}\n\n</div>\n\nSee @fig-map.\n"),
    ("html-section", "<section>\n[@a]\n</section>\n"),
    ("html-details-summary", "<details>\n<summary>See @a</summary>\n\n[@b]\n\n</details>\n"),
    ("html-table-cells", "<table>\n<tr><td>@a</td><td>[@b, p. 2]</td></tr>\n</table>\n"),
    ("html-p", "<p>\nText [@a].\n</p>\n"),
    ("html-span-line", "<span>\n@a\n</span>\n"),
    ("html-custom-element", "<my-note>\n@a\n</my-note>\n"),
    ("html-style-block", "<style>\n[@a]\n</style>\n\nafter @b\n"),
    ("html-textarea-block", "<textarea>\n\n[@a]\n\n</textarea>\n"),
    ("html-pre-blank-lines", "<pre>\n\n[@a]\n\n</pre>\n\nafter @b\n"),
    ("html-comment-in-div", "<div>\n<!-- @a -->\n[@b]\n</div>\n"),
    ("image-alt-cite", "x ![see @a](p.png) y\n"),
    ("wiki-link-then-cite", "[[note]] [@a, p. 2]\n"),
    ("front-matter-then-body", "---\ntitle: T\n---\n\nBody [@a].\n"),
    # Shapes from real documents where Gloss once disagreed with Pandoc.
    ("definition-continuation", "Term\n:   First [@a].\n\n    Second [@b].\n"),
    ("definition-continuation-loose", "Term\n\n:   First [@a].\n\n    Second [@b].\n\nAfter [@c].\n"),
    ("definition-tilde-continuation", "Term\n~   First @a.\n\n    Second @b.\n"),
    ("definition-code-in-continuation", "Term\n:   First.\n\n        code @a\n\n    Second @b.\n"),
    ("example-list-label", "(@foo) An example.\n"),
    ("example-list-two", "(@a) one\n(@b) two\n"),
    ("example-list-reference", "(@foo) An example.\n\nSee (@foo).\n"),
    ("example-reference-before-label", "As (@good) shows.\n\n(@good) This is good.\n"),
    ("example-reference-undefined", "See (@foo) here.\n"),
    ("example-list-unlabelled", "(@) unlabelled\n"),
    ("example-list-nested", "1. one\n\n    (@ex) example\n"),
    ("link-target-with-space", "[How to install](@ref installation)\n"),
    ("link-target-at-only", "[How to install](@ref)\n"),
    ("link-target-space-title", "[a](@ref \"title\") b\n"),
    ("escaped-period-before-at", "a\\.@key\n"),
    ("escaped-plus-in-autolink", "<foo\\+@bar.example.com>\n"),
    ("ellipsis-before-at", "pandoc-...@googlegroups.com\n"),
    ("plus-before-at", "a+@key\n"),
    ("period-before-at", "a.@key\n"),
    ("code-span-before-at", "`x`@key\n"),
    ("emphasis-before-at", "*x*@key\n"),
    ("strong-before-at", "**x**@key\n"),
    # An escaped star is a literal character, not closing emphasis: Pandoc reads the citation after it.
    ("escaped-star-twice", "A \\*@smith2020 and \\*@jones2019 here.\n"),
    ("escaped-star-after-emphasis", "B *em* then \\*@jones2019 x.\n"),
    ("escaped-star-opens-then-closes", "\\*a*@k and *b\\*@l\n"),
    # Quarto and pandoc-crossref references are citations to Pandoc.
    ("quarto-crossrefs", "See @fig-elephant, @Fig-elephant and [-@tbl-sizes; @eq-energy].\n"),
    ("quarto-label-attribute", "![Elephant](elephant.png){#fig-elephant} and @fig-elephant.\n"),
    ("pandoc-crossref-refs", "@fig:map, [@eq:1] and @sec:intro.\n"),
    ("latex-environment", "\\begin{figure}\nx [@a] y\n\\end{figure}\n\nafter [@b]\n"),
    ("latex-environment-inline", "text \\begin{figure} [@a] \\end{figure}\n"),
    ("latex-environment-nested", "\\begin{table}\n\\begin{tabular}{l}\n[@a]\n\\end{tabular}\n\\end{table}\n\n[@b]\n"),
    ("latex-command-then-cite", "x \\cite{a} [@b]\n"),
    # Link reference definitions are no prose: no citation in their destination or title.
    ("reference-definition", "Text [map] here.\n\n[map]: https://example.org/@mapkey \"Map of @places\"\n"),
    ("reference-definition-indented", "   [map]: https://example.org/@mapkey\n\nSee [map] @a.\n"),
    ("reference-definition-four-spaces", "    [map]: https://example.org/@mapkey\n\nafter @a\n"),
    ("reference-definition-multiline-title",
     "[map]:\n  https://example.org/@mapkey\n  \"A title over\n  two lines, @b\"\n\nafter @c\n"),
    ("reference-definition-title-next-line", "[map]: https://example.org/@mapkey\n    \"title @t\"\n\nafter @c\n"),
    ("reference-definition-angle-paren-title", "[map]: <https://example.org/@mapkey> (title (with @t))\n"),
    ("reference-definition-in-quote", "> [map]: https://example.org/@mapkey\n> after @c [map]\n"),
    ("reference-definition-in-nested-quote", "> > [map]: https://example.org/@mapkey\n> > [@a]\n"),
    ("reference-definition-in-list", "- [map]: https://example.org/@mapkey\n- x @d [map]\n"),
    ("reference-definition-in-list-item", "- item\n\n  [map]: https://example.org/@mapkey\n\n  [map] @e\n"),
    ("reference-definition-then-text", "[map]: https://example.org/@mapkey\nafter @c [map]\n"),
    ("reference-definition-then-code", "[map]: https://example.org/@mapkey\n    code @c\n\nafter @d\n"),
    ("reference-definition-words", "[map]: https://example.org/@mapkey more @j\n\n[map]\n"),
    ("reference-definition-junk-after-title", "[map]: https://x/@k \"t\" junk @j\n"),
    ("reference-definition-bracket-after", "[map]: https://x/@k [n]\n"),
    ("reference-definition-cite-label", "[see @a]: https://x/@k\n"),
    ("reference-definition-after-paragraph", "para @a\n[map]: https://example.org/@mapkey\n"),
    ("reference-definition-consecutive", "[a]: https://x/@k\n[b]: https://y/@l 'T @t'\n\n[a] [b] @c\n"),
    ("reference-definition-unicode-label", "[Ünï 中文 🎉]: https://x/@k\n\n[Ünï 中文 🎉] @a\n"),
    ("reference-definition-label-two-lines", "[ma\np]: https://x/@k\n\n[ma p] @a\n"),
    ("reference-definition-then-heading", "[map]: https://x/@k\n# H @h\n"),
    ("reference-definition-setext", "[map]: https://x/@k\n===\n"),
    ("reference-definition-wiki-and-tag-in-title", "[map]: https://x \"title [[Wiki]] #tag @k\"\n"),
    ("reference-definition-as-term", "[m]: http://x/@k\n:   defn @d\n"),
    ("reference-definition-empty", "[map]:\n\n[map] @e\n"),
    ("reference-definition-crlf", "[map]: https://x/@k\r\n  \"t @t\"\r\n\r\nafter @c\r\n"),
    ("reference-definition-open-title", "[map]: https://x/@k \"title\n\n@after\"\n"),
    ("reference-definition-spaced-quote", "[m]: http://x/@k \" spaced @s\"\n"),
    ("reference-definition-nested-quotes", "[m]: http://x/@k \"a \"b\" c @s\"\n"),
    ("reference-definition-attributes", "[m]: http://x/@k \"t\" {.c}\n\n[m] @a\n"),
    # A wiki link inside a citation is the citation's suffix or prefix text to Pandoc.
    ("wiki-link-as-in-text-suffix", "As @smith2000 [[Missing idea]] says.\n"),
    ("wiki-link-in-bracketed-suffix", "x [@a, p. 4 [[Note|đây]]] y\n"),
    ("wiki-link-in-prefix", "x [see [[Note]] @a] y\n"),
]


def stringify(inlines):
    out = []
    for x in inlines:
        t = x["t"]
        c = x.get("c")
        if t == "Str":
            out.append(c)
        elif t in ("Space", "SoftBreak", "LineBreak"):
            out.append(" ")
        elif t in ("Emph", "Strong", "Strikeout", "Superscript", "Subscript", "SmallCaps", "Underline"):
            out.append(stringify(c))
        elif t == "Quoted":
            q = '"' if c[0]["t"] == "DoubleQuote" else "'"
            out.append(q + stringify(c[1]) + q)
        elif t in ("Code", "Math", "RawInline"):
            out.append(c[1])
        elif t in ("Link", "Image", "Span", "Cite"):
            out.append(stringify(c[1]))
        elif t == "Note":
            pass
        else:
            out.append("")
    return "".join(out)


def walk(node, found):
    if isinstance(node, dict):
        if node.get("t") == "Cite":
            for item in node["c"][0]:
                found.append({
                    "key": item["citationId"],
                    "mode": item["citationMode"]["t"],
                    "prefix": stringify(item["citationPrefix"]),
                    "suffix": stringify(item["citationSuffix"]),
                })
        for value in node.values():
            walk(value, found)
    elif isinstance(node, list):
        for value in node:
            walk(value, found)


def pandoc_citations(markdown):
    result = subprocess.run(["pandoc", "-f", "markdown", "-t", "json"], input=markdown.encode("utf-8"),
                            capture_output=True, check=True)
    found = []
    walk(json.loads(result.stdout)["blocks"], found)
    return found


def all_cases():
    cases = []
    for context, make in CONTEXTS:
        for form, fragment in FORMS:
            cases.append((f"{context}/{form}", make(fragment)))
    cases.extend(CASES)
    return cases


def main():
    version = subprocess.run(["pandoc", "--version"], capture_output=True, text=True, check=True).stdout.split("\n")[0]
    expected = {"pandoc": version, "cases": []}
    for name, markdown in all_cases():
        expected["cases"].append({"name": name, "markdown": markdown, "citations": pandoc_citations(markdown)})
    path = os.path.join(HERE, "expected.json")
    text = json.dumps(expected, ensure_ascii=False, indent=1) + "\n"
    if "--check" in sys.argv:
        with open(path, encoding="utf-8") as f:
            same = f.read() == text
        print("expected.json is up to date" if same else "expected.json differs from pandoc's output")
        sys.exit(0 if same else 1)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"{len(expected['cases'])} cases written to {path} ({version})")


if __name__ == "__main__":
    main()
