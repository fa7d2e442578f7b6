import GlossIndex
import GlossSyntax
import TestSupport
import Testing

/// Reference links (`[text][label]`, `[label][]`, `[label]` with `[label]: other.md#slug` further down) are links
/// between notes like inline ones: the definition is checked, renamed, counted as a backlink and opened; its uses go
/// where it goes.
@Suite struct ReferenceLinkTests {
  static let chapter = "---\ntitle: Chương hai\n---\n# Chương hai 📖\n\n⏩## Phương pháp⏪\n\nNội dung.\n"
  static let note = """
    Xem [chương 1️⃣hai][ch2] và [東京2️⃣] rồi [😀 nụ cười][] và [web][] nhưng [chữ3️⃣][không có].

    [ch2]: ⏩chương%202.md⏪#⏩phương-pháp⏪
    [東京]: <⏩東京.md⏪>
    [😀 Nụ  cười]: ⏩../ảnh/😀.png⏪
    [web]: https://example.org/không-kiểm
    """

  static var files: [String: String] {
    ["notes/chương 2.md": chapter, "notes/東京.md": "# 東京\n\n都市。\n", "ảnh/😀.png": "", "notes/a.md": note]
  }

  static var marked: MarkedText { MarkedText(note) }

  @Test func aDefinitionToAMissingNoteOrHeadingIsReportedOnceAtTheDefinition() {
    let note = """
      [Một][gone], [hai][GONE], [gone], [h] và [chữ][không định nghĩa] và [web].

      [gone]: ⏩thiếu 😀.md⏪
      [h]: <chương 2.md#⏩không-có⏪>
      [ok]: <chương 2.md>
      [web]: https://example.org/nowhere.md
      """
    checkDiagnostics(
      ["notes/chương 2.md": MarkedText(Self.chapter).text, "notes/a.md": note],
      ["notes/a.md": ["broken-link", "broken-anchor"]])
  }

  @Test func theDefinitionMakesABacklinkAndTheLensCountsTheLinksAReaderFollows() {
    var files = Self.files
    // Two uses of one definition, and a definition nothing uses.
    files["notes/b.md"] = "[Một 🦉][c2] và [hai][C2].\n\n[c2]: <chương 2.md>\n"
    files["notes/c.md"] = "Chưa dùng.\n\n[unused]: chương%202.md\n"
    let workspace = Fixture.workspace(files)
    #expect(workspace.backlinks(to: "notes/chương 2.md") == ["notes/a.md", "notes/b.md", "notes/c.md"])
    #expect(workspace.backlinks(to: "notes/東京.md") == ["notes/a.md"])
    // A reference link counts at its uses (one in a.md, two in b.md), its definition only where nothing uses it (c.md);
    // references list the definitions too, where the path is written.
    #expect(workspace.codeLenses(in: "notes/chương 2.md").map(\.count) == [4])
    #expect(workspace.codeLenses(in: "notes/東京.md").map(\.count) == [1])
    #expect(workspace.noteReferences("notes/chương 2.md", heading: nil, includeDeclaration: false).count == 6)
  }

  @Test func renamingTheNoteEditsTheDefinitionAndNotItsUses() {
    let files = [
      "notes/chương 2.md": "# Chương hai\n", "notes/a.md": "Xem [chương][1️⃣ch2] và [ch2].\n\n[ch2]: chương%202.md#x\n",
    ]
    checkRename(
      files, at: "notes/a.md", to: "chương ba",
      changes: [
        "notes/a.md": "Xem [chương][ch2] và [ch2].\n\n[ch2]: chương%20ba.md#x\n", "notes/chương 2.md": nil,
        "notes/chương ba.md": "# Chương hai\n",
      ])
  }

  @Test func movingTheNoteEditsTheDefinition() {
    let workspace = Fixture.workspace(Self.files)
    let change = workspace.renamingFiles([(old: "notes/東京.md", new: "地図/東京.md")])
    let ranges = Self.marked.ranges
    #expect(change.edits["notes/a.md"]?.map(\.range) == [ranges[2]])
    #expect(change.edits["notes/a.md"]?.map(\.newText) == ["../地図/東京.md"])
  }

