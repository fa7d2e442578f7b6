#!/usr/bin/env python3
"""A Zotero library outside a notes folder, for the editor tests: zotero_library.py HOME NOTES

Writes HOME/Zotero/library.bib (a Better BibTeX export whose `file` fields name PDFs in HOME/Zotero/storage, by
absolute path) and the PDFs (typeset text, the shape of Tests/TestSupport/MinimalPDF.swift), and a notes folder
NOTES whose .gloss.json names the library as `~/Zotero/library.bib`, with three notes citing it (notes/frozen.md is
read-only). Python 3 standard library only.
"""

import os
import sys


def pdf(pages):
    """A PDF of `pages` (lists of Latin-1 lines) in Times-Roman."""
    objects = []

    def add(body):
        objects.append(body)
        return len(objects)

    font = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /Encoding /WinAnsiEncoding >>")
    pages_id = add(b"")
    kids = []
    for lines in pages:
        content = b"BT /F1 12 Tf 72 720 Td 14 TL "
        for line in lines:
            escaped = line.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
            content += b"(" + escaped.encode("latin-1") + b") Tj T* "
        content += b"ET"
        stream = add(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
        kids.append(add(b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 %d 0 R "
                        b">> >> /Contents %d 0 R >>" % (pages_id, font, stream)))
    objects[pages_id - 1] = (b"<< /Type /Pages /Kids [" + b" ".join(b"%d 0 R" % kid for kid in kids)
                             + b"] /Count %d >>" % len(kids))
    catalog = add(b"<< /Type /Catalog /Pages %d 0 R >>" % pages_id)
    out = b"%PDF-1.4\n"
    offsets = []
    for index, body in enumerate(objects):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % (index + 1) + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for offset in offsets:
        out += b"%010d 00000 n \n" % offset
    out += b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, catalog, xref)
    return out


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as handle:
        handle.write(data if isinstance(data, bytes) else data.encode("utf-8"))


def main(home, notes):
    smith = f"{home}/Zotero/storage/ABCD1234/Smith - 2020 - River.pdf"
    bartlett = f"{home}/Zotero/storage/EFGH5678/Bartlett - 1932 - Remembering.pdf"
    write(smith, pdf([["The river runs."], ["The flow of the river is an imaginative reconstruction."], ["End."]]))
    write(bartlett, pdf([["Remembering is not the re-excitation of fixed traces."], ["It is a reconstruction."]]))
    write(f"{home}/Zotero/library.bib", f"""@article{{smith2020,
  title = {{River}},
  author = {{Smith, Ann}},
  journaltitle = {{Journal of Rivers}},
  date = {{2020}},
  file = {{Full Text PDF:{smith}:application/pdf}}
}}

@book{{bartlett1932,
  title = {{Remembering}},
  author = {{Bartlett, Frederic C.}},
  date = {{1932}},
  file = {{Full Text PDF:{bartlett}:application/pdf}}
}}
""")
    write(f"{notes}/.gloss.json", '{ "bibliography": ["~/Zotero/library.bib"] }\n')
    write(f"{notes}/notes/river.md",
          '# River\n\nSmith says the flow is "an imaginative reconstruction" [@smith2020, p. 2].\n\n'
          'Bartlett agrees [@bartlett1932, p. 2]. #memory\n')
    write(f"{notes}/notes/memory.md", "# Memory\n\nSee [[river]] and [@smith2020]. #memory\n")
    write(f"{notes}/notes/frozen.md", "# Frozen\n\nAn archived note citing [@bartlett1932].\n")
    os.chmod(f"{notes}/notes/frozen.md", 0o444)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
