#!/usr/bin/env python3
"""Makes a Zotero data folder for Gloss's benchmarks and tests, the same content for the same seed and sizes.

    python3 Tests/Bench/make_zotero.py --out /tmp/gloss-zotero/standard                  # 20,000 items, 5,000 annotations
    python3 Tests/Bench/make_zotero.py --items 500 --annotations 200 --seed 3 --out DIR
    python3 Tests/Bench/make_zotero.py --wal --out DIR     # the last tenth still in zotero.sqlite-wal, as while Zotero runs

The folder holds zotero.sqlite and storage/<KEY>/ (the files of imported attachments: small PDFs with a page of
text, HTML snapshots, EPUB placeholders; a few are missing on purpose). The database has the tables of Zotero's
schema (resource/schema/userdata.sql, Zotero 7) that describe a library, with the same columns, types and
constraints: version, settings, libraries, itemTypes, fields, creatorTypes, items, itemDataValues, itemData,
itemNotes, itemAttachments, itemAnnotations, tags, itemTags, creators, itemCreators, collections, collectionItems,
deletedItems, relationPredicates, itemRelations. As in a library Zotero upgraded over the years, itemAttachments
and itemAnnotations got their last columns by ALTER TABLE after some rows were written (those rows have no value
for them).

Content: regular items (journal articles, books, chapters, conference papers, theses, web pages, reports, preprints)
with titles, dates, DOIs, publications, pages, long abstracts (some over 4 KB: overflow pages), creators with accents,
Vietnamese and CJK names and institutions (single-field names); one attachment for about two items in three (PDF,
HTML snapshot, EPUB, linked files and links); child notes; annotations on PDF attachments (highlights, underlines,
notes, images, ink, text; some texts over 4 KB); collections in a tree; tags; about 1% of items in the trash
(deletedItems). Keys are 8 characters of Zotero's alphabet, unique per library; library 1 is the user's, library 2 a
group. Python 3 standard library only (sqlite3).
"""

import argparse
import os
import random
import shutil
import sqlite3
import tempfile