  @Test func renamingAHeadingEditsTheDefinitionsAnchor() throws {
    let workspace = Fixture.workspace(Self.files)
    let index = try #require(workspace.note(at: "notes/chương 2.md")?.note.headings.firstIndex { $0.level == 2 })
    let change = try workspace.renameHeading(at: index, in: "notes/chương 2.md", to: "Cách làm")
    #expect(change.edits["notes/a.md"]?.map(\.range) == [Self.marked.ranges[1]])
    #expect(change.edits["notes/a.md"]?.map(\.newText) == ["cách-làm"])
  }

  @Test func definitionAndHoverFromAUseGoToTheTargetNoteAndHeading() {
    let workspace = Fixture.workspace(Self.files)
    let cursors = Self.marked.cursors
    let heading = MarkedText(Self.chapter).ranges[0]
    #expect(
      workspace.definition(at: cursors["1"] ?? -1, in: "notes/a.md").map(\.description) == [
        "notes/chương 2.md [\(heading.lowerBound)..<\(heading.upperBound))"
      ])
    #expect(
      workspace.definition(at: cursors["2"] ?? -1, in: "notes/a.md").map(\.description) == ["notes/東京.md [0..<0)"])
    let hover = workspace.hover(at: cursors["1"] ?? -1, in: "notes/a.md")?.markdown ?? ""
    #expect(hover.contains("Chương hai"), "\(hover)")
    // `[chữ][không có]` names no definition: Pandoc reads it as text, and so does Gloss.
    #expect(workspace.definition(at: cursors["3"] ?? -1, in: "notes/a.md").isEmpty)
    #expect(workspace.hover(at: cursors["3"] ?? -1, in: "notes/a.md") == nil)
  }

  @Test func documentLinksOpenTheTargetFromTheDefinitionAndFromEachUse() {
    let workspace = Fixture.workspace(Self.files)
    let text = Array(Self.marked.text.utf8)
    let links = workspace.documentLinks(in: "notes/a.md").map { link -> String in
      let span = String(decoding: text[link.range], as: UTF8.self)
      switch link.destination {
      case .file(let path): return "\(span) → \(path)"
      case .url(let url): return "\(span) → \(url)"
      default: return "\(span) → ?"
      }
    }
    #expect(
      links == [
        "ch2 → notes/chương 2.md", "東京 → notes/東京.md", "😀 nụ cười → ảnh/😀.png",
        "web → https://example.org/không-kiểm", "chương%202.md#phương-pháp → notes/chương 2.md",
        "東京.md → notes/東京.md", "../ảnh/😀.png → ảnh/😀.png",
        "https://example.org/không-kiểm → https://example.org/không-kiểm",
      ])
  }

  @Test func referencesToTheHeadingListTheDefinitionAndItsUses() {
    let workspace = Fixture.workspace(Self.files)
    let heading = MarkedText(Self.chapter).ranges[0]
    let text = Array(Self.marked.text.utf8)
    let found = workspace.references(at: heading.lowerBound + 4, in: "notes/chương 2.md", includeDeclaration: false)
    #expect(
      found.map { "\($0.path) \(String(decoding: text[$0.range], as: UTF8.self))" } == [
        "notes/a.md [chương hai][ch2]", "notes/a.md [ch2]: chương%202.md#phương-pháp",
      ])
  }

  @Test func exportsFlattenUsesOfNotesAndKeepDefinitionsAsWritten() throws {
    let workspace = Fixture.workspace(Self.files)
    let text = Array(Self.marked.text.utf8)
    func export(_ format: ExportFormat) throws -> String {
      let output = try workspace.export(.notes(["notes/a.md"]), format: format, output: "out") { _ in text }
      return String(decoding: output.files.first?.bytes ?? [], as: UTF8.self)
    }
    let markdown = try export(.markdown)
    #expect(markdown.contains("Xem chương hai và 東京 rồi [😀 nụ cười][] và [web][] nhưng [chữ][không có]."))
    #expect(markdown.contains("[ch2]: chương%202.md#phương-pháp\n[東京]: <東京.md>\n"))
    let pandoc = try export(.pandoc)
    #expect(pandoc.contains("Xem chương hai và 東京 rồi"), "\(pandoc)")
    let html = try export(.html)
    #expect(html.contains("Xem chương hai và 東京 rồi"), "\(html)")
    #expect(html.contains("<a href=\"https://example.org/không-kiểm\">web</a>"), "\(html)")
    #expect(!html.contains("[ch2]") && !html.contains("東京.md"), "\(html)")
  }
}
