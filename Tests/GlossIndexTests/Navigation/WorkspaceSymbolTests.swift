import GlossIndex
import GlossSyntax
import Testing

@Suite struct WorkspaceSymbolTests {
  static let files = [
    "refs.bib": "@book{bartlett1932, title = {Remembering: A Study in Social Psychology}}\n",
    "sources/halbwachs.md": "---\ntitle: La mémoire collective\n---\nTexte\n",
    "notes/học-tập.md": "---\ntitle: Học tập 学习\n---\n# Phương pháp\n\n## Memory Palace\n\n#mémoire/collective\n",
    "notes/memo.md": "# Memo\n\n## Remember this 🦉\n",
    "notes/other.md": "Một #memo ghi chú\n",
  ]

  static func names(_ query: String, limit: Int = 200) -> [String] {
    Fixture.workspace(files).workspaceSymbols(matching: query, limit: limit).map { "\($0.kind) \($0.name)" }
  }

  @Test func prefixMatchesComeBeforeWordStartsBeforeSubsequences() {
    #expect(
      Self.names("mem") == [
        "note Memo", "heading(level: 1) Memo", "tag #memo", "heading(level: 2) Memory Palace",
        "tag #mémoire/collective", "source halbwachs", "heading(level: 2) Remember this 🦉", "source bartlett1932",
      ])
  }

  @Test func matchingIgnoresCaseAndFindsNonASCII() {
    #expect(Self.names("HỌC") == ["note Học tập 学习"])
    #expect(Self.names("学习") == ["note Học tập 学习"])
    #expect(Self.names("hoc tap") == ["note Học tập 学习"])
    #expect(Self.names("PHUONG") == ["heading(level: 1) Phương pháp"])
    // Two word starts (`M…P…`) rank before one.
    #expect(Self.names("mp") == ["heading(level: 2) Memory Palace", "source bartlett1932"])
  }

  @Test func sourcesAnswerToKeyAndTitle() {
    #expect(Self.names("@bart") == ["source bartlett1932"])
    #expect(Self.names("social psych") == ["source bartlett1932"])
    let match = Fixture.workspace(Self.files).workspaceSymbols(matching: "halb").first
    #expect(match?.container == "La mémoire collective")
    #expect(match?.path == "sources/halbwachs.md")
  }

  @Test func locationsPointAtTheSymbol() throws {
    let workspace = Fixture.workspace(Self.files)
    let heading = try #require(workspace.workspaceSymbols(matching: "palace").first)
    let bytes = Array(Self.files["notes/học-tập.md", default: ""].utf8)
    #expect(String(decoding: bytes[heading.range], as: UTF8.self) == "Memory Palace")
    #expect(heading.container == "Học tập 学习")
    let tag = try #require(workspace.workspaceSymbols(matching: "#memo").first { $0.kind == .tag })
    #expect(tag.path == "notes/other.md")
    #expect(tag.container == "1 note")
    let note = try #require(workspace.workspaceSymbols(matching: "học").first)
    #expect(note.range == 0..<0)
  }

  @Test func resultsAreCappedAndAnEmptyQueryListsEverything() {
    #expect(Self.names("").count == 11)
    #expect(Self.names("", limit: 3) == ["note Memo", "heading(level: 1) Memo", "tag #memo"])
    #expect(Self.names("e", limit: 2).count == 2)
  }

  @Test func theCatalogFollowsEdits() {
    var workspace = Fixture.workspace(Self.files)
    #expect(workspace.workspaceSymbols(matching: "zebra").isEmpty)
    let snapshot = workspace
    Fixture.set("notes/memo.md", "# Zebra crossing\n", in: &workspace)
    #expect(workspace.workspaceSymbols(matching: "zebra").map(\.name) == ["Zebra crossing", "Zebra crossing"])
    #expect(snapshot.workspaceSymbols(matching: "zebra").isEmpty)
    Fixture.set("refs.bib", "@book{zebra2001, title = {Stripes}}\n", in: &workspace)
    #expect(workspace.workspaceSymbols(matching: "zebra2").map(\.name) == ["zebra2001"])
    // The catalog rebuilt from the previous one answers as one built from scratch.
    var files = Self.files
    files["notes/memo.md"] = "# Zebra crossing\n"
    files["refs.bib"] = "@book{zebra2001, title = {Stripes}}\n"
    let fresh = Fixture.workspace(files)
    for query in ["", "z", "mem", "stripes", "pp"] {
      #expect(workspace.workspaceSymbols(matching: query) == fresh.workspaceSymbols(matching: query))
    }
  }

  @Test func thousandsOfNotesAreSearchedFromOneCatalog() {
    var files: [String: String] = [:]
    for index in 0..<3_000 {
      files["notes/n\(index).md"] = "# Ghi chú \(index)\n\n## Phần \(index % 97) 🦉\n"
    }
    let workspace = Fixture.workspace(files)
    #expect(workspace.symbolCatalog.count == 9_000)
    #expect(workspace.workspaceSymbols(matching: "ghi chú 2999").map(\.name) == ["Ghi chú 2999", "Ghi chú 2999"])
    #expect(workspace.workspaceSymbols(matching: "p").count == 200)
  }
}