SCHEMA = """
CREATE TABLE itemTypes (
    itemTypeID INTEGER PRIMARY KEY,
    typeName TEXT,
    templateItemTypeID INT,
    display INT DEFAULT 1 -- 0 == hide, 1 == display, 2 == primary
);
CREATE TABLE fields (
    fieldID INTEGER PRIMARY KEY,
    fieldName TEXT,
    fieldFormatID INT,
    FOREIGN KEY (fieldFormatID) REFERENCES fieldFormats(fieldFormatID)
);
CREATE TABLE creatorTypes (
    creatorTypeID INTEGER PRIMARY KEY,
    creatorType TEXT
);
CREATE TABLE version (
    schema TEXT PRIMARY KEY,
    version INT NOT NULL
);
CREATE INDEX schema ON version(schema);
CREATE TABLE settings (
    setting TEXT,
    key TEXT,
    value,
    PRIMARY KEY (setting, key)
);
CREATE TABLE items (
    itemID INTEGER PRIMARY KEY,
    itemTypeID INT NOT NULL,
    dateAdded TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    dateModified TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    clientDateModified TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    libraryID INT NOT NULL,
    key TEXT NOT NULL,
    version INT NOT NULL DEFAULT 0,
    synced INT NOT NULL DEFAULT 0,
    UNIQUE (libraryID, key),
    FOREIGN KEY (libraryID) REFERENCES libraries(libraryID) ON DELETE CASCADE
);
CREATE INDEX items_synced ON items(synced);
CREATE TABLE itemDataValues (
    valueID INTEGER PRIMARY KEY,
    value UNIQUE
);
CREATE TABLE itemData (
    itemID INT,
    fieldID INT,
    valueID,
    PRIMARY KEY (itemID, fieldID),
    FOREIGN KEY (itemID) REFERENCES items(itemID) ON DELETE CASCADE,
    FOREIGN KEY (fieldID) REFERENCES fieldsCombined(fieldID),
    FOREIGN KEY (valueID) REFERENCES itemDataValues(valueID)
);
CREATE INDEX itemData_fieldID ON itemData(fieldID);
CREATE INDEX itemData_valueID ON itemData(valueID);
CREATE TABLE itemNotes (
    itemID INTEGER PRIMARY KEY,
    parentItemID INT,
    note TEXT,
    title TEXT,
    FOREIGN KEY (itemID) REFERENCES items(itemID) ON DELETE CASCADE,
    FOREIGN KEY (parentItemID) REFERENCES items(itemID) ON DELETE CASCADE
);
CREATE INDEX itemNotes_parentItemID ON itemNotes(parentItemID);
CREATE TABLE itemAttachments (
    itemID INTEGER PRIMARY KEY,
    parentItemID INT,
    linkMode INT,
    contentType TEXT,
    charsetID INT,
    path TEXT,
    syncState INT DEFAULT 0,
    storageModTime INT,
    storageHash TEXT,
    FOREIGN KEY (itemID) REFERENCES items(itemID) ON DELETE CASCADE,
    FOREIGN KEY (parentItemID) REFERENCES items(itemID) ON DELETE CASCADE,
    FOREIGN KEY (charsetID) REFERENCES charsets(charsetID) ON DELETE SET NULL
);
CREATE INDEX itemAttachments_parentItemID ON itemAttachments(parentItemID);
CREATE INDEX itemAttachments_contentType ON itemAttachments(contentType);
CREATE TABLE itemAnnotations (
    itemID INTEGER PRIMARY KEY,
    parentItemID INT NOT NULL,
    type INTEGER NOT NULL,
    authorName TEXT,
    text TEXT,
    comment TEXT,
    color TEXT,
    pageLabel TEXT,
    sortIndex TEXT NOT NULL,
    position TEXT NOT NULL,
    FOREIGN KEY (itemID) REFERENCES items(itemID) ON DELETE CASCADE,
    FOREIGN KEY (parentItemID) REFERENCES itemAttachments(itemID)
);
CREATE INDEX itemAnnotations_parentItemID ON itemAnnotations(parentItemID);
CREATE TABLE tags (
    tagID INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);
CREATE TABLE relationPredicates (
    predicateID INTEGER PRIMARY KEY,
    predicate TEXT UNIQUE
);
CREATE TABLE itemRelations (
    itemID INT NOT NULL,
    predicateID INT NOT NULL,
    object TEXT NOT NULL,
    PRIMARY KEY (itemID, predicateID, object),
    FOREIGN KEY (itemID) REFERENCES items(itemID) ON DELETE CASCADE,
    FOREIGN KEY (predicateID) REFERENCES relationPredicates(predicateID) ON DELETE CASCADE
);
CREATE TABLE itemTags (
    itemID INT NOT NULL,
    tagID INT NOT NULL,
    type INT NOT NULL,
    PRIMARY KEY (itemID, tagID),
    FOREIGN KEY (itemID) REFERENCES items(itemID) ON DELETE CASCADE,
    FOREIGN KEY (tagID) REFERENCES tags(tagID) ON DELETE CASCADE
);
CREATE INDEX itemTags_tagID ON itemTags(tagID);
CREATE TABLE creators (
    creatorID INTEGER PRIMARY KEY,
    firstName TEXT,
    lastName TEXT,
    fieldMode INT,
    UNIQUE (lastName, firstName, fieldMode)
);
CREATE TABLE itemCreators (
    itemID INT NOT NULL,
    creatorID INT NOT NULL,
    creatorTypeID INT NOT NULL DEFAULT 1,
    orderIndex INT NOT NULL DEFAULT 0,
    PRIMARY KEY (itemID, creatorID, creatorTypeID, orderIndex),
    UNIQUE (itemID, orderIndex),
    FOREIGN KEY (itemID) REFERENCES items(itemID) ON DELETE CASCADE,
    FOREIGN KEY (creatorID) REFERENCES creators(creatorID) ON DELETE CASCADE,
    FOREIGN KEY (creatorTypeID) REFERENCES creatorTypes(creatorTypeID)
);
CREATE INDEX itemCreators_creatorTypeID ON itemCreators(creatorTypeID);
CREATE TABLE collections (
    collectionID INTEGER PRIMARY KEY,
    collectionName TEXT NOT NULL,
    parentCollectionID INT DEFAULT NULL,
    clientDateModified TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    libraryID INT NOT NULL,
    key TEXT NOT NULL,
    version INT NOT NULL DEFAULT 0,
    synced INT NOT NULL DEFAULT 0,
    UNIQUE (libraryID, key),
    FOREIGN KEY (libraryID) REFERENCES libraries(libraryID) ON DELETE CASCADE,
    FOREIGN KEY (parentCollectionID) REFERENCES collections(collectionID) ON DELETE CASCADE
);
CREATE TABLE collectionItems (
    collectionID INT NOT NULL,
    itemID INT NOT NULL,
    orderIndex INT NOT NULL DEFAULT 0,
    PRIMARY KEY (collectionID, itemID),
    FOREIGN KEY (collectionID) REFERENCES collections(collectionID) ON DELETE CASCADE,
    FOREIGN KEY (itemID) REFERENCES items(itemID) ON DELETE CASCADE
);
CREATE INDEX collectionItems_itemID ON collectionItems(itemID);
CREATE TABLE deletedItems (
    itemID INTEGER PRIMARY KEY,
    dateDeleted DEFAULT CURRENT_TIMESTAMP NOT NULL,
    FOREIGN KEY (itemID) REFERENCES items(itemID) ON DELETE CASCADE
);
CREATE INDEX deletedItems_dateDeleted ON deletedItems(dateDeleted);
CREATE TABLE libraries (
    libraryID INTEGER PRIMARY KEY,
    type TEXT NOT NULL,
    editable INT NOT NULL,
    filesEditable INT NOT NULL,
    version INT NOT NULL DEFAULT 0,
    storageVersion INT NOT NULL DEFAULT 0,
    lastSync INT NOT NULL DEFAULT 0,
    archived INT NOT NULL DEFAULT 0
);
CREATE TABLE groups (
    groupID INTEGER PRIMARY KEY,
    libraryID INT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    version INT NOT NULL,
    FOREIGN KEY (libraryID) REFERENCES libraries(libraryID) ON DELETE CASCADE
);
"""

