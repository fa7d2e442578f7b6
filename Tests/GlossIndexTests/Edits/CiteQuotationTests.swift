import Foundation
import GlossIndex
import GlossSyntax
import TestSupport
import Testing

/// Citing a quotation from where the sources hold it: the "cite" actions on a quotation without a citation, and
/// completion of `[@` after a quotation, for every form of quotation the quotation check reads.
@Suite struct CiteQuotationTests {
  /// The note `marked` (cursor `1️⃣`) beside the quotation-check sources: the cite actions' titles, and the note
  /// once the first is applied.
  private func cite(
    _ marked: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (titles: [String], applied: String?) {
    let marked = MarkedText(marked)
    let cursor = try #require(marked.cursors["1"], sourceLocation: sourceLocation)
    let workspace = Fixture.workspace(QuoteSources.files.merging(["notes/n.md": marked.text]) { $1 })
    let actions = workspace.citeQuotationActions(at: cursor, in: "notes/n.md", text: Array(marked.text.utf8))
    guard let edit = actions.first?.change.edits["notes/n.md"]?.first else { return (actions.map(\.title), nil) }
    var bytes = Array(marked.text.utf8)
    bytes.replaceSubrange(edit.range, with: Array(edit.newText.utf8))
    return (actions.map(\.title), String(decoding: bytes, as: UTF8.self))
  }

  /// The codes of the diagnostics of `note` beside the quotation-check sources.
  private func codes(_ note: String) -> [String] {
    Fixture.workspace(QuoteSources.files.merging(["notes/n.md": note]) { $1 }).diagnostics(for: "notes/n.md")
      .map(\.code)
  }

  @Test(arguments: [
    // Every pair of marks the check reads.
    ("He wrote “an imaginative 1️⃣reconstruction” once.", "”", "[@bartlett1932, l. 8]"),
    ("He wrote \"an 1️⃣imaginative reconstruction\" once.", "\"", "[@bartlett1932, l. 8]"),
    ("Il écrit «an imaginative 1️⃣reconstruction» ici.", "»", "[@bartlett1932, l. 8]"),
    ("Er schrieb »an imaginative reconstruction1️⃣« hier.", "«", "[@bartlett1932, l. 8]"),
    ("Er schrieb „an imaginative 1️⃣reconstruction“ hier.", "“", "[@bartlett1932, l. 8]"),
    ("Trần viết 1️⃣“sự tái tạo đầy tưởng tượng” ở đây.", "”", "[@trần2020, ll. 1-2]"),
    ("劉は「记忆不是1️⃣录像」と書いた。", "」", "[@liu1936, l. 2]"),
    ("劉は『写真では1️⃣ない』と書いた。", "』", "[@liu1936, l. 3]"),
    // Across the lines of a paragraph.
    ("He wrote “an imaginative\nreconstruction, or 1️⃣construction” once.", "”", "[@bartlett1932, l. 8]"),
  ])
  func quotationInMarksGetsACiteActionThatTheCheckThenFinds(note: String, closing: String, citation: String) throws {
    let (titles, applied) = try cite(note)
    #expect(titles == ["cite \(citation)"])
    let after = try #require(applied)
    #expect(after.contains(closing + " " + citation), "\(after)")
    #expect(codes(after).isEmpty, "\(after)")
  }

  @Test func blockquoteWithoutCitationIsCitedAtTheEndOfItsLastLine() throws {
    let (titles, applied) = try cite("# N\n\n> It is an imaginative\n> reconstruction, or 1️⃣construction.\n\nAfter.\n")
    #expect(titles == ["cite [@bartlett1932, l. 8]"])
    let after = try #require(applied)
    #expect(
      after == "# N\n\n> It is an imaginative\n> reconstruction, or construction. [@bartlett1932, l. 8]\n\nAfter.\n")
    #expect(codes(after).isEmpty)
  }

  @Test(arguments: [
    "He wrote “an imaginative 1️⃣reconstruction” [@bartlett1932].",
    "He wrote “an imaginative 1️⃣reconstruction”\n[@hunt2002].",
    "> It is an imaginative 1️⃣reconstruction.\n> — [@bartlett1932, l. 8]",
    "He 1️⃣wrote “an imaginative reconstruction” once.",
    "He wrote “an imaginative reconstitution1️⃣” once.",
  ])
  func citedQuotationOrNoneOrOneFoundNowhereGetsNoCiteAction(note: String) throws {
    #expect(try cite(note).titles.isEmpty)
  }

  @Test(arguments: [
    "«a curve of forgetting» [@1️⃣",
    "„a curve of forgetting“ [@1️⃣",
    "「a curve of forgetting」[@1️⃣",
    "“a curve of\nforgetting” [@1️⃣",
    "> Memory fades along\n> a curve of forgetting [@1️⃣",
    "> Memory fades along\n> a curve of forgetting\n> — [@1️⃣",
  ])
  func completionAfterAQuotationOffersTheSourceHoldingItFirst(note: String) throws {
    let marked = MarkedText("# N\n\n" + note + "\n")
    let cursor = try #require(marked.cursors["1"])
    let workspace = Fixture.workspace(QuoteSources.files.merging(["notes/n.md": marked.text]) { $1 })
    let result = workspace.completions(at: cursor, in: "notes/n.md", text: Array(marked.text.utf8))
    #expect(result.items.first?.label == "ebbinghaus1885, p. 1", "\(result.items.prefix(3).map(\.label))")
  }
}
