import GlossIndex
import GlossSyntax
import TestSupport
import Testing

@Suite struct DefinitionTests {
  private func definition(_ digit: String, in path: String, sourceLocation: SourceLocation = #_sourceLocation)
    -> [String]
  {
    let offset = NavigationFixture.cursor(digit, in: path, sourceLocation: sourceLocation)
    return NavigationFixture.workspace.definition(at: offset, in: path).map(\.description)
  }

  private func marked(_ path: String, _ index: Int) -> String {
    let range = NavigationFixture.ranges(in: path)[index]
    return "\(path) [\(range.lowerBound)..<\(range.upperBound))"
  }

  @Test func sectionLocatorLeadsToTheSectionInTheSourceFile() {
    #expect(definition("1", in: "notes/a.md") == [marked("sources/bartlett1932.md", 0)])
  }

  @Test func pageLocatorLeadsToThePageAfterTheFormFeed() {
    #expect(definition("2", in: "notes/a.md") == [marked("sources/halbwachs.txt", 0)])
  }

  @Test func withoutAResolvedPassageACitationLeadsToTheTextOrTheEntry() {
    var workspace = NavigationFixture.workspace
    let note = MarkedText("Ω [@bart1️⃣lett1932, p. 99] [@nguy2️⃣en2020, p. 4] [@tana3️⃣ka2019] [@nu4️⃣lle] [@pa5️⃣ge, chap. 2]\n")
    workspace.setNote(path: "c.md", bytes: Array(note.text.utf8))
    func definition(_ digit: String) -> [String] {
      workspace.definition(at: note.cursors[digit] ?? -1, in: "c.md").map(\.description)
    }
    #expect(definition("1") == ["sources/bartlett1932.md [0..<0)"])
    #expect(definition("2") == [marked("refs.bib", 1)])
    let tanaka = NavigationFixture.ranges(in: "library.csl.json")[0]
    #expect(definition("3").count == 1)
    #expect(definition("3").first?.hasPrefix("library.csl.json [") == true)
    #expect(
      workspace.definition(at: note.cursors["3"] ?? -1, in: "c.md").first?.range.contains(tanaka.lowerBound) == true)
    #expect(definition("4").isEmpty)
    #expect(definition("5") == ["sources/page.html [0..<0)"])
  }

  @Test func htmlPassagesMapBackToTheFilesBytes() throws {
    let html = MarkedText(
      "<html><head><title>Une page</title></head><body><h1>Titre</h1><p>Premier.</p>\n"
        + "<h2>⏩Détails</h2>\n<p>Deuxième ligne 🦉 &amp; fin.⏪</p><h2>Autre</h2></body></html>\n")
    let note = MarkedText("Ếch 🐸 [@pa1️⃣ge, sec. détails]\n")
    let workspace = Fixture.workspace(["sources/page.html": html.text, "n.md": note.text])
    let found = workspace.definition(at: note.cursors["1"] ?? -1, in: "n.md")
    #expect(found == [FileLocation(path: "sources/page.html", range: html.ranges[0])])
    let hover = try #require(workspace.hover(at: note.cursors["1"] ?? -1, in: "n.md"))
    #expect(
      hover.markdown.hasSuffix(
        "section Détails of `page.html`:\n\n```text\nDétails\n\nDeuxième ligne 🦉 & fin.\n```"))
  }

  @Test func linksLeadToTheHeadingOrTheNote() {
    #expect(definition("3", in: "notes/a.md") == [marked("notes/hub.md", 0)])
    #expect(definition("6", in: "notes/a.md").isEmpty)
    let workspace = Fixture.workspace([
      "x.md": "[[hub]] [[dup]] [img](fig.png) [[hub#nope]]\n", "hub.md": "# Hub\n", "a/dup.md": "", "b/dup.md": "",
      "fig.png": "",
    ])
    #expect(workspace.definition(at: 3, in: "x.md").map(\.description) == ["hub.md [0..<0)"])
    #expect(workspace.definition(at: 11, in: "x.md").map(\.description) == ["a/dup.md [0..<0)", "b/dup.md [0..<0)"])
    #expect(workspace.definition(at: 18, in: "x.md").map(\.description) == ["fig.png [0..<0)"])
    #expect(workspace.definition(at: 34, in: "x.md").map(\.description) == ["hub.md [0..<0)"])
  }

  @Test func tagsAndPlainTextHaveNoDefinition() {
    #expect(definition("4", in: "notes/a.md").isEmpty)
    #expect(definition("8", in: "notes/a.md").isEmpty)
  }
}
