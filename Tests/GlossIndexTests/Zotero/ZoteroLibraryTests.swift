import GlossIndex
import GlossSyntax
import TestSupport
import Testing

/// A Zotero database read as a bibliography: items, creators, dates, keys, the trash, groups, attachments and
/// annotations, from data folders built with Zotero's own table definitions (`Tests/Fixtures/zotero`).
@Suite struct ZoteroLibraryTests {
  /// The library the fixture's data folder holds, read as the server reads it (database, log, Better BibTeX).
  func library(_ fixture: ZoteroFixture, baseDirectory: String? = nil) -> ZoteroLibrary {
    ZoteroLibrary(
      database: SQLiteDatabase(file: fixture.bytes("zotero.sqlite") ?? [], wal: fixture.bytes("zotero.sqlite-wal")),
      betterBibTeX: fixture.bytes("better-bibtex.sqlite").map { SQLiteDatabase(file: $0) },
      dataDirectory: fixture.dataDirectory, baseDirectory: baseDirectory)
  }

  static let article = """
    {"key": "ART00001", "type": "journalArticle", "fields": {
      "title": "Remembering rivers", "citationKey": "smith2020", "publicationTitle": "Journal of Memory",
      "volume": "12", "issue": "3", "pages": "201-230", "date": "2020-03-15 15 March 2020",
      "DOI": "10.1000/jm.2020.12", "url": "https://example.org/rivers", "abstractNote": "How rivers are recalled.",
      "publisher": "Memory Press"},
     "creators": [["author", "Ann", "Smith"], ["author", "", "World Health Organization", 1],
                  ["editor", "Bảo", "Nguyễn"], ["translator", "Tom", "Other"]]}
    """

  @Test func anItemBecomesTheEntryABibTeXExportGives() throws {
    let fixture = try ZoteroFixture(#"{"items": [\#(Self.article)]}"#)
    defer { fixture.remove() }
    let library = library(fixture)
    #expect(library.bibliography.problems.isEmpty)
    let entry = try #require(library.bibliography.entries.first)
    #expect(entry.key == "smith2020")
    #expect(entry.type == "article")
    #expect(entry.title == "Remembering rivers")
    #expect(entry.containerTitle == "Journal of Memory")
    #expect(entry.volume == "12" && entry.issue == "3" && entry.pages == "201-230")
    #expect(entry.year == "2020" && entry.date == EntryDate(parts: [[2020, 3, 15]]))
    #expect(entry.doi == "10.1000/jm.2020.12" && entry.url == "https://example.org/rivers")
    #expect(entry.abstract == "How rivers are recalled." && entry.publisher == "Memory Press")
    #expect(
      entry.authors == [PersonName(family: "Smith", given: "Ann"), PersonName(literal: "World Health Organization")])
    #expect(entry.editors == [PersonName(family: "Nguyễn", given: "Bảo")])
    #expect(library.notices.isEmpty)
  }

