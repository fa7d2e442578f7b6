import Foundation
import JSONStrings
import Testing

@Suite struct JSONStringTests {
  /// Each string and the literal the writer gives for it.
  static let cases: [(String, String)] = [
    ("", #""""#),
    ("plain/path with spaces", #""plain/path with spaces""#),
    ("say \"hi\"", #""say \"hi\"""#),
    ("back\\slash", #""back\\slash""#),
    ("a\nb\rc\td", #""a\nb\rc\td""#),
    ("nul\u{0}bell\u{7}esc\u{1B}us\u{1F}", #""nul\u0000bell\u0007esc\u001bus\u001f""#),
    ("del\u{7F}nel\u{85}", "\"del\u{7F}nel\u{85}\""),
    ("line\u{2028}para\u{2029}end", #""line\u2028para\u2029end""#),
    ("\u{2028}", #""\u2028""#),
    ("“quoted” — Tiếng Việt … 漢字", "\"“quoted” — Tiếng Việt … 漢字\""),
    ("emoji 🦉👩🏽‍🔬", "\"emoji 🦉👩🏽‍🔬\""),
    ("\u{2027}\u{202A}\u{20AC}", "\"\u{2027}\u{202A}\u{20AC}\""),
  ]

  @Test(arguments: cases)
  func writesTheLiteral(value: String, expected: String) {
    #expect(JSONString.literal(value) == expected)
    var bytes: [UInt8] = [0x5B]
    JSONString.append(value, to: &bytes)
    #expect(bytes == [0x5B] + Array(expected.utf8))
  }

  @Test func invalidBytesAreWrittenAsTheReplacementCharacter() {
    let value = String(decoding: [0x61, 0xFF, 0xE2, 0x80, 0x62, 0xED, 0xA0, 0x80] as [UInt8], as: UTF8.self)
    let literal = JSONString.literal(value)
    #expect(literal == "\"a\u{FFFD}\u{FFFD}b\u{FFFD}\u{FFFD}\u{FFFD}\"")
    #expect(Self.decoded(literal) == value)
  }

  /// Every scalar of the first planes and some beyond reads back as itself.
  @Test func everyWrittenStringReadsBackAsItself() {
    var scalars = (0..<0x3000).compactMap(Unicode.Scalar.init)
    scalars += [0xFEFF, 0xFFFD, 0x1F989, 0x10FFFF].compactMap(Unicode.Scalar.init)
    for chunk in stride(from: 0, to: scalars.count, by: 64) {
      var value = ""
      value.unicodeScalars.append(contentsOf: scalars[chunk..<min(scalars.count, chunk + 64)])
      let literal = JSONString.literal(value)
      #expect(Self.decoded(literal) == value)
      #expect(!literal.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x2028 || $0.value == 0x2029 })
    }
  }

  private static func decoded(_ literal: String) -> String? {
    try? JSONDecoder().decode(String.self, from: Data(literal.utf8))
  }
}