# Columns Zotero added to existing tables in later schema versions (ALTER TABLE … ADD COLUMN).
LATER_COLUMNS = [
    "ALTER TABLE itemAttachments ADD COLUMN lastProcessedModificationTime INT",
    "ALTER TABLE itemAttachments ADD COLUMN lastRead INT",
    "ALTER TABLE itemAnnotations ADD COLUMN isExternal INT NOT NULL DEFAULT 0",
]

ITEM_TYPES = ["annotation", "artwork", "attachment", "audioRecording", "bill", "blogPost", "book", "bookSection",
              "case", "computerProgram", "conferencePaper", "dataset", "dictionaryEntry", "document", "email",
              "encyclopediaArticle", "film", "forumPost", "hearing", "instantMessage", "interview", "journalArticle",
              "letter", "magazineArticle", "manuscript", "map", "newspaperArticle", "note", "patent", "podcast",
              "preprint", "presentation", "radioBroadcast", "report", "standard", "statute", "thesis",
              "tvBroadcast", "videoRecording", "webpage"]
FIELDS = ["title", "abstractNote", "artworkMedium", "medium", "artworkSize", "date", "language", "shortTitle",
          "archive", "archiveLocation", "libraryCatalog", "callNumber", "rights", "extra", "accessDate", "url",
          "publicationTitle", "volume", "issue", "pages", "series", "seriesTitle", "seriesText", "journalAbbreviation",
          "DOI", "ISSN", "publisher", "place", "edition", "numPages", "ISBN", "bookTitle", "university",
          "thesisType", "institution", "reportNumber", "websiteTitle", "proceedingsTitle", "conferenceName",
          "repository", "archiveID", "citationKey"]
CREATOR_TYPES = ["artist", "contributor", "performer", "composer", "wordsBy", "sponsor", "cosponsor", "author",
                 "commenter", "editor", "translator", "seriesEditor", "bookAuthor", "counsel", "programmer",
                 "reviewedAuthor", "recipient", "director", "scriptwriter", "producer", "interviewee",
                 "interviewer", "cartographer", "inventor", "attorneyAgent", "podcaster", "guest", "presenter",
                 "castMember"]
