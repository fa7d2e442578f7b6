import GlossIndex
import GlossSyntax
import TestSupport
import Testing

/// Cross-references are checked against the labels Quarto and pandoc-crossref would find: no diagnostic for a label
/// that exists, `unknown-crossref` (a warning with the nearest labels as fixes) for one that does not, with or
/// without a bibliography; in a book the labels of every chapter count.
@Suite struct CrossrefDiagnosticsTests {
  static let book: WorkspaceConfig = {
    var config = WorkspaceConfig()
    config.isQuartoProject = true
    config.project = ProjectMetadata(parsingYAML: "book:\n  chapters:\n    - one.qmd\n    - two.qmd\n")
    return config
  }()

  func messages(_ workspace: Workspace, _ path: String) -> [String] {
    workspace.diagnostics(for: path).map { "\($0.code) \($0.severity.rawValue) \($0.message)" }
  }

  @Test func aLabelThatExistsIsNoErrorAndAMissingOneIsAWarningWithoutAnyBibliography() {
    let workspace = Fixture.workspace([
      "a.qmd": """
      See @fig-owl, @Fig-owl, [-@fig-owl], [@tbl-ghost] and @fig-ow 🦉.

      ![Một con cú](owl.png){#fig-owl}
      """,
      "owl.png": "",
    ])
    #expect(workspace.knowsNoSources)
    #expect(
      messages(workspace, "a.qmd") == [
        "unknown-crossref warning unknown cross-reference 'tbl-ghost': no table labelled 'tbl-ghost' in this document",
        "unknown-crossref warning unknown cross-reference 'fig-ow': no figure labelled 'fig-ow' in this document",
      ])
    let fixes = workspace.quickFixes(for: workspace.diagnostics(for: "a.qmd")[1])
    #expect(fixes.map(\.title) == ["replace with 'fig-owl'"])
  }

  @Test func aCapitalisedReferenceKeepsItsCapitalInTheFix() {
    let workspace = Fixture.workspace(["a.qmd": "@Fig-ow\n\n![x](o.png){#fig-owl}\n"])
    let fixes = workspace.quickFixes(for: workspace.diagnostics(for: "a.qmd")[0])
    #expect(fixes.map(\.title) == ["replace with 'Fig-owl'"])
  }

  @Test func quartoReservesItsPrefixesEvenForABibliographyKey() {
    let workspace = Fixture.workspace([
      "a.qmd": "[@fig-smith2020] [@smith2020]\n",
      "refs.bib": "@book{fig-smith2020, title = {A}}\n@book{smith2020, title = {B}}\n",
    ])
    #expect(
      messages(workspace, "a.qmd") == [
        "unknown-crossref warning unknown cross-reference 'fig-smith2020': no figure labelled 'fig-smith2020' in this "
          + "document (a source has this key, but Quarto reads it as a cross-reference)"
      ])
  }

  @Test func pandocCrossrefLabelsAndTheirReferences() {
    let workspace = Fixture.workspace([
      "paper.md":
        "@fig:map [@eq:1] @Fig:map @sec:intro @fig:mpa\n\n# Intro {#sec:intro}\n\n![Map](m.png){#fig:map}\n\n$$ x $$ {#eq:1}\n",
      "m.png": "",
    ])
    #expect(workspace.diagnostics(for: "paper.md").map(\.code) == ["unknown-crossref"])
  }

  @Test func labelsInOtherNotesCountOnlyInABook() {
    let files = [
      "one.qmd": "# One {#sec-one}\n\nSee @fig-two.\n", "two.qmd": "![Two](t.png){#fig-two}\n\n@sec-one\n", "t.png": "",
    ]
    let plain = Fixture.workspace(files)
    #expect(plain.diagnostics(for: "one.qmd").map(\.code) == ["unknown-crossref"])
    #expect(plain.diagnostics(for: "two.qmd").map(\.code) == ["unknown-crossref"])
    let book = Fixture.workspace(files, config: Self.book)
    #expect(book.diagnostics(for: "one.qmd") == [])
    #expect(book.diagnostics(for: "two.qmd") == [])
  }

  @Test func aLabelAppearingOrGoingInAnotherChapterReDiagnosesItsReferences() {
    var workspace = Fixture.workspace(
      ["one.qmd": "See @fig-two.\n", "two.qmd": "Nothing yet.\n"], config: Self.book)
    #expect(workspace.diagnostics(for: "one.qmd").map(\.code) == ["unknown-crossref"])
    let changed = Fixture.set("two.qmd", "![Two](t.png){#fig-two}\n", in: &workspace)
    #expect(changed.contains("one.qmd"))
    #expect(workspace.diagnostics(for: "one.qmd") == [])
    Fixture.set("two.qmd", "Gone.\n", in: &workspace)
    #expect(workspace.diagnostics(for: "one.qmd").map(\.code) == ["unknown-crossref"])
  }

  @Test func anEditAddingTheLabelInTheSameNoteClearsTheWarningElsewhereInIt() {
    let before = "See @fig-a.\n\nMore text.\n\nEnd.\n"
    var workspace = Fixture.workspace(["a.qmd": before, "a.png": ""])
    #expect(workspace.diagnostics(for: "a.qmd").map(\.code) == ["unknown-crossref"])
    let insertion = "![A](a.png){#fig-a}"
    let at = before.utf8.count - 5
    var bytes = Array(before.utf8)
    bytes.insert(contentsOf: Array(insertion.utf8), at: at)
    workspace.setNote(
      path: "a.qmd", bytes: bytes, after: TextEditSpan(range: at..<at, insertedCount: insertion.utf8.count))
    #expect(workspace.diagnostics(for: "a.qmd") == [])
  }

  @Test func customKindsFromTheProjectAndTheFrontMatter() {
    var config = WorkspaceConfig()
    config.project = ProjectMetadata(
      parsingYAML: "crossref:\n  custom:\n    - kind: float\n      key: dino\n      reference-prefix: Dinosaur\n")
    let workspace = Fixture.workspace(
      [
        "a.qmd": "@dino-rex @dino-ghost @vid-x @other-thing\n\n::: {#dino-rex}\nA rex\n:::\n",
        "b.qmd": "---\ncrossref:\n  custom:\n    - key: vid\n---\n\n@vid-x @vid-y\n\n::: {#vid-x}\nA video\n:::\n",
      ], config: config)
    // `vid` is a kind in b.qmd only; `other` is no kind anywhere, so `@other-thing` stays a citation (with no
    // bibliography, not checked).
    #expect(
      messages(workspace, "a.qmd") == [
        "unknown-crossref warning unknown cross-reference 'dino-ghost': no dinosaur labelled 'dino-ghost' in this document"
      ])
    #expect(
      workspace.diagnostics(for: "b.qmd").map(\.message) == [
        "unknown cross-reference 'vid-y': no vid labelled 'vid-y' in this document"
      ])
  }

  @Test func theSeverityCanBeChangedInTheConfig() {
    var config = WorkspaceConfig()
    config.diagnostics = ["unknown-crossref": "error"]
    let workspace = Fixture.workspace(["a.qmd": "@fig-x\n"], config: config)
    #expect(workspace.diagnostics(for: "a.qmd").map(\.severity) == [.error])
  }
}
