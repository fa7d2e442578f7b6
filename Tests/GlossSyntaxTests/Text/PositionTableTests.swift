import GlossSyntax
import TestSupport
import Testing

/// `PositionTable` gives exactly the positions `SourceText` gives for the text it was made from, at every offset
/// (inside scalars, between `\r` and `\n`, past the end) and in every encoding.
@Suite struct PositionTableTests {
  static let texts = [
    "",
    "a",
    "\n",
    "plain ASCII\nsecond line\n",
    "Café au lait, naïve résumé\nnext",
    "Tiếng Việt có dấu: người, đường, nghiêng\nrồi dòng hai",
    "日本語のテキスト、漢字とかな。\n二行目",
    "emoji 😀 and 👩‍👩‍👧 family, flag 🇻🇳\n😀😀\n",
    "crlf line\r\nnext line\r\n\r\nlast",
    "lone cr\rnext\r\rend",
    "mixed \r\n é \r 日 \n 😀 \r\n",
    "long ASCII run before a wide scalar: abcdefghijklmnopqrstuvwxyz0123456789é and after",
    "\u{FFFD}replacement and \u{7F}\u{0B}\u{0C}\u{0E} controls",
  ]

  static let alphabet: [String] = ["a", "b", " ", "\n", "\r", "\r\n", "é", "ệ", "日", "😀", "\t", "[@", "x"]

  /// Every offset from before the start to past the end, in every encoding.
  static func expectSame(_ string: String, _ comment: Comment? = nil) {
    let text = SourceText(string)
    guard let table = PositionTable(text.bytes) else {
      Issue.record("no table")
      return
    }
    #expect(table.count == text.count)
    #expect(table.lineCount == text.lineCount)
    for encoding in PositionEncoding.allCases {
      for offset in -2...(text.count + 2) {
        let expected = text.position(of: offset, in: encoding)
        let found = table.position(of: offset, in: encoding)
        if found != expected {
          Issue.record("\(String(reflecting: string)) offset \(offset) \(encoding): \(found) ≠ \(expected)")
          return
        }
      }
    }
  }

  @Test(arguments: texts)
  func givesTheTextsPositions(_ string: String) {
    Self.expectSame(string)
  }

  @Test func givesTheTextsPositionsInRandomTexts() {
    var generator = SeededGenerator(seed: 29)
    for _ in 0..<300 {
      let length = Int.random(in: 0..<60, using: &generator)
      let string = (0..<length).map { _ in Self.alphabet.randomElement(using: &generator)! }.joined()
      Self.expectSame(string)
    }
  }

  @Test func givesRangesEnds() {
    let text = SourceText("xin chào\nthế giới 😀 end")
    let table = PositionTable(text.bytes)!
    let range = 14..<(text.count - 1)
    #expect(table.positions(of: range, in: .utf16) == text.positions(of: range, in: .utf16))
  }
}

/// A table kept apart from its text is read back from its parts only when they are those of a text of its length.
@Suite struct PositionTablePartsTests {
  @Test(arguments: PositionTableTests.texts)
  func aTableReadBackFromItsPartsIsTheSame(_ string: String) throws {
    let table = try #require(PositionTable(SourceText(string).bytes))
    let parts = table.parts
    let read = try #require(
      PositionTable(
        count: table.count, lineStarts: parts.lineStarts, wideStarts: parts.wideStarts, wideLengths: parts.wideLengths,
        crlfNewlines: parts.crlfNewlines))
    #expect(read == table)
  }

  @Test func partsOfNoTextAreRefused() throws {
    let table = try #require(PositionTable(SourceText("Tiếng\r\nViệt 😀\nend").bytes))
    let (lines, wide, lengths, crlf) = table.parts
    func made(
      count: Int? = nil, lines: [UInt32]? = nil, wide: [UInt32]? = nil, lengths: [UInt8]? = nil, crlf: [UInt32]? = nil
    ) -> PositionTable? {
      PositionTable(
        count: count ?? table.count, lineStarts: lines ?? table.parts.lineStarts,
        wideStarts: wide ?? table.parts.wideStarts, wideLengths: lengths ?? table.parts.wideLengths,
        crlfNewlines: crlf ?? table.parts.crlfNewlines)
    }
    #expect(made() == table)
    // No first line at 0, lines out of order or past the end, a scalar without its length or of 5 bytes, a count
    // the offsets pass.
    #expect(made(lines: []) == nil)
    #expect(made(lines: Array(lines.dropFirst())) == nil)
    #expect(made(lines: [0] + lines.dropFirst().reversed()) == nil)
    #expect(made(lines: lines + [UInt32(table.count + 1)]) == nil)
    #expect(made(wide: wide + [UInt32(table.count - 1)]) == nil)
    #expect(made(lengths: Array(lengths.dropLast()) + [5]) == nil)
    #expect(made(crlf: crlf + crlf) == nil)
    #expect(made(count: Int(lines.last ?? 0) - 1) == nil)
    #expect(made(count: -1) == nil)
  }
}
