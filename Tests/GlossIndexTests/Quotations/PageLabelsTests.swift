import GlossIndex
import GlossSyntax
import TestSupport
import Testing

/// Printed page numbers from a PDF's page labels: a thesis whose front matter is `i`–`vi` and whose body is `1`–`14`
/// from the PDF's 7th page, and a report with prefixed appendix pages (`A-1`).
@Suite struct PageLabelsTests {
  /// 20 pages, each saying which PDF page it is.
  static let thesis = (1...20).map { "Text of PDF page \($0) here.\n" }.joined(separator: "\u{0C}") + "\u{0C}"
  static let thesisLabels = PageLabels(ranges: [
    PageLabels.Range(firstPage: 0, style: .lowerRoman), PageLabels.Range(firstPage: 6, style: .decimal),
  ])
  static let report = (1...6).map { "Report page \($0) text.\n" }.joined(separator: "\u{0C}") + "\u{0C}"
  static let reportLabels = PageLabels(ranges: [
    PageLabels.Range(firstPage: 0, style: .decimal), PageLabels.Range(firstPage: 3, style: .decimal, prefix: "A-"),
  ])

  func workspace(
    _ note: String, bib: String = "", config: WorkspaceConfig = WorkspaceConfig(),
    thesisLabels: PageLabels? = thesisLabels
  ) -> Workspace {
    Workspace(
      loading: [
        WorkspaceFile(path: "refs.bib", role: .bibliography, bytes: Array(bib.utf8)),
        WorkspaceFile(
          path: "sources/thesis.pdf", role: .sourceDocument, bytes: Array(Self.thesis.utf8), pageLabels: thesisLabels),
        WorkspaceFile(
          path: "sources/report.pdf", role: .sourceDocument, bytes: Array(Self.report.utf8),
          pageLabels: Self.reportLabels),
        WorkspaceFile(path: "a.md", role: .note, bytes: Array(note.utf8)),
      ], config: config)
  }

  func messages(_ note: String, bib: String = "", config: WorkspaceConfig = WorkspaceConfig()) -> [String] {
    workspace(note, bib: bib, config: config).diagnostics(for: "a.md").map(\.message)
  }

  func hover(_ note: String) -> String {
    let offset = note.utf8.count - 3
    return workspace(note).hover(at: offset, in: "a.md")?.markdown ?? ""
  }

