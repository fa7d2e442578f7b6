#!/usr/bin/env python3
"""Makes the SQLite fixtures of the reader's tests: python3 Tests/Fixtures/sqlite/make.py

Deterministic content (the files differ only where SQLite writes salts). Each file is small: they also seed the
`sqlite` fuzz target.

- basic.sqlite: 1024-byte pages, a table whose CREATE TABLE has quoted names, comments, newlines and constraints,
  an INTEGER PRIMARY KEY, values of every serial type, long texts and blobs on overflow pages, enough rows for
  interior pages, two columns added by ALTER TABLE (one with a default), a WITHOUT ROWID table, a view, an index,
  a dropped table (freelist pages), a table whose key is declared by a table constraint, a virtual table (FTS5).
- utf16le.sqlite, utf16be.sqlite: the same small table in UTF-16 databases.
- reserved.sqlite (needs the sqlite3 command line): 512-byte pages with 32 reserved bytes at the end of each, a long text on overflow pages.
- wal.sqlite + wal.sqlite-wal: 4 rows in the file, then in the log: row 2 changed, rows 5-6 added (one
  transaction), rows 7-56 added (a second transaction of several frames).
- wal-torn.sqlite(-wal): the same with the log cut inside the second transaction (before its commit frame).
- wal-badsum.sqlite(-wal): the same with a byte of the second transaction's first frame changed.
"""
import os
import shutil
import sqlite3
import struct
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
INTEGERS = [0, 1, -1, 127, -128, 128, 32767, -32768, 8388607, -8388608, 2147483647, -2147483648,
            140737488355327, -140737488355328, 9223372036854775807, -9223372036854775808]


def fresh(name):
    path = os.path.join(HERE, name)
    for suffix in ("", "-wal", "-shm", "-journal"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    return path


def basic():
    db = sqlite3.connect(fresh("basic.sqlite"))
    db.execute("PRAGMA page_size=1024")
    db.executescript("""
        CREATE TABLE "odd ""names"" table" (
          id INTEGER PRIMARY KEY, -- the rowid
          [square name] TEXT NOT NULL DEFAULT 'x',
          `back tick` BLOB,
          plain VARCHAR(20) COLLATE NOCASE CHECK (length(plain) < 100), /* a comment, with (parens) */
          'quoted string' REAL,
          ref INT REFERENCES other(id) ON DELETE CASCADE,
          CONSTRAINT unique_pair UNIQUE ("square name", plain),
          FOREIGN KEY (ref) REFERENCES other(id)
        );
        CREATE TABLE other (id INTEGER PRIMARY KEY);
        CREATE TABLE keyed (name TEXT, num INTEGER, PRIMARY KEY (num));
        CREATE TABLE pairs (a INTEGER PRIMARY KEY DESC, b);
        CREATE TABLE norowid (k TEXT PRIMARY KEY, v) WITHOUT ROWID;
        CREATE TABLE dropped (x);
        CREATE INDEX by_plain ON "odd ""names"" table" (plain);
        CREATE VIEW everything AS SELECT * FROM "odd ""names"" table";
    """)
    table = '"odd ""names"" table"'
    db.execute("INSERT INTO dropped VALUES (?)", ("z" * 5000,))
    rows = []
    for n, value in enumerate(INTEGERS):
        rows.append((n + 1, "int %d" % n, None, "i%d" % n, None, value))
    rows.append((100, "real", None, "r0", 3.5, None))
    rows.append((101, "real", None, "r1", -0.0, None))
    rows.append((102, "real", None, "r2", 1e300, None))
    rows.append((103, "real", None, "r3", float("inf"), None))
    rows.append((104, "text", None, "Việt ký ức 第3页 😀 é", None, None))
    rows.append((105, "blob", bytes(range(256)), "b", None, None))
    rows.append((106, "long", None, "l", None, None))
    rows.append((107, "", b"", "", None, None))
    for n in range(400):
        rows.append((1000 + n * 3, "row %d" % n, None, "p%d" % (n % 7), n / 4, n))
    db.executemany("INSERT INTO %s VALUES (?, ?, ?, ?, ?, ?)" % table, rows)
    long_text = "".join("Zotero abstract %d — ünïcödé 文字 " % n for n in range(400))
    db.execute("UPDATE %s SET \"square name\" = ? WHERE id = 106" % table, (long_text,))
    db.execute("UPDATE %s SET \"back tick\" = ? WHERE id = 106" % table, (bytes(n % 251 for n in range(3000)),))
    db.execute("INSERT INTO keyed VALUES ('seven', 7), ('three', 3)")
    db.execute("INSERT INTO pairs VALUES (5, 'five'), (2, 'two')")
    db.execute("INSERT INTO norowid VALUES ('k', 'v')")
    db.execute("INSERT INTO other VALUES (1)")
    db.commit()
    db.execute("ALTER TABLE %s ADD COLUMN added TEXT" % table)
    db.execute("ALTER TABLE %s ADD COLUMN \"added with default\" INT NOT NULL DEFAULT -42" % table)
    db.execute("INSERT INTO %s (id, \"square name\", added, \"added with default\") VALUES (5000, 'new', 'a', 7)"
               % table)
    db.execute("DROP TABLE dropped")
    db.execute("CREATE VIRTUAL TABLE search USING fts5(body, tokenize = 'unicode61')")
    db.execute("INSERT INTO search VALUES ('a searchable text')")
    db.execute("PRAGMA user_version = 28")
    db.commit()
    db.close()


def utf16(name, encoding):
    db = sqlite3.connect(fresh(name))
    db.execute("PRAGMA encoding = '%s'" % encoding)
    db.execute("CREATE TABLE words (id INTEGER PRIMARY KEY, word TEXT, note)")
    db.executemany("INSERT INTO words VALUES (?, ?, ?)",
                   [(1, "café", None), (2, "Tiếng Việt", 2), (3, "第3页", 1.5), (4, "😀 emoji", b"\x00\xff"),
                    (5, "long " + "ü" * 3000, "")])
    db.commit()
    db.close()


def reserved():
    # Python cannot set the reserve (SQLITE_FCNTL_RESERVE_BYTES): the sqlite3 command line does, then VACUUM.
    path = fresh("reserved.sqlite")
    db = sqlite3.connect(path)
    db.execute("PRAGMA page_size=512")
    db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)")
    db.executemany("INSERT INTO t VALUES (?, ?)", [(1, "short"), (2, "reserved " * 300), (3, "end")])
    db.commit()
    db.close()
    subprocess.run(["sqlite3", path, ".filectrl reserve_bytes 32", "VACUUM"], check=True, capture_output=True)
    assert open(path, "rb").read(21)[20] == 32


