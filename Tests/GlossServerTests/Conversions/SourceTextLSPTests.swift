import GlossServer
import GlossSyntax
import LanguageServerProtocol
import Testing

@Suite struct SourceTextLSPTests {
  /// "Việt 🦉 漢\r\nb": offsets of 🦉 are 7..<11 in UTF-8.
  private let text = SourceText("Vi\u{1EC7}t 🦉 漢\r\nb")

  @Test(arguments: [
    (PositionEncoding.utf8, Position(line: 0, character: 7), Position(line: 0, character: 11)),
    (.utf16, Position(line: 0, character: 5), Position(line: 0, character: 7)),
    (.utf32, Position(line: 0, character: 5), Position(line: 0, character: 6)),
  ])
  func emojiRangeConvertsBothWays(encoding: PositionEncoding, start: Position, end: Position) {
    let range = LSPRange(start: start, end: end)
    #expect(text.range(of: range, in: encoding) == 7..<11)
    #expect(text.lspRange(of: 7..<11, in: encoding) == range)
  }

  @Test func positionOnTheNextLineAfterACRLF() {
    #expect(text.lspPosition(of: text.bytes.count - 1, in: .utf16) == Position(line: 1, character: 0))
    #expect(text.offset(of: Position(line: 1, character: 0), in: .utf8) == text.bytes.count - 1)
  }

  @Test func outOfRangeAndNegativePositionsAreClamped() {
    #expect(text.offset(of: Position(line: -1, character: -5), in: .utf16) == 0)
    #expect(text.offset(of: Position(line: 40, character: 0), in: .utf16) == text.bytes.count)
    let backwards = LSPRange(start: Position(line: 0, character: 4), end: Position(line: 0, character: 1))
    #expect(text.range(of: backwards, in: .utf32) == 6..<6)
  }
}
