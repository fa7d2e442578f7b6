import GlossIndex
import GlossSyntax
import TestSupport
import Testing

/// Open at the page and literature notes (docs/literature-notes.md): links, hover, definition, the actions on a
/// citation and the text of a new literature note.
@Suite struct LiteratureNoteTests {
  static let files: [String: String] = [
    "refs.bib": """
    @article{smith2020, title = {Rivers: a {Study}}, author = {Smith, Ann and Jones, Bo}, year = {2020},
      journal = {Water}, doi = {10.1000/river}, file = {sources/smith2020.pdf}}
    @book{tanaka2019, title = {記憶}, author = {田中, 花子}, year = {2019}}
    @book{lee2018, title = {Lee}, author = {Lee, Al}, year = {2018}}

    """,
    "sources/smith2020.pdf": "Page one words.\n\u{0C}Page two words.\n\u{0C}Page three words.\n\u{0C}",
    "notes/lit/smith2020.md": "---\ntitle: On rivers\n---\nMy notes.\n",
    "notes/memo.md": "---\ncitekey: \"@tanaka2019\"\n---\nNotes on Tanaka.\n",
  ]

  static let note = MarkedText("Tiếng Việt 日本語 🦉 [@smi1️⃣th2020, p. ⏩2⏪] và [@tana2️⃣ka2019] 😀 [@le3️⃣e2018]\n")

  static func workspace(_ extra: [String: String] = [:], config: WorkspaceConfig = WorkspaceConfig()) -> Workspace {
    var files = files.merging(extra) { $1 }
    files["notes/a.md"] = note.text
    return Fixture.workspace(files, config: config)
  }