  @Test func tagsPlaceISBNAndLanguageAreReadAndShownByHoverAndTheCSLExport() throws {
    let fixture = try ZoteroFixture(
      """
      {"items": [{"key": "BOOK0001", "type": "book", "fields": {
        "title": "Trí nhớ", "citationKey": "nguyen2020", "publisher": "Nhà xuất bản Trẻ", "place": "Hà Nội",
        "ISBN": "978-604-1-00000-0", "language": "vi", "date": "2020-00-00 2020"},
       "tags": ["memory", "Écologie", "archives"]}]}
      """)
    defer { fixture.remove() }
    let library = library(fixture)
    let entry = try #require(library.bibliography.entries.first)
    // Sorted by name, case aside (by code point: an accented capital after the plain letters).
    #expect(entry.keywords == ["archives", "memory", "Écologie"])
    #expect(entry.address == "Hà Nội" && entry.isbn == "978-604-1-00000-0" && entry.language == "vi")
    var workspace = Workspace()
    workspace.setBibliography(BibliographyRecord(path: "zotero.sqlite", zotero: library))
    let documentation = try #require(workspace.completionDocumentation(forKey: "nguyen2020"))
    #expect(documentation.contains("Hà Nội: Nhà xuất bản Trẻ"))
    #expect(documentation.contains("ISBN: 978-604-1-00000-0"))
    #expect(documentation.contains("Keywords: archives, memory, Écologie"))
    let note = Array("# Nhớ\n\nSee [@nguyen2020].\n".utf8)
    workspace.setNote(path: "a.md", bytes: note)
    let output = try workspace.export(.notes(["a.md"]), format: .pandoc, output: nil) { $0 == "a.md" ? note : nil }
    let csl = String(decoding: try #require(output.files.last).bytes, as: UTF8.self)
    #expect(csl.contains(#""publisher-place":"Hà Nội""#) || csl.contains(#""publisher-place": "Hà Nội""#))
    #expect(csl.contains("978-604-1-00000-0") && csl.contains("archives, memory, Écologie"))
    #expect(csl.contains(#""language""#))
  }

  @Test(arguments: [
    ("bookSection", "incollection"), ("book", "book"), ("conferencePaper", "inproceedings"), ("thesis", "phdthesis"),
    ("report", "techreport"), ("webpage", "online"), ("podcast", "misc"),
  ])
  func itemTypesMapAsZoteroBibTeXExportMapsThem(zoteroType: String, bibTeXType: String) throws {
    let fixture = try ZoteroFixture(
      #"{"items": [{"key": "ITEM0001", "type": "\#(zoteroType)", "fields": {"citationKey": "k", "date": "2019-00-00 2019", "bookTitle": "Collected"}}]}"#
    )
    defer { fixture.remove() }
    let entry = try #require(library(fixture).bibliography.entries.first)
    #expect(entry.type == bibTeXType)
    #expect(entry.year == "2019" && entry.date == EntryDate(parts: [[2019]]))
    #expect(entry.containerTitle == "Collected")
  }

  @Test func keysComeFromZoteroThenBetterBibTeXThenExtraAndAnItemWithoutOneIsReportedNotInvented() throws {
    let fixture = try ZoteroFixture(
      """
      {"items": [
        {"key": "NATIVE01", "fields": {"title": "Native", "citationKey": "native2024"}},
        {"key": "BBTKEY01", "fields": {"title": "Pinned", "extra": "Citation Key: fromextra"}},
        {"key": "EXTRA001", "fields": {"title": "Extra", "extra": "tex.note: x\\nCitation Key: extra2021"}},
        {"key": "NOKEY001", "fields": {"title": "Keyless"}},
        {"key": "NOKEY002", "fields": {"title": "Also keyless"}}],
       "betterBibTeX": {"BBTKEY01": "bbt2022", "NATIVE01": "ignored"}}
      """)
    defer { fixture.remove() }
    let library = library(fixture)
    #expect(library.bibliography.entries.map(\.key) == ["native2024", "bbt2022", "extra2021"])
    #expect(library.itemsWithoutKey == ["Keyless", "Also keyless"])
    #expect(
      library.notices == [
        "2 Zotero items have no citation key and cannot be cited ('Keyless', 'Also keyless'): give them one in"
          + " Zotero's Citation Key field or with Better BibTeX"
      ])
  }

  @Test func itemsInTheTrashAreNotEntriesAndGroupLibrariesAreRead() throws {
    let fixture = try ZoteroFixture(
      """
      {"groups": ["课题组"], "items": [
        {"key": "KEPT0001", "fields": {"citationKey": "kept"}},
        {"key": "TRASH001", "fields": {"citationKey": "trashed"}, "deleted": true},
        {"key": "GROUP001", "library": 2, "fields": {"citationKey": "group2020"}},
        {"key": "NOTE0001", "type": "note"}]}
      """)
    defer { fixture.remove() }
    #expect(library(fixture).bibliography.entries.map(\.key) == ["kept", "group2020"])
  }

