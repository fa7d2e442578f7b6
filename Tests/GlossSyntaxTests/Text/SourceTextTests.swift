import GlossSyntax
import TestSupport
import Testing

/// One row of a table: an offset in a text and the position expected in each encoding.
struct PositionCase: Sendable, CustomTestStringConvertible {
  var text: String
  var offset: Int
  var line: Int
  var utf8: Int
  var utf16: Int
  var utf32: Int

  var testDescription: String { "\(text.debugDescription) @\(offset)" }
}

/// One row of a table: a position in a text and the offset expected for it.
struct OffsetCase: Sendable, CustomTestStringConvertible {
  var text: String
  var line: Int
  var column: Int
  var encoding: PositionEncoding
  var offset: Int

  var testDescription: String { "\(text.debugDescription) \(line):\(column) \(encoding.rawValue)" }
}

@Suite struct SourceTextTests {
  static let positionCases: [PositionCase] = [
    // An astral emoji is 4 bytes, 2 UTF-16 units, 1 scalar; inside it rounds down.
    PositionCase(text: "a😀b", offset: 5, line: 0, utf8: 5, utf16: 3, utf32: 2),
    PositionCase(text: "a😀b", offset: 3, line: 0, utf8: 1, utf16: 1, utf32: 1),
    PositionCase(text: "a😀b", offset: 6, line: 0, utf8: 6, utf16: 4, utf32: 3),
    // A ZWJ family: three astral scalars and two U+200D, 18 bytes, 8 units, 5 scalars.
    PositionCase(text: "x👨‍👩‍👧y", offset: 19, line: 0, utf8: 19, utf16: 9, utf32: 6),
    PositionCase(text: "x👨‍👩‍👧y", offset: 7, line: 0, utf8: 5, utf16: 3, utf32: 2),
    // e + U+0301 is one Character but two scalars.
    PositionCase(text: "e\u{301}t", offset: 3, line: 0, utf8: 3, utf16: 2, utf32: 2),
    PositionCase(text: "e\u{301}t", offset: 2, line: 0, utf8: 1, utf16: 1, utf32: 1),
    PositionCase(text: "漢字\n文", offset: 10, line: 1, utf8: 3, utf16: 1, utf32: 1),
    PositionCase(text: "漢字\n文", offset: 6, line: 0, utf8: 6, utf16: 2, utf32: 2),
    PositionCase(text: "漢字\n文", offset: 8, line: 1, utf8: 0, utf16: 0, utf32: 0),
    PositionCase(text: "Việt ữ", offset: 5, line: 0, utf8: 5, utf16: 3, utf32: 3),
    PositionCase(text: "Việt ữ", offset: 10, line: 0, utf8: 10, utf16: 6, utf32: 6),
    // Between the `\r` and `\n` of a CRLF means the end of the line.
    PositionCase(text: "a\r\nb", offset: 2, line: 0, utf8: 1, utf16: 1, utf32: 1),
    PositionCase(text: "a\r\nb", offset: 3, line: 1, utf8: 0, utf16: 0, utf32: 0),
    PositionCase(text: "a\r\nb", offset: 4, line: 1, utf8: 1, utf16: 1, utf32: 1),
    PositionCase(text: "a\rb\r", offset: 2, line: 1, utf8: 0, utf16: 0, utf32: 0),
    PositionCase(text: "a\rb\r", offset: 4, line: 2, utf8: 0, utf16: 0, utf32: 0),
    PositionCase(text: "\r\r\n\n", offset: 2, line: 1, utf8: 0, utf16: 0, utf32: 0),
    PositionCase(text: "\r\r\n\n", offset: 3, line: 2, utf8: 0, utf16: 0, utf32: 0),
    PositionCase(text: "\r\r\n\n", offset: 4, line: 3, utf8: 0, utf16: 0, utf32: 0),
    PositionCase(text: "", offset: 0, line: 0, utf8: 0, utf16: 0, utf32: 0),
    PositionCase(text: "", offset: 5, line: 0, utf8: 0, utf16: 0, utf32: 0),
    PositionCase(text: "", offset: -3, line: 0, utf8: 0, utf16: 0, utf32: 0),
    PositionCase(text: "ab\ncd", offset: 5, line: 1, utf8: 2, utf16: 2, utf32: 2),
    PositionCase(text: "ab\ncé", offset: 99, line: 1, utf8: 3, utf16: 2, utf32: 2),
    PositionCase(text: "ab\n", offset: 3, line: 1, utf8: 0, utf16: 0, utf32: 0),
  ]

