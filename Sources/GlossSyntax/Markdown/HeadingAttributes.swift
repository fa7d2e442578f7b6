/// A heading's trailing Pandoc attribute block, `# Methods {#sec-methods}`, `{.unnumbered}`, `{-}`,
/// `{#id .class key="value"}`, read as Pandoc reads it: the block is not part of the heading's text, its `#id` is the
/// heading's identifier (its anchor), and `.unnumbered` or `-` mark it unnumbered (see docs/quarto.md).
///
/// Only a block that ends the text counts (`# A {#x} b` is text), and only one whose every item is an attribute.
struct HeadingAttributes: Equatable {
  /// The `#id`, nil when the block has none.
  var identifier: String?
  /// Whether the block has `.unnumbered` or `-`.
  var isUnnumbered: Bool
  /// The bytes at the end of the heading's text that the block and the spaces before it take.
  var length: Int

  /// The attribute block ending `text` (after trailing spaces), or nil when it ends with none.
  static func trailing(in text: String) -> HeadingAttributes? {
    let bytes = Array(text.utf8)
    var end = bytes.count
    while end > 0, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    guard end > 0, bytes[end - 1] == UInt8(ascii: "}"),
      let open = bytes[..<(end - 1)].lastIndex(of: UInt8(ascii: "{"))
    else { return nil }
    guard var attributes = items(bytes[(open + 1)..<(end - 1)]) else { return nil }
    var start = open
    while start > 0, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
    attributes.length = bytes.count - start
    return attributes
  }

  /// The items of a block's inside, nil when one of them is no attribute.
  private static func items(_ inside: ArraySlice<UInt8>) -> HeadingAttributes? {
    var out = HeadingAttributes(identifier: nil, isUnnumbered: false, length: 0)
    var index = inside.startIndex
    while index < inside.endIndex {
      let byte = inside[index]
      if byte == 0x20 || byte == 0x09 {
        index += 1
        continue
      }
      var stop = index
      var inQuote = false
      while stop < inside.endIndex, inQuote || (inside[stop] != 0x20 && inside[stop] != 0x09) {
        if inside[stop] == UInt8(ascii: "\"") { inQuote.toggle() }
        stop += 1
      }
      if inQuote { return nil }
      let item = inside[index..<stop]
      index = stop
      switch byte {
      case UInt8(ascii: "#"):
        guard item.count > 1 else { return nil }
        out.identifier = String(decoding: item.dropFirst(), as: UTF8.self)
      case UInt8(ascii: "."):
        guard item.count > 1 else { return nil }
        if item.dropFirst().elementsEqual("unnumbered".utf8) { out.isUnnumbered = true }
      case UInt8(ascii: "-") where item.count == 1:
        out.isUnnumbered = true
      default:
        guard let equals = item.firstIndex(of: UInt8(ascii: "=")), equals > item.startIndex,
          item[..<equals].allSatisfy(isKeyByte)
        else { return nil }
      }
    }
    return out
  }

  /// A byte of an attribute's key: ASCII letters, digits, `-`, `_`, `:` and `.`.
  private static func isKeyByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "."): true
    default: false
    }
  }
}