KEY_ALPHABET = "23456789ABCDEFGHIJKLMNPQRSTUVWXYZ"
FIRST = ["Anna", "José", "Nguyễn Thị", "Trần Văn", "Björn", "Zoë", "Émile", "Chloé", "Ahmed", "Yuki", "María",
         "Łukasz", "Søren", "Ngọc Ánh", "Dmitri", "Aoife", "Olusegun", "Priya", "Wei", "François"]
LAST = ["Smith", "García Márquez", "Nguyễn", "Lê", "Østergaard", "Müller", "Dupont", "O'Brien", "van der Berg",
        "Kowalski", "Tanaka", "Ivanova", "Okafor", "Sharma", "Chen", "Haddad", "Lindqvist", "Rossi", "Brontë", "Ng"]
CJK = ["山田 太郎", "王 小明", "김 민준", "佐藤 花子", "李 华"]
INSTITUTIONS = ["World Health Organization", "Bộ Giáo dục và Đào tạo", "国立国会図書館", "Académie française",
                "European Commission"]
WORDS = ("memory archive reading annotation method evidence theory field network language history practice model "
         "data structure citation review knowledge digital corpus analysis experiment learning cognition ký ức "
         "tiếng Việt 研究 方法 記憶 éducation société naïve façade").split()
PUBLICATIONS = ["Journal of Documentation", "Digital Humanities Quarterly", "Tạp chí Khoa học", "Nature",
                "Memory Studies", "言語研究", "Revue française de sociologie", "PLOS ONE"]
COLORS = ["#ffd400", "#ff6666", "#5fb236", "#2ea8e5", "#a28ae5", "#e56eee", "#f19837", "#aaaaaa"]
REGULAR = ["journalArticle"] * 8 + ["book"] * 3 + ["bookSection"] * 3 + ["conferencePaper"] * 2 + \
          ["thesis", "webpage", "report", "preprint", "magazineArticle", "newspaperArticle", "dataset"]


def words(rng, count):
    return " ".join(rng.choice(WORDS) for _ in range(count))


def minimal_pdf(text):
    """A one-page PDF showing `text` (ASCII), with a correct cross-reference table."""
    safe = "".join(c if 32 <= ord(c) < 127 and c not in "()\\" else " " for c in text)[:90]
    stream = "BT /F1 12 Tf 72 720 Td (%s) Tj ET" % safe
    objects = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
               "/Resources << /Font << /F1 5 0 R >> >> >>",
               "<< /Length %d >>\nstream\n%s\nendstream" % (len(stream), stream),
               "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    out = "%PDF-1.4\n"
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += "%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += "xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += "".join("%010d 00000 n \n" % offset for offset in offsets)
    out += "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return out.encode("latin-1")