  @Test(arguments: positionCases)
  func positionOfOffsetCountsColumnsInEachEncoding(_ row: PositionCase) {
    let text = SourceText(row.text)
    #expect(text.position(of: row.offset, in: .utf8) == TextPosition(line: row.line, column: row.utf8))
    #expect(text.position(of: row.offset, in: .utf16) == TextPosition(line: row.line, column: row.utf16))
    #expect(text.position(of: row.offset, in: .utf32) == TextPosition(line: row.line, column: row.utf32))
  }

  static let offsetCases: [OffsetCase] = [
    OffsetCase(text: "a😀b", line: 0, column: 2, encoding: .utf16, offset: 1),  // inside the surrogate pair
    OffsetCase(text: "a😀b", line: 0, column: 3, encoding: .utf16, offset: 5),
    OffsetCase(text: "a😀b", line: 0, column: 100, encoding: .utf16, offset: 6),
    OffsetCase(text: "a😀b", line: 0, column: 2, encoding: .utf32, offset: 5),
    OffsetCase(text: "a😀b", line: 0, column: 3, encoding: .utf8, offset: 1),  // inside the scalar's bytes
    OffsetCase(text: "x👨‍👩‍👧y", line: 0, column: 9, encoding: .utf16, offset: 19),
    OffsetCase(text: "x👨‍👩‍👧y", line: 0, column: 6, encoding: .utf32, offset: 19),
    OffsetCase(text: "x👨‍👩‍👧y", line: 0, column: 4, encoding: .utf16, offset: 8),
    OffsetCase(text: "e\u{301}t", line: 0, column: 2, encoding: .utf16, offset: 3),
    OffsetCase(text: "e\u{301}t", line: 0, column: 2, encoding: .utf8, offset: 1),
    OffsetCase(text: "漢字\n文", line: 1, column: 1, encoding: .utf16, offset: 10),
    OffsetCase(text: "漢字\n文", line: 0, column: 4, encoding: .utf8, offset: 3),
    OffsetCase(text: "Việt ữ", line: 0, column: 3, encoding: .utf16, offset: 5),
    OffsetCase(text: "Việt ữ", line: 0, column: 6, encoding: .utf32, offset: 10),
    // A column past the end of a line stops before its terminator.
    OffsetCase(text: "ab\ncd", line: 0, column: 10, encoding: .utf16, offset: 2),
    OffsetCase(text: "a\r\nb", line: 0, column: 5, encoding: .utf8, offset: 1),
    OffsetCase(text: "a\r\nb", line: 1, column: 1, encoding: .utf16, offset: 4),
    OffsetCase(text: "a\rb\r", line: 1, column: 9, encoding: .utf32, offset: 3),
    OffsetCase(text: "a\rb\r", line: 2, column: 0, encoding: .utf16, offset: 4),
    // A line past the end is the end of the text; negative numbers are the start.
    OffsetCase(text: "ab\ncd", line: 5, column: 0, encoding: .utf16, offset: 5),
    OffsetCase(text: "ab\ncd", line: -1, column: 3, encoding: .utf16, offset: 0),
    OffsetCase(text: "ab\ncd", line: 1, column: -4, encoding: .utf8, offset: 3),
    OffsetCase(text: "", line: 0, column: 0, encoding: .utf16, offset: 0),
    OffsetCase(text: "", line: 3, column: 3, encoding: .utf32, offset: 0),
    OffsetCase(text: "ab\n", line: 1, column: 4, encoding: .utf16, offset: 3),
  ]

