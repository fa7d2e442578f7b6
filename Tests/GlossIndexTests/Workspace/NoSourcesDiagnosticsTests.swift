import GlossIndex
import GlossSyntax
import TestSupport
import Testing

/// A workspace that knows no bibliography and no source document reports no citation as an unknown source: that is
/// a missing bibliography (said once by the server), not an error in every note. The first bibliography or source
/// document to arrive brings the reports back, and the last to leave takes them away, in every note.
@Suite struct NoSourcesDiagnosticsTests {
  static let notes = [
    "notes/a.md": "# A\n\nTheo [@bartlett1932] 🧠 và [[b]].\n",
    "notes/b.md": "# B\n\n[@ebbinghaus1885] [[không có]]\n",
  ]

  @Test func withoutAnySourceNoCitationIsUnknown() {
    let workspace = Fixture.workspace(Self.notes)
    #expect(workspace.knowsNoSources)
    #expect(workspace.diagnostics(for: "notes/a.md").map(\.code) == [])
    // Other diagnostics are unchanged.
    #expect(workspace.diagnostics(for: "notes/b.md").map(\.code) == ["broken-link"])
  }

  @Test func theFirstBibliographyBringsBackEveryUnknownSource() {
    var workspace = Fixture.workspace(Self.notes)
    let changed = Fixture.set("refs.bib", "@book{bartlett1932, title = {Remembering}}\n", in: &workspace)
    #expect(!workspace.knowsNoSources)
    // "ebbinghaus1885" is not in the new file, yet its note is re-diagnosed.
    #expect(changed.contains("notes/b.md"))
    #expect(workspace.diagnostics(for: "notes/a.md").map(\.code) == [])
    #expect(workspace.diagnostics(for: "notes/b.md").map(\.code) == ["unknown-source", "broken-link"])
    let removed = workspace.remove(path: "refs.bib")
    #expect(removed.contains("notes/b.md"))
    #expect(workspace.diagnostics(for: "notes/b.md").map(\.code) == ["broken-link"])
  }

  @Test func anEmptyBibliographyIsABibliography() {
    var files = Self.notes
    files["refs.bib"] = ""
    let workspace = Fixture.workspace(files)
    #expect(!workspace.knowsNoSources)
    #expect(workspace.diagnostics(for: "notes/a.md").map(\.code) == ["unknown-source"])
  }

  @Test func aSourceDocumentAloneIsEnough() {
    var files = Self.notes
    files["sources/ebbinghaus1885.md"] = "Über das Gedächtnis.\n"
    let workspace = Fixture.workspace(files)
    #expect(workspace.diagnostics(for: "notes/a.md").map(\.code) == ["unknown-source"])
    #expect(workspace.diagnostics(for: "notes/b.md").map(\.code) == ["broken-link"])
  }
}
