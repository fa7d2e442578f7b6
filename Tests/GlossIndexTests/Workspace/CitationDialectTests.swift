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
    #expect(
      diagnostics.first?.message
        == "no source has the PubMed ID 'pmid:29618526' (Manubot looks it up when it builds the document)")
  }
}
