import GlossSyntax
import Testing

/// One row of a table: an edit on a text and the text expected after it.
struct ReplaceCase: Sendable, CustomTestStringConvertible {
  var text: String
  var range: Range<Int>
  var replacement: String
  var expected: String

  var testDescription: String { "\(text.debugDescription) [\(range)) ← \(replacement.debugDescription)" }
}

@Suite struct SourceTextReplaceTests {
  static let cases: [ReplaceCase] = [
    ReplaceCase(text: "a\rb", range: 2..<2, replacement: "\n", expected: "a\r\nb"),  // CR becomes CRLF
    ReplaceCase(text: "a\r\nb", range: 2..<3, replacement: "", expected: "a\rb"),  // CRLF becomes CR
    ReplaceCase(text: "a\nb", range: 1..<1, replacement: "\r", expected: "a\r\nb"),
    ReplaceCase(text: "a\r\nb", range: 1..<2, replacement: "", expected: "a\nb"),
    ReplaceCase(text: "ab\ncd\nef", range: 0..<0, replacement: "漢\n", expected: "漢\nab\ncd\nef"),
    ReplaceCase(text: "ab\ncd\nef", range: 0..<8, replacement: "", expected: ""),
    ReplaceCase(text: "ab\ncd\nef", range: 1..<4, replacement: "ệ\r\r", expected: "aệ\r\rd\nef"),
    ReplaceCase(text: "ab\ncd\nef", range: 8..<8, replacement: "\r", expected: "ab\ncd\nef\r"),
    ReplaceCase(text: "x\r", range: 2..<2, replacement: "\ny", expected: "x\r\ny"),
    ReplaceCase(text: "a😀b", range: 2..<3, replacement: "é", expected: "aé😀b"),  // both ends round down
    ReplaceCase(text: "a😀b", range: 3..<9, replacement: "\n", expected: "a\n"),
    ReplaceCase(text: "", range: -5..<5, replacement: "\r\n\r\n", expected: "\r\n\r\n"),
  ]

  @Test(arguments: cases)
  func replaceKeepsTheLineTableCurrent(_ row: ReplaceCase) {
    var text = SourceText(row.text)
    text.replace(row.range, with: row.replacement)
    #expect(text.string == row.expected)
    #expect(text.lineStarts == SourceText(row.expected).lineStarts)
  }

  @Test func replaceBetweenPositionsAppliesAnLSPChange() {
    var text = SourceText("Nguyễn 😀 said\nhello")
    // In UTF-16, the emoji spans columns 7–8; "said" starts at column 10.
    text.replace(
      from: TextPosition(line: 0, column: 10), to: TextPosition(line: 1, column: 0), in: .utf16, with: "wrote ")
    #expect(text.string == "Nguyễn 😀 wrote hello")
    #expect(text.lineCount == 1)
  }
}