  @Test func attachmentsAreStoredOrLinkedFilesWithTheirAnnotationsInZoteroOrder() throws {
    let fixture = try ZoteroFixture(
      """
      {"items": [{"key": "ART00001", "fields": {"citationKey": "smith2020"}, "attachments": [
        {"key": "PDFKEY01", "path": "storage:Smith - 2020 - River.pdf", "annotations": [
          {"key": "ANNOT002", "type": 5, "text": "second", "pageLabel": "215", "pageIndex": 2, "sortIndex": "00002|000010|00100"},
          {"key": "ANNOT001", "type": 1, "text": "first words", "comment": "key claim", "color": "#ff6666",
           "pageLabel": "214", "pageIndex": 1, "sortIndex": "00001|000010|00100"},
          {"key": "ANNOT003", "type": 2, "text": null, "comment": "a note", "pageIndex": 1, "sortIndex": "00001|000020|00100"},
          {"key": "ANNOT004", "type": 1, "text": "gone", "deleted": true}]},
        {"key": "LINKED01", "linkMode": 2, "path": "/papers/linked.pdf"},
        {"key": "RELATIV1", "linkMode": 2, "path": "attachments:Books/relative.pdf"},
        {"key": "SNAPSHOT", "linkMode": 1, "path": "storage:page.html", "contentType": "text/html"},
        {"key": "WEBLINK1", "linkMode": 3, "path": null, "contentType": "text/html"},
        {"key": "TRASHED1", "path": "storage:old.pdf", "deleted": true}]}]}
      """)
    defer { fixture.remove() }
    let withoutBase = library(fixture)
    let attachments = try #require(withoutBase.attachments.first)
    #expect(attachments.map(\.key) == ["PDFKEY01", "LINKED01", "RELATIV1", "SNAPSHOT"])
    #expect(
      attachments.map(\.path) == [
        fixture.dataDirectory + "/storage/PDFKEY01/Smith - 2020 - River.pdf", "/papers/linked.pdf", nil,
        fixture.dataDirectory + "/storage/SNAPSHOT/page.html",
      ])
    #expect(withoutBase.bibliography.entries.first?.files.count == 3)
    #expect(withoutBase.notices.contains { $0.contains("set 'zotero.baseDir'") })
    let annotations = attachments[0].annotations
    #expect(annotations.map(\.key) == ["ANNOT001", "ANNOT003", "ANNOT002"])
    #expect(
      annotations[0]
        == ZoteroAnnotation(
          key: "ANNOT001", kind: .highlight, text: "first words", comment: "key claim", color: "#ff6666",
          pageLabel: "214", pageIndex: 1, sortIndex: "00001|000010|00100"))
    #expect(annotations.map(\.kind) == [.highlight, .note, .underline])
    let withBase = library(fixture, baseDirectory: "/home/user/Library")
    #expect(withBase.attachments.first?[2].path == "/home/user/Library/Books/relative.pdf")
    #expect(withBase.notices.isEmpty)
  }

  @Test func theLatestChangesAreReadFromTheWriteAheadLog() throws {
    let fixture = try ZoteroFixture(
      #"{"wal": true, "items": [{"key": "ART00001", "fields": {"citationKey": "inthelog"}}]}"#)
    defer { fixture.remove() }
    #expect(fixture.bytes("zotero.sqlite-wal") != nil)
    #expect(library(fixture).bibliography.entries.map(\.key) == ["inthelog"])
  }

  @Test func aNewerSchemaIsReadAsFarAsItIsUnderstoodAndSaidOnce() throws {
    let fixture = try ZoteroFixture(
      #"{"schemaVersion": 999, "items": [{"key": "ART00001", "fields": {"citationKey": "still"}}]}"#)
    defer { fixture.remove() }
    let library = library(fixture)
    #expect(library.bibliography.entries.map(\.key) == ["still"])
    #expect(library.schemaVersion == 999)
    #expect(
      library.notices == [
        "the Zotero database has schema version 999, newer than the \(ZoteroSchema.knownUserDataVersion) Gloss"
          + " knows: what it understands is read"
      ])
  }

  @Test func aFileThatIsNotAZoteroDatabaseGivesOneProblemAndNoEntries() throws {
    let fixture = try ZoteroFixture(
      #"{"items": [{"key": "ART00001", "fields": {"citationKey": "k"}}], "betterBibTeX": {"ART00001": "b"}}"#)
    defer { fixture.remove() }
    let bytes = try #require(fixture.bytes("zotero.sqlite"))
    let cases: [[UInt8]] = [
      [], Array("not a database at all".utf8), Array(bytes.prefix(100)), Array(bytes.prefix(bytes.count / 2)),
      bytes.enumerated().map { $0.offset % 97 == 5 ? 0xFF : $0.element },
    ]
    for damaged in cases {
      let library = ZoteroLibrary(database: SQLiteDatabase(file: damaged), dataDirectory: fixture.dataDirectory)
      #expect(library.bibliography.entries.count <= 1)
      if library.bibliography.entries.isEmpty { #expect(library.bibliography.problems.count == 1) }
    }
    // A real SQLite database, but not Zotero's.
    let other = ZoteroLibrary(
      database: SQLiteDatabase(file: fixture.bytes("better-bibtex.sqlite") ?? []), dataDirectory: fixture.dataDirectory)
    #expect(other.bibliography.entries.isEmpty)
    #expect(
      other.bibliography.problems.map(\.message) == ["not a Zotero database: it has no 'items' and 'itemData' tables"])
  }
}
