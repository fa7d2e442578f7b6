import GlossIndex
import GlossSyntax
import TestSupport
import Testing

@Suite struct CodeLensTests {
  private func lenses(_ path: String, workspace: Workspace = NavigationFixture.workspace) -> [String] {
    workspace.codeLenses(in: path).map { "[\($0.range.lowerBound)..<\($0.range.upperBound)) \($0.title)" }
  }

  private func marked(_ path: String, _ index: Int) -> String {
    let range = NavigationFixture.ranges(in: path)[index]
    return "[\(range.lowerBound)..<\(range.upperBound))"
  }

  @Test func bibliographyEntriesShowHowOftenTheyAreCited() {
    #expect(lenses("refs.bib") == [marked("refs.bib", 0) + " cited 2 times", marked("refs.bib", 2) + " cited 1 time"])
    #expect(lenses("library.csl.json") == [marked("library.csl.json", 0) + " cited 1 time"])
  }

  @Test func sourceDocumentsShowTheirCitationsAtTheTop() {
    #expect(lenses("sources/halbwachs.txt") == ["[0..<0) cited 2 times"])
    #expect(lenses("sources/page.html") == ["[0..<0) cited 1 time"])
  }

  @Test func notesShowTheirBacklinksAtTheTop() {
    #expect(lenses("notes/hub.md") == ["[0..<0) 4 backlinks"])
    #expect(lenses("notes/b.md") == ["[0..<0) 0 backlinks"])
    #expect(lenses("nowhere.md").isEmpty)
  }

  @Test func countsFollowEdits() {
    var workspace = NavigationFixture.workspace
    workspace.setNote(path: "notes/c.md", bytes: Array("[[hub]] [@nguyen2020; @nguyen2020, p. 2] 🦉\n".utf8))
    #expect(lenses("notes/hub.md", workspace: workspace) == ["[0..<0) 5 backlinks"])
    #expect(lenses("refs.bib", workspace: workspace).last == marked("refs.bib", 2) + " cited 3 times")
  }
}