class Library:
    def __init__(self, db, rng, out):
        self.db, self.rng, self.out = db, rng, out
        self.keys = set()
        self.values = {}
        self.next_item = 1
        self.type_id = {name: n for n, name in enumerate(ITEM_TYPES, 1)}
        self.field_id = {name: n for n, name in enumerate(FIELDS, 1)}
        self.creators = {}
        self.pdfs = []
        self.written_files = 0

    def key(self):
        while True:
            key = "".join(self.rng.choice(KEY_ALPHABET) for _ in range(8))
            if key not in self.keys:
                self.keys.add(key)
                return key

    def date(self):
        rng = self.rng
        return "20%02d-%02d-%02d %02d:%02d:%02d" % (rng.randrange(10, 26), rng.randrange(1, 13), rng.randrange(1, 29),
                                                    rng.randrange(24), rng.randrange(60), rng.randrange(60))

    def item(self, type_name, library=1):
        item_id = self.next_item
        self.next_item += 1
        key = self.key()
        added = self.date()
        self.db.execute("INSERT INTO items VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (item_id, self.type_id[type_name], added, added, added, library, key,
                         self.rng.randrange(1, 5000), 1))
        return item_id, key

    def field(self, item_id, name, value):
        value_id = self.values.get(value)
        if value_id is None:
            value_id = len(self.values) + 1
            self.values[value] = value_id
            self.db.execute("INSERT INTO itemDataValues VALUES (?, ?)", (value_id, value))
        self.db.execute("INSERT INTO itemData VALUES (?, ?, ?)", (item_id, self.field_id[name], value_id))

    def creator(self, first, last, mode):
        creator_id = self.creators.get((first, last, mode))
        if creator_id is None:
            creator_id = len(self.creators) + 1
            self.creators[(first, last, mode)] = creator_id
            self.db.execute("INSERT INTO creators VALUES (?, ?, ?, ?)", (creator_id, first, last, mode))
        return creator_id

    def regular(self, library=1):
        rng = self.rng
        type_name = rng.choice(REGULAR)
        item_id, key = self.item(type_name, library)
        title = words(rng, rng.randrange(3, 14)).capitalize()
        self.field(item_id, "title", title)
        self.field(item_id, "date", "%d-%02d-00 %d" % (rng.randrange(1950, 2026), rng.randrange(1, 13),
                                                        rng.randrange(1950, 2026)))
        if rng.random() < 0.7:
            length = rng.choice([40, 120, 250, 250, 900])  # 900 words: over 4 KB, on overflow pages
            self.field(item_id, "abstractNote", words(rng, length))
        if type_name in ("journalArticle", "magazineArticle", "newspaperArticle", "preprint"):
            self.field(item_id, "publicationTitle", rng.choice(PUBLICATIONS))
            self.field(item_id, "volume", str(rng.randrange(1, 80)))
            first_page = rng.randrange(1, 400)
            self.field(item_id, "pages", "%d-%d" % (first_page, first_page + rng.randrange(3, 40)))
        if rng.random() < 0.5:
            self.field(item_id, "DOI", "10.%d/%s" % (rng.randrange(1000, 9999), key.lower()))
        if type_name in ("book", "bookSection", "thesis", "report"):
            self.field(item_id, "publisher", rng.choice(["MIT Press", "Nhà xuất bản Trẻ", "岩波書店", "Gallimard"]))
            self.field(item_id, "place", rng.choice(["Cambridge, MA", "Hà Nội", "東京", "Paris"]))
        if type_name == "webpage":
            self.field(item_id, "url", "https://example.org/%s" % key.lower())
            self.field(item_id, "accessDate", self.date())
        if rng.random() < 0.2:
            self.field(item_id, "citationKey", "%s%d" % (rng.choice(LAST).split()[0].lower(), rng.randrange(1950, 2026)))
        for index in range(rng.choice([1, 1, 2, 3, 5])):
            roll = rng.random()
            if roll < 0.08:
                creator = self.creator("", rng.choice(INSTITUTIONS), 1)
            elif roll < 0.15:
                last, first = rng.choice(CJK).split(" ")
                creator = self.creator(first, last, 0)
            else:
                creator = self.creator(rng.choice(FIRST), rng.choice(LAST), 0)
            creator_type = 8 if index < 3 or rng.random() < 0.5 else 10
            self.db.execute("INSERT INTO itemCreators VALUES (?, ?, ?, ?)", (item_id, creator, creator_type, index))
        return item_id, key

    def attachment(self, parent, library=1):
        rng = self.rng
        item_id, key = self.item("attachment", library)
        kind = rng.random()
        if kind < 0.65:
            link_mode, content_type, name = 0, "application/pdf", "%s.pdf" % words(rng, 3).title()
        elif kind < 0.8:
            link_mode, content_type, name = 1, "text/html", "Snapshot.html"
        elif kind < 0.85:
            link_mode, content_type, name = 0, "application/epub+zip", "Book.epub"
        elif kind < 0.95:
            link_mode, content_type, name = 2, "application/pdf", "/home/user/Papers/%s.pdf" % key
        else:
            link_mode, content_type, name = 3, None, None
        path = "storage:" + name if link_mode in (0, 1) else name
        self.db.execute("INSERT INTO itemAttachments (itemID, parentItemID, linkMode, contentType, charsetID, path, "
                        "syncState, storageModTime, storageHash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (item_id, parent, link_mode, content_type, 1 if content_type == "text/html" else None, path,
                         2, rng.randrange(10 ** 12, 2 * 10 ** 12), "%032x" % rng.getrandbits(128)))
        self.field(item_id, "title", "Full Text PDF" if content_type == "application/pdf" else "Snapshot")
        if link_mode in (0, 1) and rng.random() > 0.02:  # a few files missing, as after a failed sync
            folder = os.path.join(self.out, "storage", key)
            os.makedirs(folder, exist_ok=True)
            with open(os.path.join(folder, name), "wb") as f:
                if content_type == "application/pdf":
                    f.write(minimal_pdf("Attachment %s: %s" % (key, words(rng, 12))))
                elif content_type == "text/html":
                    f.write(("<html><body><h1>%s</h1><p>%s</p></body></html>" % (key, words(rng, 60))).encode())
                else:
                    f.write(b"PK\x03\x04")
            self.written_files += 1
        if content_type == "application/pdf":
            self.pdfs.append(item_id)
        return item_id

    def annotation(self, library=1):
        rng = self.rng
        parent = rng.choice(self.pdfs)
        item_id, _ = self.item("annotation", library)
        kind = rng.choice([1, 1, 1, 1, 5, 5, 2, 3, 4, 6])
        text = None
        if kind in (1, 5):
            text = words(rng, rng.choice([5, 12, 30, 60, 700]))  # 700 words: over 4 KB
        comment = words(rng, rng.randrange(3, 30)) if rng.random() < 0.4 or kind == 2 else None
        page = rng.randrange(0, 300)
        position = '{"pageIndex":%d,"rects":[[%.3f,%.3f,%.3f,%.3f]]}' % (
            page, rng.uniform(40, 300), rng.uniform(40, 700), rng.uniform(300, 560), rng.uniform(40, 720))
        self.db.execute("INSERT INTO itemAnnotations (itemID, parentItemID, type, authorName, text, comment, color, "
                        "pageLabel, sortIndex, position) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (item_id, parent, kind, None, text, comment, rng.choice(COLORS),
                         rng.choice([str(page + 1), str(page + 101), "xi", "A-%d" % page]),
                         "%05d|%06d|%05d" % (page, rng.randrange(0, 999999), rng.randrange(0, 99999)), position))


