import GlossIndex
import GlossSyntax
import TestSupport
import Testing

/// Citation forms seen in Quarto and Manubot projects: a suffix that names no place is no locator to check.
@Suite struct CitationDialectTests {
  static let bibliography = "@article{burkner2017, title = {brms}}\n@book{smith2020, title = {T}}\n"

  @Test func aVersionNumberInTheSuffixIsNoPageMissingFromTheText() {
    let workspace = Fixture.workspace([
      "a.qmd": "[@burkner2017, v2.22] [@smith2020, p. 4] [@smith2020, 12] [@smith2020, S12]\n",
      "refs.bib": Self.bibliography,
    ])
    // Pandoc reads all four as page locators; the first names no page.
    #expect(workspace.diagnostics(for: "a.qmd").map(\.code) == ["no-text", "no-text", "no-text"])
    #expect(workspace.diagnostics(for: "a.qmd").first?.message == "'smith2020' has no text to find 'p. 4' in")
  }

  @Test func aCiTOPropertyBeforeTheKeyCitesTheKey() {
    let workspace = Fixture.workspace([
      "a.qmd": "[@cites:smith2020] @extends:burkner2017 [@agrees_with:smith2020; @data:ghost] [@madeup:smith2020]\n",
      "refs.bib": Self.bibliography,
    ])
    #expect(
      workspace.diagnostics(for: "a.qmd").map(\.message) == [
        "unknown source 'data:ghost'", "unknown source 'madeup:smith2020'",
      ])
    let hover = workspace.hover(at: 4, in: "a.qmd")?.markdown ?? ""
    #expect(!hover.hasPrefix("unknown source"))
  }

  @Test func aManubotIdentifierResolvesWhenTheBibliographyHasItAndIsOtherwiseAHint() {
    let workspace = Fixture.workspace([
      "a.md": "[@doi:10.1098/rsif.2017.0387] [@pmid:29618526] [@arxiv:1407.3561v1] [@isbn:9781339919881]\n",
      "refs.json": #"[{"id": "doi:10.1098/rsif.2017.0387", "title": "Opportunities and obstacles"}]"#,
    ])
    let diagnostics = workspace.diagnostics(for: "a.md")
    #expect(diagnostics.map(\.severity) == [.hint, .hint, .hint])
    #expect(diagnostics.map(\.code) == Array(repeating: "unresolved-identifier", count: 3))
    #expect(
      diagnostics.first?.message
        == "no source has the PubMed ID 'pmid:29618526' (Manubot looks it up when it builds the document)")
  }

  @Test func referencesAndRenameOfASourceKeyIncludeItsCiTOUsesAndKeepTheProperty() throws {
    let files = [
      "a.qmd": "Trí nhớ 🐘 [@cites:smith2020] and @extends:smith2020, [@smith2020; @data:smith2020].\n",
      "refs.bib": Self.bibliography,
    ]
    let workspace = Fixture.workspace(files)
    let text = files["a.qmd"] ?? ""
    func offset(_ needle: String) -> Int {
      let range = text.utf8.firstRange(of: needle.utf8)
      return range.map { text.utf8.distance(from: text.utf8.startIndex, to: $0.lowerBound) } ?? -1
    }
    let keyRanges = ["cites:smith2020", "extends:smith2020", "@smith2020", "data:smith2020"].map { needle in
      let end = offset(needle) + needle.utf8.count
      return end - "smith2020".utf8.count..<end
    }
    // From the plain citation and from a CiTO-prefixed one alike.
    for at in [offset("@smith2020;") + 2, offset("extends:") + 3] {
      let found = workspace.references(at: at, in: "a.qmd", includeDeclaration: false)
      #expect(found.map(\.range) == keyRanges)
    }
    #expect(workspace.citationCount(ofKey: "smith2020") == 4)
    #expect(workspace.codeLenses(in: "refs.bib").map(\.count) == [0, 4])
    let placeholder = workspace.prepareRename(at: offset("cites:") + 2, in: "a.qmd")
    #expect(placeholder?.text == "smith2020")
    #expect(placeholder?.range == keyRanges[0])
    let change = try workspace.rename(at: offset("cites:") + 2, in: "a.qmd", to: "smith2021")
    let edits = change.edits["a.qmd"] ?? []
    #expect(edits.map(\.range) == keyRanges)
    #expect(edits.map(\.newText) == Array(repeating: "smith2021", count: 4))
  }

  @Test func theManubotHintHasItsOwnCodeThatTheConfigCanSwitchOff() {
    var config = WorkspaceConfig()
    config.diagnostics["unresolved-identifier"] = "off"
    let workspace = Fixture.workspace(
      ["a.md": "[@doi:10.1/x] [@ghost]\n", "refs.bib": Self.bibliography], config: config)
    #expect(workspace.diagnostics(for: "a.md").map(\.code) == ["unknown-source"])
  }
}
