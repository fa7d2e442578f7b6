import GlossSyntax
import Testing

/// `SourceText` on large inputs: the conversions at the far end must still be exact.
@Suite struct SourceTextScaleTests {
  /// A pattern with every width of scalar: 1, 2, 3 and 4 UTF-8 bytes, and a combining mark.
  static let pattern = "Việt 😀 漢字 e\u{301} abc "

  @Test func fiftyMegabyteSingleLineConvertsAtItsEnd() {
    let unit = Array(Self.pattern.utf8)
    let repeats = 50_000_000 / unit.count + 1
    var bytes: [UInt8] = []
    bytes.reserveCapacity(repeats * unit.count + 1)
    for _ in 0..<repeats { bytes.append(contentsOf: unit) }
    bytes.append(UInt8(ascii: "Z"))
    let text = SourceText(bytes: bytes)
    let utf16 = repeats * Self.pattern.utf16.count + 1
    let utf32 = repeats * Self.pattern.unicodeScalars.count + 1

    #expect(!text.hasInvalidUTF8)
    #expect(text.lineCount == 1)
    #expect(text.position(of: text.count, in: .utf8) == TextPosition(line: 0, column: text.count))
    #expect(text.position(of: text.count, in: .utf16) == TextPosition(line: 0, column: utf16))
    #expect(text.position(of: text.count, in: .utf32) == TextPosition(line: 0, column: utf32))
    #expect(text.offset(of: TextPosition(line: 0, column: utf16 - 1), in: .utf16) == text.count - 1)
    #expect(text.offset(of: TextPosition(line: 0, column: utf32 - 1), in: .utf32) == text.count - 1)
    #expect(text.offset(of: TextPosition(line: 0, column: Int.max), in: .utf16) == text.count)
    // Halfway, on a pattern boundary, and just inside the emoji that follows "Việt ".
    let half = repeats / 2
    let emojiColumn = half * Self.pattern.utf16.count + 5
    let emojiOffset = half * unit.count + 7
    #expect(text.offset(of: TextPosition(line: 0, column: emojiColumn), in: .utf16) == emojiOffset)
    #expect(text.offset(of: TextPosition(line: 0, column: emojiColumn + 1), in: .utf16) == emojiOffset)
    #expect(text.position(of: emojiOffset + 2, in: .utf16) == TextPosition(line: 0, column: emojiColumn))
  }

  @Test func millionShortLinesConvertAtTheirEnd() {
    // Lines end in turn with \n, \r\n and \r; each line is "ligne ệ 😀 " and its number.
    var bytes: [UInt8] = []
    var starts: [Int] = []
    let terminators: [[UInt8]] = [[0x0A], [0x0D, 0x0A], [0x0D]]
    for number in 0..<1_000_000 {
      starts.append(bytes.count)
      bytes.append(contentsOf: "ligne ệ 😀 \(number)".utf8)
      bytes.append(contentsOf: terminators[number % 3])
    }
    var text = SourceText(bytes: bytes)
    #expect(text.lineCount == 1_000_001)
    #expect(text.lineStarts.dropLast().elementsEqual(starts))

    let last = 999_999  // "ligne ệ 😀 999999", ended by \n (999999 % 3 == 0)
    let lastStart = starts[last]
    #expect(text.lineRange(last) == lastStart..<(lastStart + "ligne ệ 😀 999999".utf8.count))
    #expect(text.position(of: lastStart + 15, in: .utf16) == TextPosition(line: last, column: 11))
    #expect(text.offset(of: TextPosition(line: last, column: 11), in: .utf16) == lastStart + 15)
    #expect(text.offset(of: TextPosition(line: last, column: 500), in: .utf32) == text.lineRange(last).upperBound)
    #expect(text.position(of: text.count, in: .utf16) == TextPosition(line: 1_000_000, column: 0))
    #expect(text.offset(of: TextPosition(line: 2_000_000, column: 0), in: .utf16) == text.count)

    // An edit at the very start shifts every line start after it.
    text.replace(0..<0, with: "Tiêu đề\n")
    #expect(text.lineCount == 1_000_002)
    #expect(text.lineStarts[last + 1] == lastStart + "Tiêu đề\n".utf8.count)
    #expect(text.position(of: text.count - 1, in: .utf32) == TextPosition(line: last + 1, column: 16))
  }
}
