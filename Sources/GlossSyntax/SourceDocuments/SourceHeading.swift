/// A heading of a source document: Markdown ATX/setext, HTML `<h1>`–`<h6>`, or a numbered plain-text heading.
package struct SourceHeading: Hashable, Sendable {
  /// 1 for the top level, up to 6.
  package var level: Int
  /// The heading's text, markers removed, section number included (`2.1 Methods`).
  package var text: String
  /// The leading section number without its final period (`2.1`, `II`), nil when there is none.
  package var number: String?
  /// The GitHub slug of `text`, with `-1`, `-2`, … for repeated headings of the document.
  package var slug: String
  /// Where `text` is in the document's text.
  package var textRange: Range<Int>
  /// The whole heading in the document's text (its line or lines, markers included); a section's passage starts here.
  package var range: Range<Int>

  /// A heading from its parts.
  package init(level: Int, text: String, number: String?, slug: String, textRange: Range<Int>, range: Range<Int>) {
    self.level = level
    self.text = text
    self.number = number
    self.slug = slug
    self.textRange = textRange
    self.range = range
  }

  /// The heading text without its section number (`Methods` for `2.1 Methods`).
  package var title: String {
    guard let number, text.hasPrefix(number) else { return text }
    var rest = text.dropFirst(number.count)
    if rest.first == "." || rest.first == ")" { rest = rest.dropFirst() }
    return String(rest.drop(while: { $0 == " " || $0 == "\t" }))
  }

  /// The leading section number of a heading text: `2`, `2.1`, `2.1.3` (period optional) or an upper- or lowercase
  /// roman numeral followed by a period (`II.`), each followed by white space; nil otherwise.
  static func sectionNumber(of text: String) -> String? {
    let bytes = Array(text.utf8.prefix(40))
    var index = 0
    var digits = 0
    while index < bytes.count, (0x30...0x39).contains(bytes[index]) || (bytes[index] == 0x2E && digits > 0) {
      if bytes[index] == 0x2E {
        guard index + 1 < bytes.count, (0x30...0x39).contains(bytes[index + 1]) else { break }
        digits = 0
      } else {
        digits += 1
        guard digits <= 3 else { return nil }
      }
      index += 1
    }
    if index > 0 {
      let number = String(decoding: bytes[0..<index], as: UTF8.self)
      if index < bytes.count, bytes[index] == 0x2E { index += 1 }
      guard index == bytes.count || bytes[index] == 0x20 || bytes[index] == 0x09 else { return nil }
      return number
    }
    while index < bytes.count, isRomanLetter(bytes[index]) {
      index += 1
    }
    guard index > 0, index + 1 < bytes.count, bytes[index] == 0x2E, bytes[index + 1] == 0x20 || bytes[index + 1] == 0x09
    else { return nil }
    let numeral = String(decoding: bytes[0..<index], as: UTF8.self)
    guard numeral == numeral.uppercased() || numeral == numeral.lowercased(), RomanNumeral.value(of: numeral) != nil
    else { return nil }
    return numeral
  }

  private static func isRomanLetter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "I"), UInt8(ascii: "V"), UInt8(ascii: "X"), UInt8(ascii: "L"), UInt8(ascii: "C"),
      UInt8(ascii: "D"), UInt8(ascii: "M"), UInt8(ascii: "i"), UInt8(ascii: "v"), UInt8(ascii: "x"),
      UInt8(ascii: "l"), UInt8(ascii: "c"), UInt8(ascii: "d"), UInt8(ascii: "m"):
      return true
    default:
      return false
    }
  }
}
