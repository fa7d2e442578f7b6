import TestSupport
import Testing

@testable import GlossSyntax

/// A source document keeps only where its lines start (and which end in `\r\n`): every line's range is still the
/// file's line as the editor counts it, for `\n`, `\r\n` and `\r` endings mixed in any way.
@Suite struct SourceDocumentLineTableTests {
  /// The lines of `bytes`, terminators excluded, split the plain way.
  static func expectedLines(_ bytes: [UInt8]) -> [Range<Int>] {
    var lines: [Range<Int>] = []
    var start = 0
    var index = 0
    while index < bytes.count {
      if bytes[index] == 0x0A || bytes[index] == 0x0D {
        lines.append(start..<index)
        if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
        start = index + 1
      }
      index += 1
    }
    lines.append(start..<bytes.count)
    return lines
  }

  @Test(arguments: [SourceFormat.plainText, .markdown, .html])
  func everyLineIsTheFilesLineWhateverItsEnding(format: SourceFormat) {
    var generator = SeededGenerator(seed: 1885)
    let pieces: [[UInt8]] = [
      Array("a".utf8), Array("é".utf8), Array("中".utf8), Array(" ".utf8), [0x0A], [0x0D], [0x0D, 0x0A], [0x0C],
      Array("# H".utf8), Array("<p>".utf8),
    ]
    for _ in 0..<400 {
      var bytes: [UInt8] = []
      for _ in 0..<generator.next(60) { bytes += pieces[generator.next(pieces.count)] }
      let document = SourceDocument(parsing: bytes, format: format)
      let expected = Self.expectedLines(bytes)
      #expect(document.lineCount == expected.count)
      let lines = (0..<expected.count).map { document.fileRange(ofLine: $0 + 1) }
      #expect(lines == expected.map { Optional($0) }, "\(bytes)")
      #expect(document.fileRange(ofLine: expected.count + 1) == nil)
    }
  }

  @Test func theLineHoldingAnOffsetIsTheLastStartingAtOrBeforeIt() {
    var generator = SeededGenerator(seed: 1932)
    let pieces: [[UInt8]] = [Array("a".utf8), Array("é".utf8), [0x0A], [0x0D], [0x0D, 0x0A], [0x0C]]
    for _ in 0..<200 {
      var bytes: [UInt8] = []
      for _ in 0..<generator.next(40) { bytes += pieces[generator.next(pieces.count)] }
      let document = SourceDocument(parsing: bytes, format: .plainText)
      let starts = Self.expectedLines(bytes).map(\.lowerBound)
      for offset in -1...(bytes.count + 1) {
        let expected = max(1, starts.lastIndex { $0 <= offset }.map { $0 + 1 } ?? 1)
        #expect(document.fileLine(containing: offset) == expected, "\(bytes) @\(offset)")
      }
    }
  }

  @Test func aFileWithoutCarriageReturnsKeepsNoTableOfEnds() {
    let document = SourceDocument(parsing: Array("one\ntwo\n\nthree".utf8), format: .plainText)
    #expect(document.crlfLines.isEmpty)
    #expect(document.fileRange(ofLine: 4) == 9..<14)
    let windows = SourceDocument(parsing: Array("one\r\ntwo\r\n\r\nthree".utf8), format: .plainText)
    #expect(windows.crlfLines == [0, 1, 2])
    #expect(windows.fileRange(ofLine: 2) == 5..<8)
    #expect(windows.fileRange(ofLine: 3) == 10..<10)
  }
}
