import Foundation
import GlossIndex
import GlossServer
import GlossSyntax
import LanguageServerProtocol
import TestSupport
import Testing

/// A Zotero data folder read as a library by the server: where it is found, what it gives, what goes wrong, and that
/// nothing in it is ever written. The database files are built by `make_library.py` from Zotero's own tables and
/// copied into an in-memory file system; "PDFs" there are their own text (pages at form feeds), read by a stand-in
/// extractor (the real `pdftotext` and a pdflatex PDF are in `ZoteroQuotationTests`).
@Suite struct ZoteroFolderTests {
  static let root = "/home/user/notes"
  static let zotero = "/home/user/Zotero"
  static let pdf = "/home/user/Zotero/storage/PDFKEY01/Smith - 2020 - River.pdf"
  /// Three PDF pages printed 213–215.
  static let pdfText =
    "The river runs.\n\n\u{0C}The flow of the river is an imaginative reconstruction.\n\n\u{0C}End.\n\n\u{0C}"
  static let item = """
    {"key": "ART00001", "fields": {"title": "River", "citationKey": "smith2020", "pages": "213-215",
      "date": "2020-00-00 2020", "publicationTitle": "Journal of Rivers"},
     "creators": [["author", "Ann", "Smith"]],
     "attachments": [{"key": "PDFKEY01", "path": "storage:Smith - 2020 - River.pdf", "annotations": [
       {"key": "ANNOT001", "type": 1, "text": "an imaginative reconstruction", "comment": "the thesis",
        "pageLabel": "214", "pageIndex": 1}]}]}
    """
  static let library = #"{"items": [\#(item)]}"#
  static let note = """
    # River

    Smith says the flow is "an imaginative reconstruction" [@smith2020, p. 214].
    """

  /// A workspace at `root` with `config` and the note, and the fixture's data folder copied to `folder`.
  static func fileSystem(
    _ fixture: ZoteroFixture, config: String = "{}", folder: String = zotero, pdf: Bool = true
  ) -> InMemoryFileSystem {
    let fs = InMemoryFileSystem(root: root, files: [".gloss.json": config, "river.md": note])
    copy(fixture, into: fs, folder: folder)
    if pdf { fs.setFile(folder + "/storage/PDFKEY01/Smith - 2020 - River.pdf", pdfText) }
    return fs
  }

  /// Copies the fixture's database files into `fs` at `folder` (a change made in Zotero).
  static func copy(_ fixture: ZoteroFixture, into fs: InMemoryFileSystem, folder: String = zotero) {
    for name in ["zotero.sqlite", "zotero.sqlite-wal", "better-bibtex.sqlite"] {
      if let bytes = fixture.bytes(name) {
        fs.setFile(folder + "/" + name, bytes)
      } else {
        try? fs.remove(folder + "/" + name)
      }
    }
  }

  /// Every file under `folder` of `fs` with its bytes.
  static func snapshot(_ fs: InMemoryFileSystem, _ folder: String = zotero) -> [String: [UInt8]] {
    var out: [String: [UInt8]] = [:]
    var pending = [folder]
    while let next = pending.popLast() {
      for item in (try? fs.listing(of: next)) ?? [] {
        let path = next + "/" + item.name
        if item.isDirectory { pending.append(path) } else { out[path] = try? fs.contents(of: path) }
      }
    }
    return out
  }

  /// Starts a server on the workspace, with text extraction reading the in-memory "PDFs".
  func start(_ fs: InMemoryFileSystem) throws -> WorkspaceFixture {
    let fixture = WorkspaceFixture(root: Self.root, fileSystem: fs) { options in
      options.homeDirectory = "/home/user"
      options.extractText = { path, _ in
        (try? fs.contents(of: path)).map { .text($0) } ?? .noText(reason: "cannot open", isLasting: false)
      }
    }
    try fixture.start()
    fixture.finishExtractions()
    return fixture
  }

  func sourceOf(_ fixture: WorkspaceFixture, _ key: String) -> Source? {
    fixture.client.server.roots.first?.workspace.source(forKey: key)
  }

