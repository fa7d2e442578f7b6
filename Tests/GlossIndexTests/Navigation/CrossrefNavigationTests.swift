import GlossIndex
import GlossSyntax
import TestSupport
import Testing

/// Hover, definition, references, rename and the outline on cross-references and their labels, in a book whose
/// chapters are numbered as Quarto numbers them.
@Suite struct CrossrefNavigationTests {
  static let config: WorkspaceConfig = {
    var config = WorkspaceConfig()
    config.isQuartoProject = true
    config.project = ProjectMetadata(
      parsingYAML: "book:\n  chapters:\n    - index.qmd\n    - one.qmd\n    - two.qmd\n")
    return config
  }()

  static let files = [
    "index.qmd": "# Preface {.unnumbered}\n\nSee @sec-two.\n",
    "one.qmd": "# One {#sec-one}\n\n![Đàn voi 🐘](a.png){#fig-herd}\n\n![Second](b.png){#fig-second}\n",
    "two.qmd": "# Two {#sec-two}\n\nAs @Fig-second and [-@fig-herd] show, and @fig-herd again.\n",
    "a.png": "", "b.png": "",
  ]

  func offset(of needle: String, in path: String, plus: Int = 1) -> Int {
    let text = Self.files[path] ?? ""
    guard let range = text.utf8.firstRange(of: needle.utf8) else { return 0 }
    return text.utf8.distance(from: text.utf8.startIndex, to: range.lowerBound) + plus
  }

  @Test func hoverShowsKindChapterNumberAndCaption() {
    let workspace = Fixture.workspace(Self.files, config: Self.config)
    let hover = workspace.hover(at: offset(of: "@Fig-second", in: "two.qmd"), in: "two.qmd")?.markdown
    #expect(hover == "**Figure 1.2**\n\nSecond\n\n`fig-second` in one.qmd · 1 reference")
    let herd = workspace.hover(at: offset(of: "{#fig-herd", in: "one.qmd", plus: 3), in: "one.qmd")?.markdown
    #expect(herd == "**Figure 1.1**\n\nĐàn voi 🐘\n\n`fig-herd` · 2 references")
    let chapter = workspace.hover(at: offset(of: "@sec-two", in: "index.qmd"), in: "index.qmd")?.markdown
    #expect(chapter?.hasPrefix("**Section 2**\n\nTwo") == true)
  }

  @Test func definitionReferencesAndRenameFollowTheLabelAcrossChapters() throws {
    let workspace = Fixture.workspace(Self.files, config: Self.config)
    let at = offset(of: "@fig-herd again", in: "two.qmd")
    let definition = workspace.definition(at: at, in: "two.qmd")
    #expect(definition.map(\.path) == ["one.qmd"])
    let references = workspace.references(at: at, in: "two.qmd", includeDeclaration: true)
    #expect(references.map(\.path) == ["one.qmd", "two.qmd", "two.qmd"])
    let placeholder = workspace.prepareRename(at: offset(of: "@Fig-second", in: "two.qmd"), in: "two.qmd")
    #expect(placeholder?.text == "Fig-second")
    let change = try workspace.rename(at: at, in: "two.qmd", to: "fig-elephants")
    #expect(change.edits["one.qmd"]?.map(\.newText) == ["fig-elephants"])
    #expect(change.edits["two.qmd"]?.map(\.newText) == ["fig-elephants", "fig-elephants"])
    #expect(throws: RenameError.self) { try workspace.rename(at: at, in: "two.qmd", to: "tbl-herd") }
  }

  @Test func theOutlineListsLabelsUnderTheirHeadings() {
    let workspace = Fixture.workspace(Self.files, config: Self.config)
    let symbols = workspace.documentSymbols(in: "one.qmd")
    #expect(symbols.map(\.name) == ["One"])
    #expect(symbols.first?.children.map(\.name) == ["fig-herd", "fig-second"])
    #expect(symbols.first?.children.first?.detail == "Figure: Đàn voi 🐘")
  }
}

/// Completion after `@` offers the labels with their kind, number and caption.
@Suite struct CrossrefCompletionTests {
  @Test func labelsAreOfferedAfterAKindPrefixFirstAndAfterTheSourcesOtherwise() {
    let note = "![Đàn voi](a.png){#fig-herd}\n\n| a |\n|---|\n| 1 |\n\n: Counts {#tbl-counts}\n\nSee @fig-"
    let bytes = Array(note.utf8)
    let workspace = Fixture.workspace(
      ["a.qmd": note, "a.png": "", "refs.bib": "@book{figueroa2001, title = {Figs}}\n"])
    let items = workspace.completions(at: bytes.count, in: "a.qmd", text: bytes).items
    #expect(items.first?.label == "fig-herd")
    #expect(items.first?.detail == "Figure 1: Đàn voi")
    let capital = Array((note.dropLast(4) + "Tb").utf8)
    let upper = workspace.completions(at: capital.count, in: "a.qmd", text: capital).items
    #expect(upper.map(\.label) == ["Tbl-counts"])
    let bare = Array(note.dropLast(4).utf8)
    let all = workspace.completions(at: bare.count, in: "a.qmd", text: bare).items.map(\.label)
    #expect(all == ["figueroa2001", "fig-herd", "tbl-counts"])
  }

  @Test func linksToAHeadingsIdentifierResolveAndItsTitleHasNoAttributes() {
    let workspace = Fixture.workspace([
      "one.qmd": "# Phương pháp {#sec-methods}\n\nSee [above](#sec-methods) and [the intro](two.qmd#sec-intro).\n",
      "two.qmd": "# Intro {#sec-intro .unnumbered}\n\nBack to [[one#sec-methods]]; [gone](#sec-none).\n",
    ])
    #expect(workspace.diagnostics(for: "one.qmd").isEmpty)
    #expect(workspace.diagnostics(for: "two.qmd").map(\.code) == ["broken-anchor"])
    #expect(workspace.notes["one.qmd"]?.title == "Phương pháp")
    #expect(workspace.documentSymbols(in: "two.qmd").map(\.name) == ["Intro"])
  }
}