def build(path, out, items, annotations, seed, wal):
    rng = random.Random(seed)
    db = sqlite3.connect(path, isolation_level=None)
    db.executescript(SCHEMA)
    db.execute("BEGIN")
    db.executemany("INSERT INTO itemTypes VALUES (?, ?, NULL, 1)", list(enumerate(ITEM_TYPES, 1)))
    db.executemany("INSERT INTO fields VALUES (?, ?, NULL)", list(enumerate(FIELDS, 1)))
    db.executemany("INSERT INTO creatorTypes VALUES (?, ?)", list(enumerate(CREATOR_TYPES, 1)))
    db.executemany("INSERT INTO version VALUES (?, ?)",
                   [("userdata", 123), ("system", 35), ("globalSchema", 40), ("triggers", 18),
                    ("translators", 1733000000), ("styles", 1733000000)])
    db.executemany("INSERT INTO settings VALUES (?, ?, ?)",
                   [("account", "localUserKey", "Ab3dEf7h"), ("account", "userID", 1234567),
                    ("account", "username", "researcher"), ("globalSchema", "cacheVersion", 1)])
    db.executemany("INSERT INTO libraries VALUES (?, ?, 1, 1, ?, 0, 0, 0)", [(1, "user", 4200), (2, "group", 120)])
    db.execute("INSERT INTO groups VALUES (7777, 2, 'Nhóm nghiên cứu 研究会', 'A shared group library', 120)")
    db.executemany("INSERT INTO relationPredicates VALUES (?, ?)", [(1, "dc:relation"), (2, "owl:sameAs")])
    library = Library(db, rng, out)
    # Collections: a tree, some in the group library.
    collections = []
    for index in range(max(2, items // 200)):
        parent = rng.choice(collections) if collections and rng.random() < 0.6 else None
        library_id = 2 if index % 10 == 9 else 1
        collections.append(index + 1)
        db.execute("INSERT INTO collections VALUES (?, ?, ?, ?, ?, ?, ?, 1)",
                   (index + 1, words(rng, 2).title(), parent, library.date(), library_id, library.key(),
                    rng.randrange(1, 4000)))
    tags = ["to-read", "important", "method", "đã đọc", "方法論", "review"] + ["topic-%d" % n for n in range(400)]
    db.executemany("INSERT INTO tags VALUES (?, ?)", list(enumerate(tags, 1)))
    regular_ids = []
    made = 0
    later = False
    in_log = int(items * 0.9) if wal else None
    for index in range(items):
        if not later and index >= items // 3:
            for statement in LATER_COLUMNS:  # rows written before keep no value for these columns
                db.execute(statement)
            later = True
        if in_log is not None and index == in_log:
            db.execute("COMMIT")
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA wal_autocheckpoint=0")
            db.execute("BEGIN")
        library_id = 2 if rng.random() < 0.05 else 1
        item_id, _ = library.regular(library_id)
        regular_ids.append(item_id)
        if rng.random() < 0.67:
            library.attachment(item_id, library_id)
        if rng.random() < 0.1:
            note_id, _ = library.item("note", library_id)
            note = "<div data-schema-version=\"9\"><p>%s</p></div>" % words(rng, rng.randrange(10, 200))
            db.execute("INSERT INTO itemNotes VALUES (?, ?, ?, ?)", (note_id, item_id, note, note[30:80]))
        for tag in rng.sample(range(1, len(tags) + 1), rng.choice([0, 0, 1, 2, 4])):
            db.execute("INSERT INTO itemTags VALUES (?, ?, ?)", (item_id, tag, rng.choice([0, 0, 1])))
        if rng.random() < 0.6:
            for collection in rng.sample(collections, rng.choice([1, 1, 2])):
                db.execute("INSERT INTO collectionItems VALUES (?, ?, ?)", (collection, item_id, index))
        if rng.random() < 0.01:
            db.execute("INSERT INTO deletedItems VALUES (?, ?)", (item_id, library.date()))
        if rng.random() < 0.02 and len(regular_ids) > 1:
            db.execute("INSERT OR IGNORE INTO itemRelations VALUES (?, 1, ?)",
                       (item_id, "http://zotero.org/users/1234567/items/%s" % library.key()))
        # Annotations spread over the items' life, so that some predate the later columns.
        share = annotations / max(1, items)
        for _ in range(int(share) + (1 if rng.random() < share - int(share) else 0)):
            if library.pdfs and made < annotations:
                library.annotation()
                made += 1
    # Exactly the annotations asked for: the rest now.
    while library.pdfs and made < annotations:
        library.annotation()
        made += 1
    db.execute("COMMIT")
    return db, library


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True, help="the Zotero data folder to write (emptied first)")
    parser.add_argument("--items", type=int, default=20000, help="regular items (default 20,000)")
    parser.add_argument("--annotations", type=int, default=5000, help="annotations (default 5,000)")
    parser.add_argument("--seed", type=int, default=28)
    parser.add_argument("--wal", action="store_true",
                        help="leave the last tenth of the items in zotero.sqlite-wal, as while Zotero runs")
    args = parser.parse_args()
    if os.path.exists(args.out):
        shutil.rmtree(args.out)
    os.makedirs(args.out)
    with tempfile.TemporaryDirectory() as scratch:
        path = os.path.join(scratch, "zotero.sqlite")
        db, library = build(path, args.out, args.items, args.annotations, args.seed, args.wal)
        # Copied while the connection is open: closing would checkpoint the log into the file.
        shutil.copy(path, os.path.join(args.out, "zotero.sqlite"))
        if os.path.exists(path + "-wal"):
            shutil.copy(path + "-wal", os.path.join(args.out, "zotero.sqlite-wal"))
        counts = {table: db.execute("SELECT count(*) FROM %s" % table).fetchone()[0]
                  for table in ("items", "itemData", "itemDataValues", "itemAttachments", "itemAnnotations",
                                "creators", "itemCreators", "collections", "collectionItems", "tags", "itemTags",
                                "deletedItems", "itemNotes")}
        db.close()
    size = os.path.getsize(os.path.join(args.out, "zotero.sqlite"))
    log = os.path.join(args.out, "zotero.sqlite-wal")
    print("%s: zotero.sqlite %.1f MB%s, %d files in storage/" % (
        args.out, size / 1e6, ", zotero.sqlite-wal %.1f MB" % (os.path.getsize(log) / 1e6) if os.path.exists(log)
        else "", library.written_files))
    print(", ".join("%s %d" % item for item in counts.items()))


if __name__ == "__main__":
    main()