def wal():
    path = fresh("wal.sqlite")
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA page_size=1024")
    db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)")
    db.executemany("INSERT INTO t VALUES (?, ?)", [(n, "file %d" % n) for n in range(1, 5)])
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA wal_autocheckpoint=0")
    db.execute("BEGIN")
    db.execute("UPDATE t SET body = 'log' WHERE id = 2")
    db.executemany("INSERT INTO t VALUES (?, ?)", [(n, "log %d" % n) for n in range(5, 7)])
    db.execute("COMMIT")
    with open(path + "-wal", "rb") as f:
        first = len(f.read())
    db.execute("BEGIN")
    db.executemany("INSERT INTO t VALUES (?, ?)", [(n, "second %d " % n + "x" * 200) for n in range(7, 57)])
    db.execute("COMMIT")
    for name in ("wal-torn.sqlite", "wal-badsum.sqlite"):
        fresh(name)
        shutil.copy(path, os.path.join(HERE, name))
    shutil.copy(path + "-wal", os.path.join(HERE, "wal-torn.sqlite-wal"))
    shutil.copy(path + "-wal", os.path.join(HERE, "wal-badsum.sqlite-wal"))
    shutil.copy(path + "-wal", path + "-wal.copy")
    shutil.copy(path, path + ".copy")
    db.close()  # checkpoints and deletes the log: the copies taken before are the fixtures
    shutil.move(path + "-wal.copy", path + "-wal")
    shutil.move(path + ".copy", path)
    page_size = struct.unpack(">I", open(path + "-wal", "rb").read()[8:12])[0]
    frame = 24 + page_size
    data = open(path + "-wal", "rb").read()
    frames = (len(data) - 32) // frame
    assert frames - (first - 32) // frame >= 3, "the second transaction needs several frames"
    # Torn: the second transaction's frames but its last (the commit frame).
    with open(os.path.join(HERE, "wal-torn.sqlite-wal"), "wb") as f:
        f.write(data[: 32 + (frames - 1) * frame])
    # Bad checksum: a byte of the page data of the second transaction's first frame.
    bad = bytearray(data)
    bad[first + 24 + 100] ^= 0xFF
    with open(os.path.join(HERE, "wal-badsum.sqlite-wal"), "wb") as f:
        f.write(bytes(bad))


if __name__ == "__main__":
    basic()
    utf16("utf16le.sqlite", "UTF-16le")
    utf16("utf16be.sqlite", "UTF-16be")
    reserved()
    wal()
