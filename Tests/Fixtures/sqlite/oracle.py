#!/usr/bin/env python3
"""Generates random SQLite databases and what python's sqlite3 reads of them, for the reader's oracle test:
python3 Tests/Fixtures/sqlite/oracle.py OUTPUT_FOLDER [SEED]

It also writes zotero.sqlite and zotero.sqlite-wal, a small library from Tests/Bench/make_zotero.py whose last
items are in the log. For each database NAME.sqlite it writes NAME.json: {"tables": {table: {"columns": [...], "rows": [[rowid,
[value, ...]], ...]}}}, rows in rowid order, each value null, {"i": "123"}, {"r": float.hex()}, {"t": text} or
{"b": hex}. Exits with status 3 when python3 has no sqlite3 module.
"""
import json
import os
import random
import shutil
import subprocess
import sys

try:
    import sqlite3
except ImportError:
    sys.exit(3)

ALPHABET = "abcdefghijklmnopqrstuvwxyz ABCXYZ 0123456789 éèüñçøß ệ ứ ờ 第三页文字 😀🎉 \t\n'\"\\"


def random_text(rng, longest):
    length = rng.choice([0, 1, 5, 20, 80, rng.randrange(0, longest + 1)])
    return "".join(rng.choice(ALPHABET) for _ in range(length))


def random_value(rng, longest):
    kind = rng.randrange(8)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice([0, 1, -1, 255, -256, 2 ** 23, -(2 ** 31), 2 ** 47, 2 ** 63 - 1, -(2 ** 63)])
    if kind == 2:
        return rng.randrange(-(2 ** 63), 2 ** 63)
    if kind == 3:
        return rng.choice([0.0, -0.0, 1.5, -2.25, 1e-300, 1e300, float("inf"), float("-inf"), rng.random()])
    if kind == 4:
        return bytes(rng.randrange(256) for _ in range(rng.choice([0, 3, 100, rng.randrange(0, longest + 1)])))
    return random_text(rng, longest)


def make(path, rng, page_size, encoding, tables, rows, longest, deletes=False, alter=False):
    if os.path.exists(path):
        os.remove(path)
    db = sqlite3.connect(path)
    db.execute("PRAGMA page_size=%d" % page_size)
    db.execute("PRAGMA encoding='%s'" % encoding)
    for t in range(tables):
        count = rng.randrange(2, 11)
        columns = ["id INTEGER PRIMARY KEY"] if rng.random() < 0.6 else []
        columns += ['"c%d %s"' % (c, rng.choice(["", "é", "名"])) + rng.choice(["", " TEXT", " INT", " BLOB", " REAL"])
                    for c in range(count)]
        db.execute('CREATE TABLE "t%d" (%s)' % (t, ",\n  ".join(columns)))
        placeholders = ", ".join("?" for _ in columns)
        used = set()
        values = []
        for _ in range(rows):
            row = [random_value(rng, longest) for _ in columns]
            if columns[0].startswith("id "):
                row[0] = rng.randrange(-(2 ** 40), 2 ** 40)
                if row[0] in used:
                    continue
                used.add(row[0])
            values.append(row)
        db.executemany('INSERT INTO "t%d" VALUES (%s)' % (t, placeholders), values)
        if deletes:
            db.execute('DELETE FROM "t%d" WHERE rowid %% 3 = 0' % t)
        if alter:
            db.execute('ALTER TABLE "t%d" ADD COLUMN "later" TEXT DEFAULT \'was not there\'' % t)
            db.execute('ALTER TABLE "t%d" ADD COLUMN "later number" DEFAULT 2.5' % t)
            db.execute('INSERT INTO "t%d" ("later") VALUES (\'new\')' % t)
    db.commit()
    db.close()
    dump_tables(path, path[: -len(".sqlite")] + ".json")


def dump_tables(path, json_path):
    """Writes what SQLite reads of every table of the database at `path` (and its log) to `json_path`."""
    db = sqlite3.connect(path)
    dump = {"tables": {}}
    names = [r[0] for r in db.execute("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY rowid")]
    for name in names:
        columns = [r[1] for r in db.execute('PRAGMA table_info("%s")' % name)]
        rows_out = []
        for row in db.execute('SELECT rowid, * FROM "%s" ORDER BY rowid' % name):
            rows_out.append([str(row[0]), [encode(v) for v in row[1:]]])
        dump["tables"][name] = {"columns": columns, "rows": rows_out}
    db.close()
    with open(json_path, "w") as f:
        json.dump(dump, f)


def zotero(out, seed):
    """A small Zotero library from Tests/Bench/make_zotero.py whose last items are still in its write-ahead log;
    SQLite reads a copy (it checkpoints the log when it closes)."""
    folder = os.path.join(out, "zotero-folder")
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Bench", "make_zotero.py")
    subprocess.run([sys.executable, script, "--items", "300", "--annotations", "120", "--seed", str(seed), "--wal",
                    "--out", folder], check=True, capture_output=True)
    for suffix in ("", "-wal"):
        shutil.copy(os.path.join(folder, "zotero.sqlite" + suffix), os.path.join(out, "zotero.sqlite" + suffix))
    scratch = os.path.join(folder, "copy.sqlite")
    shutil.copy(os.path.join(folder, "zotero.sqlite"), scratch)
    shutil.copy(os.path.join(folder, "zotero.sqlite-wal"), scratch + "-wal")
    dump_tables(scratch, os.path.join(out, "zotero.json"))
    shutil.rmtree(folder)


def encode(value):
    if value is None:
        return None
    if isinstance(value, int):
        return {"i": str(value)}
    if isinstance(value, float):
        return {"r": value.hex()}
    if isinstance(value, str):
        return {"t": value}
    return {"b": value.hex()}


def main():
    out = sys.argv[1]
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 28
    os.makedirs(out, exist_ok=True)
    rng = random.Random(seed)
    make(os.path.join(out, "mixed.sqlite"), rng, 4096, "UTF-8", 3, 200, 6000, deletes=True, alter=True)
    make(os.path.join(out, "many.sqlite"), rng, 1024, "UTF-8", 1, 5000, 300)
    make(os.path.join(out, "small-pages.sqlite"), rng, 512, "UTF-8", 2, 1500, 700, alter=True)
    make(os.path.join(out, "big-pages.sqlite"), rng, 65536, "UTF-8", 1, 40, 150000)
    make(os.path.join(out, "utf16le.sqlite"), rng, 2048, "UTF-16le", 2, 300, 3000, deletes=True)
    make(os.path.join(out, "utf16be.sqlite"), rng, 8192, "UTF-16be", 1, 300, 3000)
    zotero(out, seed)


if __name__ == "__main__":
    main()
