import GlossIndex
import GlossSyntax
import TestSupport
import Testing

/// Printed page numbers: a journal article's PDF whose first page is the journal's page 213.
@Suite struct PrintedPagesTests {
  static let bib = """
    @article{smith2020, title = {River}, pages = {213--215}, file = {smith2020.txt}}
    @article{jones2021, title = {Delta}, pages = {10--99}, file = {jones2021.txt}}
    """
  static let pages = "Page one.\n\u{0C}The flow is an imaginative reconstruction.\n\u{0C}The end.\n\u{0C}"

  func workspace(_ note: String, config: WorkspaceConfig = WorkspaceConfig()) -> Workspace {
    Workspace(
      loading: [
        WorkspaceFile(path: "refs.bib", role: .bibliography, bytes: Array(Self.bib.utf8)),
        WorkspaceFile(path: "smith2020.txt", role: .sourceDocument, bytes: Array(Self.pages.utf8)),
        WorkspaceFile(path: "jones2021.txt", role: .sourceDocument, bytes: Array(Self.pages.utf8)),
        WorkspaceFile(path: "a.md", role: .note, bytes: Array(note.utf8)),
      ], config: config)
  }

  @Test func pagesThatFitTheEntrysRangeCountFromItsFirstPage() {
    let workspace = workspace(#"The flow is "an imaginative reconstruction" [@smith2020, p. 214]."#)
    #expect(workspace.diagnostics(for: "a.md").isEmpty)
    let offset = #"The flow is "an imaginative reconstruction" [@"#.utf8.count
    let hover = workspace.hover(at: offset + 2, in: "a.md")?.markdown ?? ""
    #expect(hover.hasPrefix("✓ quotation found in 'smith2020' (smith2020.txt), p. 214 = PDF page 2\n"), "\(hover)")
  }

  @Test func aPrintedPageOutsideTheArticleSaysWhichPagesItHas() {
    let workspace = workspace("See [@smith2020, p. 230].")
    #expect(
      workspace.diagnostics(for: "a.md").map(\.message) == [
        "cannot find 'p. 230' in 'smith2020': its 3 PDF pages are printed pages 213–215"
      ])
  }

  @Test func aRangeThatDoesNotFitTheTextLeavesPagesAsTheyAre() {
    // 90 printed pages against a 3-page text: the heuristic does not apply, `p. 2` is the text's page 2.
    let workspace = workspace(#"The flow is "an imaginative reconstruction" [@jones2021, p. 2]."#)
    #expect(workspace.diagnostics(for: "a.md").isEmpty)
  }

  @Test func anExplicitOffsetWins() throws {
    var config = WorkspaceConfig()
    config.pageOffsets = ["jones2021": 40]
    let workspace = workspace(#"The flow is "an imaginative reconstruction" [@jones2021, p. 42]."#, config: config)
    #expect(workspace.diagnostics(for: "a.md").isEmpty)
  }

  @Test func pageOffsetsAreReadFromTheConfigFile() {
    let resolved = WorkspaceConfig.resolved(
      editorSettings: nil, file: Array(#"{"pageOffsets": {"smith2020": 212, "bad": "x"}}"#.utf8))
    #expect(resolved.config.pageOffsets == ["smith2020": 212])
    #expect(resolved.fileProblems.map(\.message) == ["page offset of 'bad' must be a whole number, found a string"])
  }
}
