import Testing

@testable import GlossSyntax

@Suite struct TextOffsetMapTests {
  /// File `a&amp;b  c` → text `a&b c`: verbatim `a`, `&amp;` as `&`, verbatim `b`, two spaces as one, verbatim `c`.
  static var map: TextOffsetMap {
    var map = TextOffsetMap()
    map.fileLength = 11
    map.appendVerbatim(count: 1, fileStart: 0)
    map.appendReplaced(count: 1, fileRange: 1..<6)
    map.appendVerbatim(count: 1, fileStart: 6)
    map.appendReplaced(count: 1, fileRange: 7..<9)
    map.appendVerbatim(count: 2, fileStart: 9)
    return map
  }

  @Test(arguments: [
    (0..<1, 0..<1), (1..<2, 1..<6), (0..<3, 0..<7), (2..<3, 6..<7), (3..<4, 7..<9), (4..<6, 9..<11), (0..<6, 0..<11),
    (6..<6, 11..<11), (2..<2, 6..<6), (-3..<99, 0..<11),
  ])
  func textRangesMapToTheBytesTheyCameFrom(text: Range<Int>, file: Range<Int>) {
    #expect(Self.map.fileRange(ofText: text) == file)
  }

  @Test(arguments: [
    (0..<11, 0..<6), (1..<6, 1..<2), (6..<7, 2..<3), (2..<6, 2..<2), (9..<11, 4..<6), (10..<11, 5..<6),
    (11..<11, 6..<6),
  ])
  func fileRangesMapToTheTextTakenFromThem(file: Range<Int>, text: Range<Int>) {
    #expect(Self.map.textRange(ofFile: file) == text)
  }

  @Test func adjacentVerbatimRunsMerge() {
    var map = TextOffsetMap()
    map.fileLength = 10
    map.appendVerbatim(count: 3, fileStart: 0)
    map.appendVerbatim(count: 4, fileStart: 3)
    map.appendVerbatim(count: 2, fileStart: 8)
    #expect(map.segments.count == 2)
    #expect(map.fileRange(ofText: 2..<8) == 2..<9)
  }

  @Test func randomSuffixesNeverGiveOutOfBoundsLocators() {
    var generator = SourceDocumentRobustnessTests.Generator(state: 7)
    let alphabet = Array("p.§¶l sec,;&-–{}()[]\"“”0123456789ivxPpLl Ư中".unicodeScalars)
    for _ in 0..<2000 {
      var suffix = String.UnicodeScalarView()
      for _ in 0..<Int(generator.next() % 16) {
        suffix.append(alphabet[Int(generator.next() % UInt64(alphabet.count))])
      }
      let string = String(suffix)
      if let locator = Locator.first(in: string) {
        #expect(locator.range.lowerBound >= 0 && locator.range.upperBound <= string.utf8.count, "\(string)")
        #expect(!locator.value.isEmpty, "\(string)")
      }
    }
  }
}
