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
}
