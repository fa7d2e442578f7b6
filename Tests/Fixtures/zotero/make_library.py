#!/usr/bin/env python3
"""Builds a Zotero data folder (zotero.sqlite, storage/, better-bibtex.sqlite) from a JSON description.

The tables are those of schema.sql, copied from Zotero's resource/schema/userdata.sql; the rows are shaped as
Zotero writes them (dates as 'YYYY-MM-DD original', stored files as 'storage:<name>', annotation positions as JSON
with a pageIndex). Used by the Zotero tests: python3 make_library.py FOLDER < description.json

Description keys: schemaVersion (int), wal (bool: leave the last changes in zotero.sqlite-wal), groups (list of
names, each a group library), items (list), betterBibTeX (item key -> citation key).
An item: key, type, library (1 = the user's), fields (name -> value), creators ([type, first, last] or
[type, '', name, 1] for one field), deleted, attachments (list).
An attachment: key, linkMode (0 stored, 2 linked), path (Zotero's path column), contentType, file (a file copied to
storage/<key>/<name> for stored files), deleted, annotations (list of key, type, text, comment, color, pageLabel,
pageIndex, sortIndex).
"""
import json
import os
import shutil
import sqlite3
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def build(folder, spec):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "zotero.sqlite")
    for name in (path, path + "-wal", path + "-shm"):
        if os.path.exists(name):
            os.remove(name)
    db = sqlite3.connect(path, isolation_level=None)
    wal = spec.get("wal", False)
    if wal:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA wal_autocheckpoint=0")
    with open(os.path.join(HERE, "schema.sql")) as f:
        db.executescript(f.read())
    db.execute("BEGIN")
    db.execute("INSERT INTO version VALUES ('userdata', ?)", (spec.get("schemaVersion", 120),))
    db.execute("INSERT INTO libraries (libraryID, type, editable, filesEditable) VALUES (1, 'user', 1, 1)")
    for index, name in enumerate(spec.get("groups", [])):
        library = index + 2
        db.execute("INSERT INTO libraries (libraryID, type, editable, filesEditable) VALUES (?, 'group', 1, 1)",
                   (library,))
        db.execute("INSERT INTO groups VALUES (?, ?, ?, '', 0)", (1000 + index, library, name))
    ids = {}

    def lookup(table, id_column, name_column, name):
        cache = ids.setdefault(table, {})
        if name not in cache:
            cur = db.execute(f"INSERT INTO {table} ({name_column}) VALUES (?)", (name,))
            cache[name] = cur.lastrowid
        return cache[name]

    def value_id(value):
        row = db.execute("SELECT valueID FROM itemDataValues WHERE value = ?", (value,)).fetchone()
        if row:
            return row[0]
        return db.execute("INSERT INTO itemDataValues (value) VALUES (?)", (value,)).lastrowid

    def add_item(key, type_name, library):
        type_id = lookup("itemTypes", "itemTypeID", "typeName", type_name)
        return db.execute("INSERT INTO items (itemTypeID, libraryID, key) VALUES (?, ?, ?)",
                          (type_id, library, key)).lastrowid

    for item in spec.get("items", []):
        library = item.get("library", 1)
        item_id = add_item(item["key"], item.get("type", "journalArticle"), library)
        for name, value in item.get("fields", {}).items():
            field_id = lookup("fields", "fieldID", "fieldName", name)
            db.execute("INSERT INTO itemData VALUES (?, ?, ?)", (item_id, field_id, value_id(value)))
        for order, creator in enumerate(item.get("creators", [])):
            kind, first, last = creator[0], creator[1], creator[2]
            mode = creator[3] if len(creator) > 3 else 0
            type_id = lookup("creatorTypes", "creatorTypeID", "creatorType", kind)
            row = db.execute("SELECT creatorID FROM creators WHERE firstName = ? AND lastName = ? AND fieldMode = ?",
                             (first, last, mode)).fetchone()
            creator_id = row[0] if row else db.execute(
                "INSERT INTO creators (firstName, lastName, fieldMode) VALUES (?, ?, ?)", (first, last, mode)).lastrowid
            db.execute("INSERT INTO itemCreators VALUES (?, ?, ?, ?)", (item_id, creator_id, type_id, order))
        for tag in item.get("tags", []):
            tag_id = lookup("tags", "tagID", "name", tag)
            db.execute("INSERT INTO itemTags VALUES (?, ?, 0)", (item_id, tag_id))
        if item.get("deleted"):
            db.execute("INSERT INTO deletedItems (itemID) VALUES (?)", (item_id,))
        for attachment in item.get("attachments", []):
            attachment_id = add_item(attachment["key"], "attachment", library)
            db.execute(
                "INSERT INTO itemAttachments (itemID, parentItemID, linkMode, contentType, path) VALUES (?, ?, ?, ?, ?)",
                (attachment_id, item_id, attachment.get("linkMode", 0), attachment.get("contentType", "application/pdf"),
                 attachment.get("path")))
            if attachment.get("deleted"):
                db.execute("INSERT INTO deletedItems (itemID) VALUES (?)", (attachment_id,))
            source = attachment.get("file")
            stored = attachment.get("path") or ""
            if source and stored.startswith("storage:"):
                target = os.path.join(folder, "storage", attachment["key"])
                os.makedirs(target, exist_ok=True)
                shutil.copyfile(source, os.path.join(target, stored[len("storage:"):]))
            for note in attachment.get("annotations", []):
                note_id = add_item(note["key"], "annotation", library)
                position = json.dumps({"pageIndex": note.get("pageIndex", 0), "rects": [[100, 600, 300, 612]]})
                db.execute(
                    "INSERT INTO itemAnnotations (itemID, parentItemID, type, authorName, text, comment, color,"
                    " pageLabel, sortIndex, position, isExternal) VALUES (?, ?, ?, '', ?, ?, ?, ?, ?, ?, 0)",
                    (note_id, attachment_id, note.get("type", 1), note.get("text"), note.get("comment", ""),
                     note.get("color", "#ffd400"), note.get("pageLabel", ""),
                     note.get("sortIndex", "%05d|%06d|%05d" % (note.get("pageIndex", 0), 0, 0)), position))
                if note.get("deleted"):
                    db.execute("INSERT INTO deletedItems (itemID) VALUES (?)", (note_id,))
    db.execute("COMMIT")
    keys = spec.get("betterBibTeX")
    if keys:
        bbt_path = os.path.join(folder, "better-bibtex.sqlite")
        if os.path.exists(bbt_path):
            os.remove(bbt_path)
        bbt = sqlite3.connect(bbt_path)
        bbt.execute("CREATE TABLE citationkey (itemID INTEGER NOT NULL, itemKey TEXT NOT NULL, libraryID INTEGER NOT"
                    " NULL, citationKey TEXT NOT NULL, pinned INTEGER NOT NULL)")
        for item_key, citation_key in keys.items():
            item_id, library = db.execute("SELECT itemID, libraryID FROM items WHERE key = ?", (item_key,)).fetchone()
            bbt.execute("INSERT INTO citationkey VALUES (?, ?, ?, ?, 0)", (item_id, item_key, library, citation_key))
        bbt.commit()
        bbt.close()
    if wal:
        # The changes stay in the -wal file, as while Zotero runs: leave without the checkpoint closing would do.
        sys.stdout.flush()
        os._exit(0)
    db.close()


if __name__ == "__main__":
    build(sys.argv[1], json.load(sys.stdin))
