/// A label a cross-reference can point at: `{#fig-x}` on an image, table caption, div, heading, span or display
/// equation, a code cell's `#| label: fig-x` option or R Markdown chunk name, or pandoc-crossref's `{#fig:x}`.
///
/// Every identifier written in such a place is kept; which prefixes make a cross-reference kind is the index's call.
package struct CrossrefLabel: Hashable, Sendable {
  /// What carries the label.
  package enum Element: String, Hashable, Sendable {
    case image, table, div, heading, equation, codeCell, codeBlock, span
  }

  /// The identifier as written, without `#` (`fig-elephant`, `eq:1`).
  package var id: String
  /// The identifier's range in the note.
  package var range: Range<Int>
  package var element: Element
  /// The caption (an image's alt text, a table's caption, a cell's `fig-cap`, a heading's text, a div's title or
  /// last line), trimmed; empty when there is none.
  package var caption: String

  package init(id: String, range: Range<Int>, element: Element, caption: String) {
    self.id = id
    self.range = range
    self.element = element
    self.caption = caption
  }

  /// Moves the label by `delta` bytes.
  package mutating func shift(by delta: Int) {
    range = range.lowerBound + delta..<range.upperBound + delta
  }

  /// The label's prefix and the separator after it (`fig` and `-` for `fig-x`), nil when it has neither `-` nor `:`
  /// after a run of ASCII letters.
  package var prefix: (kind: Substring, separator: Character)? { CrossrefLabel.prefix(of: id) }

  /// The prefix of an identifier or cross-reference key: a run of ASCII letters followed by `-` or `:`.
  package static func prefix(of id: some StringProtocol) -> (kind: Substring, separator: Character)? {
    // On the UTF-8 bytes: every citation key is asked, and most (`smith2020`) have no prefix.
    let text = Substring(id)
    let bytes = text.utf8
    var separator = bytes.startIndex
    while separator < bytes.endIndex, ByteClass.isASCIILetter(bytes[separator]) {
      separator = bytes.index(after: separator)
    }
    guard separator > bytes.startIndex, separator < bytes.endIndex,
      bytes[separator] == UInt8(ascii: "-") || bytes[separator] == UInt8(ascii: ":"),
      bytes.index(after: separator) < bytes.endIndex
    else { return nil }
    return (text[..<separator], bytes[separator] == UInt8(ascii: "-") ? "-" : ":")
  }
}
