import Foundation
import GlossIndex
import GlossSyntax
import TestSupport
import Testing

/// Fields as hover, completion and exports show them, for the shapes of real bibliographies (dates with month and
/// day, inherited crossref fields, particles, undated sources), and the encodings a `.bib` arrives in.
@Suite struct BibliographyFidelityTests {
  static let files: [String: String] = [
    "refs.bib": """
    @inbook{chapter, crossref = {book}, title = {The Chapter}, author = {Ludwig van Beethoven}, pages = {1--10}}
    @book{book, title = {The Book}, subtitle = {A Subtitle}, editor = {Ed, Ed}, publisher = {Pub}, date = {1991-03}}
    @misc{undated, author = {Nobody, Ann}, title = {Undated}}
    """,
    "note.md": "See [@chap1️⃣ter, p. 4] and [@undated].\n",
  ]

  static func workspace() -> (Workspace, MarkedText) {
    let note = MarkedText(files["note.md"] ?? "")
    var files = files
    files["note.md"] = note.text
    return (Fixture.workspace(files), note)
  }

  @Test func hoverShowsTheInheritedContainerTheFullDateAndTheCitedName() throws {
    let (workspace, note) = Self.workspace()
    let hover = try #require(workspace.hover(at: note.cursors["1"] ?? -1, in: "note.md"))
    #expect(
      hover.markdown.hasPrefix(
        "**The Chapter** · `chapter`\n\nBeethoven, Ludwig van · March 1991 · *The Book: A Subtitle*"))
  }

  @Test func completionDocumentationShowsTheFullDateAndName() throws {
    let (workspace, _) = Self.workspace()
    let documentation = try #require(workspace.completionDocumentation(forKey: "chapter"))
    #expect(documentation.contains("Ludwig van Beethoven"))
    #expect(documentation.contains("March 1991 · *The Book: A Subtitle*"))
    #expect(documentation.contains("edited by Ed Ed"))
  }

  @Test func markdownExportCitesTheFamilyNameAndWritesOnePeriodAfterNoDate() throws {
    let (workspace, note) = Self.workspace()
    let output = try workspace.export(.notes(["note.md"]), format: .markdown, output: nil) { _ in Array(note.text.utf8)
    }
    let text = String(decoding: output.files[0].bytes, as: UTF8.self)
    #expect(text.contains("See (Beethoven 1991, p. 4) and (Nobody n.d.)."))
    #expect(text.contains("Nobody, Ann. n.d. *Undated*."))
    #expect(!text.contains("n.d.."))
    #expect(text.contains("Beethoven, Ludwig van. 1991."))
  }

  @Test func htmlExportWritesOnePeriodAfterNoDate() throws {
    let (workspace, note) = Self.workspace()
    let output = try workspace.export(.notes(["note.md"]), format: .html, output: nil) { _ in Array(note.text.utf8) }
    let text = String(decoding: output.files[0].bytes, as: UTF8.self)
    #expect(text.contains("Nobody, Ann. n.d. "))
    #expect(!text.contains("n.d.."))
  }

  @Test func pandocExportWritesDatePartsAndParticlesAsPandocReadsThem() throws {
    let (workspace, note) = Self.workspace()
    let output = try workspace.export(.notes(["note.md"]), format: .pandoc, output: nil) { _ in Array(note.text.utf8) }
    let csl = try #require(output.files.first { $0.path.hasSuffix(".csl.json") })
    let items = try #require(try JSONSerialization.jsonObject(with: Data(csl.bytes)) as? [[String: Any]])
    let chapter = try #require(items.first { $0["id"] as? String == "chapter" })
    let issued = chapter["issued"] as? [String: Any]
    #expect(issued?["date-parts"] as? [[Int]] == [[1991, 3]])
    #expect(chapter["container-title"] as? String == "The Book: A Subtitle")
    let author = (chapter["author"] as? [[String: String]])?.first
    #expect(author == ["family": "Beethoven", "given": "Ludwig", "dropping-particle": "van"])
  }

  @Test func crossrefProblemsAreDiagnosticsOnTheBibliography() {
    let workspace = Fixture.workspace([
      "refs.bib":
        "@inbook{a, crossref = {elsewhere}, title = {A}}\n@inbook{b, crossref = {c}}\n@inbook{c, crossref = {b}}\n",
      "other.bib": "@book{elsewhere, title = {In Another File}}\n",
    ])
    let messages = workspace.diagnostics(for: "refs.bib").map { "\($0.code): \($0.message)" }
    #expect(
      messages == [
        "malformed-bibliography: crossref target 'elsewhere' is not in this file: nothing is inherited from it",
        "malformed-bibliography: circular crossref: 'c' → 'b' → 'c'",
        "malformed-bibliography: circular crossref: 'b' → 'c' → 'b'",
      ])
  }

  @Test func undeclaredLatin1BibliographyIsADiagnosticAndStillLoads() {
    let bytes: [UInt8] = Array("@book{k, title = {M".utf8) + [0xFC] + Array("ller}}\n".utf8)
    let workspace = Workspace(loading: [WorkspaceFile(path: "refs.bib", role: .bibliography, bytes: bytes)])
    let diagnostics = workspace.diagnostics(for: "refs.bib")
    #expect(diagnostics.map(\.code) == ["malformed-bibliography"])
    #expect(diagnostics.first?.range == 19..<22)
    #expect(workspace.source(forKey: "k")?.title == "M\u{FFFD}ller")
  }

  @Test func declaredWindows1252AndUTF16BibliographiesLoadWithoutDiagnostics() {
    let latin: [UInt8] = Array("% Encoding: windows-1252\n@book{k, title = {M".utf8) + [0xFC] + Array("ller}}\n".utf8)
    var utf16: [UInt8] = [0xFF, 0xFE]
    for unit in "@book{u, title = {Über}}\n".utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    let workspace = Workspace(loading: [
      WorkspaceFile(path: "latin.bib", role: .bibliography, bytes: latin),
      WorkspaceFile(path: "wide.bib", role: .bibliography, bytes: utf16),
    ])
    #expect(workspace.diagnostics(for: "latin.bib").isEmpty)
    #expect(workspace.diagnostics(for: "wide.bib").isEmpty)
    #expect(workspace.source(forKey: "k")?.title == "Müller")
    #expect(workspace.source(forKey: "u")?.title == "Über")
  }
}