  @Test func theDefaultDataFolderIsALibraryWithItsPDFsAndHighlightsAndStaysUnchanged() throws {
    let zotero = try ZoteroFixture(Self.library)
    defer { zotero.remove() }
    let fs = Self.fileSystem(zotero)
    let before = Self.snapshot(fs)
    let fixture = try start(fs)
    // The quotation is found in the stored PDF on printed page 214.
    #expect(fixture.codes("river.md") == [])
    let source = try #require(sourceOf(fixture, "smith2020"))
    #expect(source.entry?.title == "River")
    #expect(source.textPath == Self.pdf)
    #expect(source.zoteroAttachmentKey == "PDFKEY01")
    #expect(source.annotations.map(\.text) == ["an imaginative reconstruction"])
    #expect(Self.snapshot(fs) == before)
  }

  @Test func zoteroFalseTurnsTheLibraryOffAndAConfiguredFolderIsReadInstead() throws {
    let zotero = try ZoteroFixture(Self.library)
    defer { zotero.remove() }
    let off = try start(Self.fileSystem(zotero, config: #"{"zotero": false}"#))
    #expect(sourceOf(off, "smith2020") == nil)
    let elsewhere = Self.fileSystem(
      zotero, config: #"{"zotero": {"dataDir": "~/Sync/Zotero"}}"#, folder: "/home/user/Sync/Zotero")
    let fixture = try start(elsewhere)
    #expect(sourceOf(fixture, "smith2020")?.zoteroAttachmentKey == "PDFKEY01")
    #expect(fixture.codes("river.md") == [])
  }

  @Test func noDataFolderIsSaidAndTheServerKeepsAnswering() throws {
    let fs = InMemoryFileSystem(
      root: Self.root, files: [".gloss.json": #"{"zotero": {"dataDir": "~/Nowhere"}}"#, "river.md": Self.note])
    let fixture = try start(fs)
    let logged = fixture.client.notifications(LogMessageNotification.self).map(\.message)
    #expect(
      logged.contains("skipped '/home/user/Nowhere/zotero.sqlite': no Zotero data folder at '/home/user/Nowhere'"))
    #expect(sourceOf(fixture, "smith2020") == nil)
    // No default folder either: without a database in `~/Zotero` nothing is said.
    let quiet = try start(InMemoryFileSystem(root: Self.root, files: ["river.md": Self.note]))
    #expect(!quiet.client.notifications(LogMessageNotification.self).contains { $0.message.contains("Zotero") })
  }

  @Test(arguments: ["not a database", "truncated", "damaged"])
  func aDatabaseThatCannotBeReadIsAnErrorOnItAndChangesNothing(kind: String) throws {
    let zotero = try ZoteroFixture(Self.library)
    defer { zotero.remove() }
    let fs = Self.fileSystem(zotero)
    let bytes = zotero.bytes("zotero.sqlite") ?? []
    switch kind {
    case "not a database": fs.setFile(Self.zotero + "/zotero.sqlite", Array("@article{x, title={y}}".utf8))
    case "truncated": fs.setFile(Self.zotero + "/zotero.sqlite", Array(bytes.prefix(1000)))
    default: fs.setFile(Self.zotero + "/zotero.sqlite", bytes.enumerated().map { $0.offset > 100 ? 0xA5 : $0.element })
    }
    let before = Self.snapshot(fs)
    let fixture = try start(fs)
    #expect(fixture.codes(Self.zotero + "/zotero.sqlite") == ["malformed-bibliography"])
    #expect(fixture.codes("river.md") == ["unknown-source"])
    #expect(Self.snapshot(fs) == before)
  }

  @Test func aNewerSchemaAndItemsWithoutKeysAreSaidOnceOnTheLibrary() throws {
    let zotero = try ZoteroFixture(
      #"{"schemaVersion": 999, "items": [\#(Self.item), {"key": "NOKEY001", "fields": {"title": "Keyless"}}]}"#)
    defer { zotero.remove() }
    let fs = Self.fileSystem(zotero)
    let before = Self.snapshot(fs)
    let fixture = try start(fs)
    let published = try #require(fixture.published.last { $0.uri == fixture.uri(Self.zotero + "/zotero.sqlite") })
    #expect(published.diagnostics.map(\.code) == ["zotero-library", "zotero-library"])
    #expect(published.diagnostics.allSatisfy { $0.severity == .hint })
    #expect(published.diagnostics.last?.message.hasPrefix("1 Zotero item has no citation key") ?? false)
    #expect(fixture.codes("river.md") == [])
    #expect(Self.snapshot(fs) == before)
  }

  @Test func anAttachmentWhoseFileIsGoneLeavesTheEntryAndItsHighlights() throws {
    let zotero = try ZoteroFixture(Self.library)
    defer { zotero.remove() }
    let fs = Self.fileSystem(zotero, pdf: false)
    let before = Self.snapshot(fs)
    let fixture = try start(fs)
    let source = try #require(sourceOf(fixture, "smith2020"))
    #expect(source.textPath == nil)
    #expect(source.zoteroAttachmentKey == "PDFKEY01")
    #expect(source.annotations.count == 1)
    // Known, without text: the quotation cannot be checked, which a hint says, naming the file that is gone.
    #expect(fixture.codes("river.md") == ["no-text"])
    let hint = try #require(fixture.published.last { $0.uri == fixture.uri("river.md") }?.diagnostics.first)
    #expect(hint.message.hasSuffix("(Zotero attachment 'storage/PDFKEY01/Smith - 2020 - River.pdf' is missing)"))
    #expect(Self.snapshot(fs) == before)
  }

  @Test(arguments: [".zotero/zotero", "Library/Application Support/Zotero"])
  func filesLinkedRelativeToTheBaseFolderAreFoundThroughZoterosPreferences(profiles: String) throws {
    let zotero = try ZoteroFixture(
      """
      {"items": [{"key": "ART00001", "fields": {"title": "River", "citationKey": "smith2020", "pages": "213-215"},
        "attachments": [{"key": "LINKED01", "linkMode": 2, "path": "attachments:Books/Smith – River.pdf"}]}]}
      """)
    defer { zotero.remove() }
    let fs = Self.fileSystem(zotero, pdf: false)
    let home = "/home/user/" + profiles
    fs.setFile(
      home + "/profiles.ini",
      "[General]\nStartWithLastProfile=1\n\n[Profile1]\nName=old\nIsRelative=1\nPath=old.default\n\n"
        + "[Profile0]\nName=default\nIsRelative=1\nPath=Profiles/ab12cd.default\nDefault=1\n")
    fs.setFile(
      home + "/Profiles/ab12cd.default/prefs.js",
      "// Mozilla User Preferences\nuser_pref(\"extensions.zotero.baseAttachmentPath\", \"/home/user/Thư viện\");\n"
        + "user_pref(\"extensions.zotero.saveRelativeAttachmentPath\", true);\n")
    fs.setFile(home + "/old.default/prefs.js", #"user_pref("extensions.zotero.baseAttachmentPath", "/elsewhere");"#)
    fs.setFile("/home/user/Thư viện/Books/Smith – River.pdf", Self.pdfText)
    let before = Self.snapshot(fs, "/home/user/" + profiles)
    let fixture = try start(fs)
    let source = try #require(sourceOf(fixture, "smith2020"))
    #expect(source.textPath == "/home/user/Thư viện/Books/Smith – River.pdf")
    #expect(fixture.codes("river.md") == [])
    #expect(fixture.codes(Self.zotero + "/zotero.sqlite") == [])
    #expect(Self.snapshot(fs, "/home/user/" + profiles) == before)
  }

  // docs/zotero.md: a base folder changed in Zotero's settings while Gloss runs is seen at the next scan, as a change
  // of its database is; so is a profile that appears later.
  @Test func aBaseFolderChangedInZoterosPreferencesIsSeenAtTheNextScan() throws {
    let zotero = try ZoteroFixture(
      """
      {"items": [{"key": "ART00001", "fields": {"title": "River", "citationKey": "smith2020", "pages": "213-215"},
        "attachments": [{"key": "LINKED01", "linkMode": 2, "path": "attachments:Books/Smith – River.pdf"}]}]}
      """)
    defer { zotero.remove() }
    let fs = Self.fileSystem(zotero, pdf: false)
    fs.setFile("/home/user/Thư viện/Books/Smith – River.pdf", Self.pdfText)
    fs.setFile(
      "/home/user/Cũ/Books/Smith – River.pdf", "Nothing.\n\n\u{0C}Nothing of the kind.\n\n\u{0C}Nor here.\n\n\u{0C}")
    let fixture = try start(fs)
    // No profile yet: the linked file cannot be found.
    #expect(sourceOf(fixture, "smith2020")?.textPath == nil)
    let profiles = "/home/user/.zotero/zotero"
    fs.setFile(profiles + "/profiles.ini", "[Profile0]\nName=default\nIsRelative=1\nPath=ab12cd.default\nDefault=1\n")
    let prefs = profiles + "/ab12cd.default/prefs.js"
    fs.setFile(prefs, #"user_pref("extensions.zotero.baseAttachmentPath", "/home/user/Cũ");"#)
    fixture.tick()
    fixture.finishExtractions()
    #expect(sourceOf(fixture, "smith2020")?.textPath == "/home/user/Cũ/Books/Smith – River.pdf")
    #expect(fixture.codes("river.md") == ["quote-mismatch"])
    // The user moves the base folder in Zotero's settings.
    fs.setFile(prefs, #"user_pref("extensions.zotero.baseAttachmentPath", "/home/user/Thư viện");"#)
    fixture.tick()
    fixture.finishExtractions()
    #expect(sourceOf(fixture, "smith2020")?.textPath == "/home/user/Thư viện/Books/Smith – River.pdf")
    #expect(fixture.codes("river.md") == [])
    // A preferences file written again with the same base folder reads nothing again and publishes nothing.
    let count = fixture.published.count
    fs.setFile(
      prefs,
      #"user_pref("extensions.zotero.lastViewedFolder", "L1");"# + "\n"
        + #"user_pref("extensions.zotero.baseAttachmentPath", "/home/user/Thư viện");"#)
    fixture.tick()
    #expect(fixture.published.count == count)
    #expect(sourceOf(fixture, "smith2020")?.textPath == "/home/user/Thư viện/Books/Smith – River.pdf")
    // Another profile becomes the default: its preferences are read and watched, the old one's no longer.
    fs.setFile(profiles + "/profiles.ini", "[Profile0]\nName=other\nIsRelative=1\nPath=other.default\nDefault=1\n")
    fs.setFile(
      profiles + "/other.default/prefs.js", #"user_pref("extensions.zotero.baseAttachmentPath", "/home/user/Cũ");"#)
    fixture.tick()
    fixture.finishExtractions()
    #expect(sourceOf(fixture, "smith2020")?.textPath == "/home/user/Cũ/Books/Smith – River.pdf")
    let published = fixture.published.count
    fs.setFile(prefs, "@book{ not a preference")
    fixture.tick()
    #expect(fixture.published.count == published)
    #expect(fixture.codes(prefs) == nil)
  }

  @Test func zoterosPreferencesAreReadAsJavaScriptStringsAndTheDefaultProfileIsChosen() {
    #expect(
      ZoteroProfile.preference(
        "extensions.zotero.baseAttachmentPath",
        in: #"user_pref("extensions.zotero.baseAttachmentPath", "/a \"b\"\\c\u00e9");"#) == "/a \"b\"\\cé")
    #expect(ZoteroProfile.preference("extensions.zotero.baseAttachmentPath", in: "user_pref(\"other\", \"x\");") == nil)
    #expect(
      ZoteroProfile.defaultProfile(
        "[Profile0]\nPath=Profiles/a.default\n[InstallABC]\nDefault=Profiles/b.default\n", in: "/p")
        == "/p/Profiles/b.default")
    #expect(ZoteroProfile.defaultProfile("[Profile0]\nIsRelative=0\nPath=/abs/x\n", in: "/p") == "/abs/x")
  }

  @Test func aChangeInZoteroIsSeenAtTheNextScanAndOnlyWhatChangedIsReadAgain() throws {
    let zotero = try ZoteroFixture(Self.library)
    defer { zotero.remove() }
    let fs = Self.fileSystem(zotero)
    fs.setFile(Self.root + "/later.md", "Later [@jones2021].")
    let fixture = try start(fs)
    #expect(fixture.codes("later.md") == ["unknown-source"])
    // A new item, written to the log as Zotero does while it runs.
    try zotero.rebuild(
      #"{"wal": true, "items": [\#(Self.item), {"key": "NEW00001", "fields": {"citationKey": "jones2021"}}]}"#)
    Self.copy(zotero, into: fs)
    let before = Self.snapshot(fs)
    fixture.tick()
    #expect(fixture.codes("later.md") == [])
    #expect(fixture.codes("river.md") == [])
    #expect(Self.snapshot(fs) == before)
    // A scan with nothing changed reads nothing again and publishes nothing.
    let count = fixture.published.count
    fixture.tick()
    #expect(fixture.published.count == count)
  }

  @Test func whereTheLibraryAndABibliographyFileDisagreeTheLibraryWinsWithOneHint() throws {
    let zotero = try ZoteroFixture(Self.library)
    defer { zotero.remove() }
    let fs = Self.fileSystem(zotero)
    // A path sorting before the library's: the library still wins.
    fs.setFile(Self.root + "/0/refs.bib", "@book{smith2020, title = {Another River}, author = {Smith, Ann}}")
    // An export of the same library agrees with it: nothing to say.
    fs.setFile(Self.root + "/export.bib", "@article{smith2020, title = {River}, author = {Smith, Ann}, year = 2020}")
    let fixture = try start(fs)
    #expect(sourceOf(fixture, "smith2020")?.entry?.title == "River")
    let published = try #require(fixture.published.last { $0.uri == fixture.uri("0/refs.bib") })
    #expect(published.diagnostics.map(\.code) == ["zotero-library"])
    #expect(
      published.diagnostics.first?.message
        == "source 'smith2020' is defined differently in the Zotero library '~/Zotero/zotero.sqlite', which wins")
    #expect(fixture.codes("export.bib") == [])
    #expect(fixture.codes(Self.zotero + "/zotero.sqlite") ?? [] == [])
  }

}

extension ZoteroFolderTests {
  @Test func theLogAppearingLaterFailsThePeriodicCheck() throws {
    let zotero = try ZoteroFixture(Self.library)
    defer { zotero.remove() }
    let fs = Self.fileSystem(zotero)
    let indexed = IndexedRoot(
      root: Self.root, editorSettings: nil, fileSystem: fs, home: "/home/user", zoteroDirectory: Self.zotero)
    #expect(indexed.files.looksUnchanged(fileSystem: fs))
    // Zotero starts writing its log: the cheap check fails, so the scan walks and reads the library again.
    fs.setFile(Self.zotero + "/zotero.sqlite-wal", [])
    #expect(!indexed.files.looksUnchanged(fileSystem: fs))
  }
}

extension ZoteroFolderTests {
  @Test func itemsWithoutAKeyAreLoggedOnceBesideTheirHint() throws {
    let zotero = try ZoteroFixture(
      #"{"items": [\#(Self.item), {"key": "NOKEY001", "fields": {"title": "Keyless"}}]}"#)
    defer { zotero.remove() }
    let lines = LogLines()
    let fixture = WorkspaceFixture(root: Self.root, fileSystem: Self.fileSystem(zotero)) { options in
      options.log = { lines.append($0) }
    }
    try fixture.start()
    let logged = lines.all.filter { $0.contains("no citation key") }
    #expect(
      logged == [
        "'~/Zotero/zotero.sqlite': 1 Zotero item has no citation key and cannot be cited ('Keyless'): give it one in"
          + " Zotero's Citation Key field or with Better BibTeX"
      ])
    #expect(lines.all.contains("read the Zotero library '~/Zotero/zotero.sqlite': 1 entry"))
  }

  /// Log lines gathered from the server.
  final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
  }
}