  @Test(arguments: [
    (#""Text of PDF page 18 here" [@thesis, p. 12]"#, "p. 12 = PDF page 18"),
    (#""Text of PDF page 4 here" [@thesis, p. iv]"#, "p. iv = PDF page 4"),
    (#""Text of PDF page 4 here" [@thesis, p. IV]"#, "p. iv = PDF page 4"),
    (#""page 2 here" [@thesis, pp. ii-iii]"#, "p. ii = PDF page 2"),
    (#""page 5 text" [@report, p. A-2]"#, "p. A-2 = PDF page 5"),
    (#""page 5 text" [@report, pp. A-1–A-3]"#, "p. A-2 = PDF page 5"),
  ])
  /// The hover's verdict names the page where the quotation was found, by its label and its PDF number.
  func printedPagesAreThoseTheLabelsName(note: String, place: String) {
    #expect(messages(note).isEmpty)
    #expect(hover(note).contains(place), "\(hover(note))")
  }

  @Test func aQuotationAcrossARangeOfLabelledPagesIsFound() {
    // Printed 12–13 are PDF pages 18–19: the quotation runs from one into the other.
    #expect(messages(#""page 18 here. Text of PDF page 19" [@thesis, pp. 12-13]"#).isEmpty)
    // From the roman front matter into the body.
    #expect(messages(#""page 6 here. Text of PDF page 7" [@thesis, pp. vi-1]"#).isEmpty)
    #expect(
      messages(#""page 18 here. Text of PDF page 19" [@thesis, pp. vi-1]"#).map { $0.hasPrefix("quotation not found") }
        == [true])
  }

  @Test func aRangeAcrossALabelRangeChangeResolves() {
    // Page 13 starts a range of its own (numbered on from 13, as a separately paginated insert is).
    let labels = PageLabels(ranges: [
      PageLabels.Range(firstPage: 0, style: .lowerRoman), PageLabels.Range(firstPage: 6, style: .decimal),
      PageLabels.Range(firstPage: 18, style: .decimal, start: 13),
    ])
    let note = #""page 18 here. Text of PDF page 19" [@thesis, pp. 12-13]"#
    #expect(workspace(note, thesisLabels: labels).diagnostics(for: "a.md").isEmpty)
  }

  @Test func aQuotationOnAnotherPageThanTheLabelSaysIsCaught() {
    #expect(messages(#""Text of PDF page 12 here" [@thesis, p. 12]"#).count == 1)
  }

  @Test func aPageThatIsNoPagesLabelSaysWhichPagesThereAre() {
    #expect(
      messages("See [@thesis, p. 15] and [@thesis, p. vii] and [@report, p. B-1].") == [
        "cannot find 'p. 15' in 'thesis': its 20 PDF pages are printed i–vi, 1–14",
        "cannot find 'p. vii' in 'thesis': its 20 PDF pages are printed i–vi, 1–14",
        "cannot find 'p. B-1' in 'report': its 6 PDF pages are printed 1–3, A-1–A-3",
      ])
  }

  @Test func hoverOnAPageThatIsNoPagesLabelSaysWhichPagesThereAre() {
    #expect(
      hover("See [@thesis, p. 15].").contains(
        "cannot find 'p. 15' in 'thesis': its 20 PDF pages are printed i–vi, 1–14"), "\(hover("See [@thesis, p. 15]."))"
    )
  }

  @Test func theUsersOffsetWinsOverTheLabels() {
    var config = WorkspaceConfig()
    config.pageOffsets = ["thesis": 100]
    #expect(messages(#""Text of PDF page 18 here" [@thesis, p. 118]"#, config: config).isEmpty)
  }

  @Test func theLabelsWinOverTheEntrysPages() {
    let bib = "@book{thesis, title = {Meadows}, pages = {101--120}, file = {sources/thesis.pdf}}"
    #expect(messages(#""Text of PDF page 18 here" [@thesis, p. 12]"#, bib: bib).isEmpty)
  }

  @Test func labelsThatRepeatThePDFsNumberingLeaveTheEntrysPagesInCharge() {
    let bib = "@book{thesis, title = {Meadows}, pages = {101--120}, file = {sources/thesis.pdf}}"
    let plain = PageLabels(ranges: [PageLabels.Range(firstPage: 0, style: .decimal)])
    let workspace = workspace(#""Text of PDF page 18 here" [@thesis, p. 118]"#, bib: bib, thesisLabels: plain)
    #expect(workspace.diagnostics(for: "a.md").isEmpty)
  }

  @Test func findCitesPrintedPages() {
    let workspace = workspace("")
    #expect(workspace.find("PDF page 18 here").places.map(\.citation) == ["[@thesis, p. 12]"])
    #expect(workspace.find("PDF page 3 here").places.map(\.citation) == ["[@thesis, p. iii]"])
    #expect(workspace.find("Report page 5 text").places.map(\.citation) == ["[@report, p. A-2]"])
    #expect(workspace.find("page 18 here. Text of PDF page 19").places.map(\.citation) == ["[@thesis, pp. 12-13]"])
  }

  @Test func theCiteActionAndCompletionWritePrintedPages() throws {
    let marked = MarkedText("# N\n\nShe wrote “Text of PDF page 3 1️⃣here” once, and “Report page 5 text” [@2️⃣\n")
    let workspace = workspace(marked.text)
    let cite = try #require(marked.cursors["1"])
    let actions = workspace.citeQuotationActions(at: cite, in: "a.md", text: Array(marked.text.utf8))
    #expect(actions.map(\.title) == ["cite [@thesis, p. iii]"])
    let complete = try #require(marked.cursors["2"])
    let result = workspace.completions(at: complete, in: "a.md", text: Array(marked.text.utf8))
    #expect(result.items.first?.label == "report, p. A-2", "\(result.items.prefix(3).map(\.label))")
  }
}