  @Test(arguments: offsetCases)
  func offsetOfPositionClampsAndRoundsDown(_ row: OffsetCase) {
    let text = SourceText(row.text)
    #expect(text.offset(of: TextPosition(line: row.line, column: row.column), in: row.encoding) == row.offset)
  }

  @Test(arguments: [
    ("", [0..<0]),
    ("a\n", [0..<1, 2..<2]),
    ("a\r\nb\rc\n", [0..<1, 3..<4, 5..<6, 7..<7]),
    ("\r\r\n\n", [0..<0, 1..<1, 3..<3, 4..<4]),
    ("漢\ré", [0..<3, 4..<6]),
  ])
  func linesEndAtEachLSPTerminator(_ string: String, _ expected: [Range<Int>]) {
    let text = SourceText(string)
    #expect(text.lineCount == expected.count)
    #expect((0..<text.lineCount).map { text.lineRange($0) } == expected)
  }

  @Test func lineRangeClampsTheLineNumber() {
    let text = SourceText("première\r\nsecond")
    #expect(text.lineRange(-1) == 0..<9)
    #expect(text.lineRange(7) == 11..<17)
    #expect(text.lineRangeIncludingTerminator(0) == 0..<11)
  }

  @Test(
    arguments: [
      ([0x61, 0xFF, 0x62], "a\u{FFFD}b"),
      ([0xE6, 0xBC], "\u{FFFD}"),  // a truncated CJK scalar at the end
      ([0x0A, 0xC3], "\n\u{FFFD}"),
      ([0xED, 0xA0, 0x80, 0x21], "\u{FFFD}\u{FFFD}\u{FFFD}!"),  // an encoded surrogate is three errors
    ] as [([UInt8], String)])
  func invalidUTF8IsRepaired(_ input: [UInt8], _ expected: String) {
    let text = SourceText(bytes: input)
    #expect(text.hasInvalidUTF8)
    #expect(text.string == expected)
    #expect(text.bytes == Array(expected.utf8))
    #expect(text.lineCount == SourceText(expected).lineCount)
  }

  @Test func validUTF8IsKeptAsGiven() {
    let input = Array("Tiếng Việt 😀\r\n漢字".utf8)
    let text = SourceText(bytes: input)
    #expect(!text.hasInvalidUTF8)
    #expect(text.bytes == input)
    #expect(text == SourceText("Tiếng Việt 😀\r\n漢字"))
  }

  @Test func textInRangeRoundsToScalarBoundaries() {
    let text = SourceText("a😀b")
    #expect(text.text(in: 0..<3) == "a")
    #expect(text.text(in: 2..<6) == "😀b")
    #expect(text.text(in: -4..<40) == "a😀b")
  }

  @Test func lineContainingOffsetFindsTheLine() {
    let text = SourceText("a\nb\r\nc")
    #expect([0, 1, 2, 3, 4, 5, 6, 9].map { text.line(containing: $0) } == [0, 0, 1, 1, 1, 2, 2, 2])
  }

  /// The validator agrees with the standard library's on random bytes near every edge of Table 3-7.
  @Test func validationAgreesWithTheStandardLibrary() {
    let edges: [UInt8] = [
      0x00, 0x0A, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED,
      0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
    ]
    let valid = ["ệ", "😀", "漢", "é", "\u{10FFFF}", "\u{D7FF}", "\u{E000}", "\u{FFFD}", "abcdefghij"].map {
      Array($0.utf8)
    }
    var generator = SeededGenerator(seed: 3)
    var invalidSeen = 0
    for _ in 0..<20_000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0...12, using: &generator) {
        if Bool.random(using: &generator) {
          bytes.append(edges.randomElement(using: &generator) ?? 0)
        } else {
          bytes.append(contentsOf: valid.randomElement(using: &generator) ?? [])
        }
      }
      let text = SourceText(bytes: bytes)
      let expected = String(validating: bytes, as: UTF8.self)
      #expect(text.hasInvalidUTF8 == (expected == nil), "\(bytes)")
      #expect(text.string == String(decoding: bytes, as: UTF8.self), "\(bytes)")
      if expected == nil { invalidSeen += 1 }
    }
    #expect(invalidSeen > 1_000)
  }
}
