import GlossIndex
import GlossSyntax
import TestSupport
import Testing

/// The actions offered on a quotation: its fix anywhere from its opening quote mark to the end of its citation, and
/// never "Convert note to source" there.
@Suite struct QuotationActionsTests {
  static let source = "---\ntitle: Remembering\n---\nMemory is an imaginative reconstruction of the past 🦉.\n"
  static let note = MarkedText(
    "Ông nói 1️⃣“a faithful 2️⃣copy of the past”3️⃣ [@q4️⃣, l. 4]5️⃣ và 6️⃣rồi đi.\nDòng 7️⃣khác.\n")

  static var workspace: Workspace {
    Fixture.workspace(["sources/q.md": source, "n.md": note.text])
  }

  private func fixTitles(at digit: String) -> [String] {
    let offset = Self.note.cursors[digit] ?? -1
    return Self.workspace.quickFixes(in: "n.md", range: offset..<offset).map(\.title)
  }

  @Test(arguments: ["1", "2", "3", "4", "5"])
  func theQuoteFixIsOfferedOnTheMarksTheWordsAndTheCitation(digit: String) {
    #expect(fixTitles(at: digit).first == "replace with the source's words")
  }

  @Test func theQuoteFixIsNotOfferedAwayFromTheQuotation() {
    #expect(fixTitles(at: "6").isEmpty)
    #expect(fixTitles(at: "7").isEmpty)
  }

  private func refactorTitles(at digit: String) -> [String] {
    let offset = Self.note.cursors[digit] ?? -1
    return Self.workspace.refactors(at: "n.md", selection: offset..<offset, bytes: Array(Self.note.text.utf8))
      .map(\.title)
  }

  @Test(arguments: ["1", "2", "3", "4", "5"])
  func convertNoteToSourceIsNeverOfferedOnAQuotationOrItsCitation(digit: String) {
    // On a citation, the only action is its source's literature note.
    #expect(refactorTitles(at: digit).filter { !$0.hasPrefix("Create literature note for") } == [])
  }

  @Test func convertNoteToSourceComesLastElsewhere() {
    #expect(refactorTitles(at: "7") == ["Convert note to source"])
    let bytes = Array(Self.note.text.utf8)
    let line = (Self.note.cursors["7"] ?? 0) - 2..<(Self.note.cursors["7"] ?? 0) + 3
    #expect(
      Self.workspace.refactors(at: "n.md", selection: line, bytes: bytes).map(\.title) == [
        "Save selection as note", "Convert note to source",
      ])
  }
}