  @Test func aNoteNamedByTheKeyOrDeclaringItIsTheLiteratureNote() {
    let workspace = Self.workspace()
    #expect(workspace.literatureNote(forKey: "smith2020") == "notes/lit/smith2020.md")
    #expect(workspace.literatureNote(forKey: "tanaka2019") == "notes/memo.md")
    #expect(workspace.literatureNote(forKey: "lee2018") == nil)
    #expect(Self.workspace(["x/@lee2018.md": "Lee.\n"]).literatureNote(forKey: "lee2018") == "x/@lee2018.md")
    var config = WorkspaceConfig()
    config.literatureNoteNames = ["lit-{key}"]
    #expect(Self.workspace(config: config).literatureNote(forKey: "smith2020") == nil)
    #expect(
      Self.workspace(["n/lit-lee2018.md": "x\n"], config: config).literatureNote(forKey: "lee2018")
        == "n/lit-lee2018.md")
  }

  @Test func aCitekeyFollowsTheNotesEdits() {
    var workspace = Self.workspace()
    workspace.setNote(path: "z/đọc.md", bytes: Array("---\ncitekey: lee2018\n---\nĐọc.\n".utf8))
    #expect(workspace.literatureNote(forKey: "lee2018") == "z/đọc.md")
    workspace.setNote(path: "z/đọc.md", bytes: Array("---\ncitekey: smith2020\n---\nĐọc.\n".utf8))
    #expect(workspace.literatureNote(forKey: "lee2018") == nil)
    // A declared literature note comes before one named after the key.
    #expect(workspace.literatureNote(forKey: "smith2020") == "z/đọc.md")
    workspace.remove(path: "z/đọc.md")
    #expect(workspace.literatureNote(forKey: "smith2020") == "notes/lit/smith2020.md")
  }

  @Test func completionDocumentationNamesTheLiteratureNote() throws {
    let workspace = Self.workspace()
    #expect(
      try #require(workspace.completionDocumentation(forKey: "tanaka2019")).contains("Literature note: `notes/memo.md`")
    )
    #expect(try !#require(workspace.completionDocumentation(forKey: "lee2018")).contains("Literature note"))
  }

  @Test func hoverShowsThePDFPageAndTheLiteratureNote() throws {
    let offset = try #require(Self.note.cursors["1"])
    let hover = try #require(Self.workspace().hover(at: offset, in: "notes/a.md"))
    #expect(hover.markdown.contains("Literature note: `notes/lit/smith2020.md`"))
    // Without the root's place the PDF cannot be named by URL; with it, the page is the one `p. 2` resolves to.
    let placed = Fixture.workspace(
      Self.files.merging(["notes/a.md": Self.note.text]) { $1 }, config: WorkspaceConfig(),
      place: WorkspacePlace(root: "/home/me/Ghi chú"))
    let placedHover = try #require(placed.hover(at: offset, in: "notes/a.md"))
    #expect(
      placedHover.markdown.contains("[Open PDF at page 2](file:///home/me/Ghi%20ch%C3%BA/sources/smith2020.pdf#page=2)")
    )
    #expect(!placedHover.markdown.contains("zotero://"))
  }

  @Test func aZoteroAttachmentOpensInZoteroAtThePDFPage() throws {
    let workspace = Self.workspace()
    var source = try #require(workspace.source(forKey: "smith2020"))
    source.zoteroAttachmentKey = "ABCD1234"
    let opening = workspace.sourceOpening(for: source, locator: Locator.first(in: "p. 3"))
    #expect(opening.page == 3)
    #expect(opening.zoteroURL == "zotero://open-pdf/library/items/ABCD1234?page=3")
    #expect(opening.pageFragment == "#page=3")
    source.zoteroAttachmentKey = "../x?y"
    #expect(workspace.sourceOpening(for: source, locator: nil).zoteroURL == nil)
  }

  @Test func printedPagesDecideThePDFPage() throws {
    var config = WorkspaceConfig()
    config.pageOffsets = ["smith2020": 212]
    let workspace = Self.workspace(config: config)
    let opening = try #require(workspace.sourceOpening(forKey: "smith2020", locator: Locator.first(in: "p. 214")))
    #expect(opening.page == 2)
  }

  @Test func definitionOffersTheLiteratureNoteBesideTheSource() throws {
    let workspace = Self.workspace()
    let offset = try #require(Self.note.cursors["1"])
    let places = workspace.definition(at: offset, in: "notes/a.md").map(\.path)
    #expect(places == ["sources/smith2020.pdf", "notes/lit/smith2020.md"])
    // From the literature note itself, only the source.
    #expect(workspace.definition(at: 3, in: "notes/lit/smith2020.md").isEmpty)
  }

  @Test func theActionOnACitationCreatesOrOpensTheLiteratureNote() throws {
    let workspace = Self.workspace()
    let bytes = Array(Self.note.text.utf8)
    func actions(_ digit: String) throws -> [String] {
      let offset = try #require(Self.note.cursors[digit])
      return workspace.refactors(at: "notes/a.md", selection: offset..<offset, bytes: bytes).map(\.title)
    }
    #expect(try actions("1").contains("Open literature note for 'smith2020'"))
    #expect(try actions("3").contains("Create literature note for 'lee2018'"))
    #expect(try !actions("3").contains { $0.hasPrefix("Open literature") })
  }

  @Test func creatingALiteratureNoteNeverReplacesAFile() throws {
    let workspace = Self.workspace(["notes/lee2018.md": "Mine, not a literature note? It is, by its name.\n"])
    #expect(throws: CommandError.self) {
      try workspace.createLiteratureNote(forKey: "lee2018", isTaken: { _ in false })
    }
    let fresh = Self.workspace()
    let change = try fresh.createLiteratureNote(forKey: "lee2018", isTaken: { $0 == "notes/lee2018.md" })
    #expect(change.primaryPath == "notes/lee2018-2.md")
    var config = WorkspaceConfig()
    config.literatureNoteDir = "lit"
    config.literatureNoteNames = ["@{key}"]
    let configured = try Self.workspace(config: config).createLiteratureNote(forKey: "lee2018", isTaken: { _ in false })
    #expect(configured.primaryPath == "lit/@lee2018.md")
    #expect(throws: CommandError.self) { try fresh.createLiteratureNote(forKey: "nobody", isTaken: { _ in false }) }
  }

  @Test func theLiteratureNoteHoldsTheMetadataAndTheHighlightsByPage() throws {
    var source = try #require(Self.workspace().source(forKey: "smith2020"))
    #expect(
      LiteratureNoteText.text(for: source) == """
        ---
        citekey: smith2020
        title: "Rivers: a Study"
        authors: [Ann Smith, Bo Jones]
        year: 2020
        doi: "10.1000/river"
        ---

        # Rivers: a Study

        Ann Smith, Bo Jones · 2020 · *Water* · doi:10.1000/river [@smith2020]

        ## Highlights

        """)
    source.annotations = [
      ZoteroAnnotation(key: "A2", kind: .highlight, text: "Page two\nwords", pageLabel: "214", sortIndex: "00001|1"),
      ZoteroAnnotation(
        key: "A1", kind: .highlight, text: "Page one", comment: "Lời bình 🦉", pageLabel: "213", sortIndex: "00000|1"),
      ZoteroAnnotation(key: "A3", kind: .note, text: "", comment: "a note", pageIndex: 2, sortIndex: "00002|1"),
      ZoteroAnnotation(key: "A4", kind: .image, text: "", sortIndex: "00003|1"),
    ]
    let text = LiteratureNoteText.text(for: source)
    #expect(
      text.hasSuffix(
        """
        ## Highlights

        ### p. 213

        > Page one
        > — [@smith2020, p. 213]

        Lời bình 🦉

        ### p. 214

        > Page two words
        > — [@smith2020, p. 214]

        ### p. 3

        a note

        """))
  }
}
