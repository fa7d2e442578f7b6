import GlossIndex
import GlossServer
import GlossSyntax
import LanguageServerProtocol
import TestSupport
import Testing

@Suite struct SemanticTokenEncodingTests {
  static let marked = "Học 🦉 [@⏩bartlett1932⏪, ⏩p. 4⏪] ⏩#ký-ức⏪\n[[⏩hub⏪#⏩Méthodes⏪]]\n"

  static func tokens(_ text: MarkedText) -> [NoteToken] {
    let kinds: [NoteToken.Kind] = [.citationKey, .locator, .tag, .wikiLinkTarget, .wikiLinkAnchor]
    return zip(text.ranges, kinds).map { NoteToken(range: $0, kind: $1, isUnresolved: $1 == .wikiLinkAnchor) }
  }

  // Hand-decoded: in UTF-16, `Học 🦉 [@` is 9 units (the owl is 2), the locator starts 14 units after the key, the
  // tag 6 after the locator and is 6 units long; the link's target is on the next line at 2, its heading 4 later.
  @Test(arguments: [
    (PositionEncoding.utf16, [0, 9, 12, 0, 0, 0, 14, 4, 1, 0, 0, 6, 6, 2, 0, 1, 2, 3, 3, 0, 0, 4, 8, 4, 1]),
    (.utf8, [0, 13, 12, 0, 0, 0, 14, 4, 1, 0, 0, 6, 9, 2, 0, 1, 2, 3, 3, 0, 0, 4, 9, 4, 1]),
    (.utf32, [0, 8, 12, 0, 0, 0, 14, 4, 1, 0, 0, 6, 6, 2, 0, 1, 2, 3, 3, 0, 0, 4, 8, 4, 1]),
  ])
  func tokensAreDeltaEncodedInTheNegotiatedEncoding(encoding: PositionEncoding, expected: [Int]) {
    let text = MarkedText(Self.marked)
    #expect(SemanticTokenLegend.encode(Self.tokens(text), in: SourceText(text.text), encoding: encoding) == expected)
  }

  @Test func aTokenSpanningLinesIsSplitWithoutItsLineBreak() {
    let text = MarkedText("Ghi 🦉 ⏩#ký-ức\r\n[[h⏪ub]]\n")
    let tokens = [NoteToken(range: text.ranges[0], kind: .tag)]
    #expect(
      SemanticTokenLegend.encode(tokens, in: SourceText(text.text), encoding: .utf16) == [
        0, 7, 6, 2, 0, 1, 0, 3, 2, 0,
      ])
  }

  @Test(arguments: [PositionEncoding.utf8, .utf16, .utf32])
  func decodingGivesBackEveryTokensPosition(encoding: PositionEncoding) {
    // Every word of a mixed-script text is a token; decoding the deltas must land on each word's own position.
    let text = SourceText("Trí nhớ 🦉 学习 @k\r\n\nĐoạn 😀😀 x y\nchữ\tz 一二三 end\n")
    var tokens: [NoteToken] = []
    var start: Int?
    for (index, byte) in (text.bytes + [0x20]).enumerated() {
      let isSpace = byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
      if isSpace, let lower = start {
        tokens.append(NoteToken(range: lower..<index, kind: .tag))
        start = nil
      } else if !isSpace, start == nil {
        start = index
      }
    }
    let data = SemanticTokenLegend.encode(tokens, in: text, encoding: encoding)
    #expect(data.count == tokens.count * 5)
    var line = 0
    var column = 0
    for (index, token) in tokens.enumerated() where index * 5 + 4 < data.count {
      line += data[index * 5]
      column = data[index * 5] == 0 ? column + data[index * 5 + 1] : data[index * 5 + 1]
      let expected = text.positions(of: token.range, in: encoding)
      #expect(TextPosition(line: line, column: column) == expected.start)
      #expect(data[index * 5 + 2] == expected.end.column - expected.start.column)
    }
  }

  @Test func theLegendNamesEveryKind() {
    let kinds: [NoteToken.Kind] = [.citationKey, .locator, .tag, .wikiLinkTarget, .wikiLinkAnchor, .crossref]
    #expect(
      kinds.map { SemanticTokenLegend.legend.tokenTypes[SemanticTokenLegend.typeIndex(of: $0)] } == [
        "variable", "parameter", "decorator", "namespace", "property", "enumMember",
      ])
    #expect(SemanticTokenLegend.legend.tokenModifiers == ["deprecated", "declaration"])
    let label = NoteToken(range: 0..<1, kind: .crossref, isDeclaration: true)
    let missing = NoteToken(range: 0..<1, kind: .crossref, isUnresolved: true)
    #expect([label, missing].map(SemanticTokenLegend.modifiers(of:)) == [2, 1])
  }
}
