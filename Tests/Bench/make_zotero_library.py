#!/usr/bin/env python3
"""Generates a large Zotero data folder for `gloss-bench zotero`: N items (default 20,000) with authors, dates,
journals, DOIs, tags and a stored PDF attachment each, and M highlight annotations (default 5,000) spread over them,
through Tests/Fixtures/zotero/make_library.py (Zotero's own tables).

    python3 Tests/Bench/make_zotero_library.py FOLDER [ITEMS] [ANNOTATIONS]
"""
import json
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip(), file=sys.stdout if len(sys.argv) >= 2 else sys.stderr)
        sys.exit(0 if len(sys.argv) >= 2 else 2)
    folder = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 20000
    notes = int(sys.argv[3]) if len(sys.argv) > 3 else 5000
    rng = random.Random(28)
    words = "river memory flow archive reading margin source quotation page library note trace".split()
    items = []
    for index in range(count):
        title = " ".join(rng.choice(words) for _ in range(6)).capitalize()
        item = {
            "key": "I%07d" % index, "type": rng.choice(["journalArticle", "book", "bookSection", "report"]),
            "fields": {"title": title, "citationKey": "key%05d" % index, "date": "%d-00-00 %d" % ((1950 + index % 70,) * 2),
                       "publicationTitle": "Journal of " + rng.choice(words).capitalize(), "volume": str(index % 40),
                       "pages": "%d-%d" % (index % 300, index % 300 + 20), "DOI": "10.1000/b.%d" % index},
            "creators": [["author", rng.choice(["Ann", "Bảo", "Lin", "José"]), "Author%d" % (index % 997)],
                         ["author", "Second", "Writer%d" % (index % 313)]],
            "attachments": [{"key": "P%07d" % index, "path": "storage:paper %d.pdf" % index, "annotations": []}],
        }
        items.append(item)
    for index in range(notes):
        item = items[rng.randrange(count)]
        page = rng.randrange(20)
        item["attachments"][0]["annotations"].append({
            "key": "A%07d" % index, "type": rng.choice([1, 1, 1, 5]), "text": " ".join(rng.choice(words) for _ in range(12)),
            "comment": rng.choice(["", "key claim", "compare with chapter 2"]), "pageLabel": str(page + 1),
            "pageIndex": page, "sortIndex": "%05d|%06d|%05d" % (page, index, 0)})
    spec = {"items": items}
    subprocess.run([sys.executable, os.path.join(HERE, "..", "Fixtures", "zotero", "make_library.py"), folder],
                   input=json.dumps(spec).encode(), check=True)


if __name__ == "__main__":
    main()
