#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Note {
  /// The cross-reference labels of `blocks` (and their children), in document order.
  ///
  /// Raw HTML blocks and indented code hold none (Pandoc reads no Markdown there); a fenced code block holds those of
  /// its attributes (`{#lst-x}`), its chunk name (`{r fig-x, fig.cap="…"}`) and its leading `#| label:` options.
  static func crossrefLabels(in buffer: UnsafeBufferPointer<UInt8>, blocks: [Block]) -> (
    labels: [CrossrefLabel], readsAcross: Bool
  ) {
    var labels: [CrossrefLabel] = []
    var readsAcross = false
    func visit(_ block: Block) {
      switch block.kind {
      case .fencedCode(let info):
        codeLabels(buffer, block.range, info: info, into: &labels)
      case .indentedCode, .html, .frontMatter, .thematicBreak:
        return
      case .heading:
        attributeLabels(buffer, block.range, heading: true, into: &labels, readsAcross: &readsAcross)
      case .paragraph, .table:
        attributeLabels(buffer, block.range, heading: false, into: &labels, readsAcross: &readsAcross)
      case .blockQuote, .list, .listItem, .footnoteDefinition, .definition:
        if block.children.isEmpty {
          attributeLabels(buffer, block.range, heading: false, into: &labels, readsAcross: &readsAcross)
        }
        for child in block.children { visit(child) }
      }
    }
    for block in blocks { visit(block) }
    return (labels, readsAcross)
  }

  private static let brace = UInt8(ascii: "{")

  /// The `{… #id …}` attributes in `range` outside code spans.
  private static func attributeLabels(
    _ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, heading: Bool, into labels: inout [CrossrefLabel],
    readsAcross: inout Bool
  ) {
    var index = range.lowerBound
    let end = min(range.upperBound, buffer.count)
    // Most blocks have no `{` at all: one memchr pass says so before any byte is looked at one by one.
    guard index < end, let base = buffer.baseAddress, memchr(base + index, Int32(brace), end - index) != nil else {
      return
    }
    var inCode = 0
    while index < end {
      let byte = buffer[index]
      if byte == UInt8(ascii: "`") {
        var run = 0
        while index < end, buffer[index] == UInt8(ascii: "`") {
          run += 1
          index += 1
        }
        inCode = inCode == 0 ? run : (inCode == run ? 0 : inCode)
        continue
      }
      if byte == 0x5C {
        index += 2
        continue
      }
      guard byte == brace, inCode == 0 else {
        index += 1
        continue
      }
      guard let (id, idRange, close) = attributeID(buffer, from: index, end: end) else {
        index += 1
        continue
      }
      let (element, caption) = describe(buffer, braceAt: index, closeAt: close, block: range, heading: heading)
      if element == .div { readsAcross = true }
      labels.append(CrossrefLabel(id: id, range: idRange, element: element, caption: caption))
      index = close + 1
    }
  }

  /// The identifier of the attribute block opening at `open` (`{#id .class key=value}` on one line), with its range
  /// and where the block closes.
  private static func attributeID(
    _ buffer: UnsafeBufferPointer<UInt8>, from open: Int, end: Int
  ) -> (String, Range<Int>, Int)? {
    var index = open + 1
    var found: Range<Int>?
    while index < end, buffer[index] != UInt8(ascii: "}"), buffer[index] != 0x0A {
      if buffer[index] == UInt8(ascii: "#"), found == nil,
        index == open + 1 || buffer[index - 1] == 0x20 || buffer[index - 1] == 0x09
      {
        var stop = index + 1
        while stop < end, !ByteClass.isWhitespace(buffer[stop]), buffer[stop] != UInt8(ascii: "}") { stop += 1 }
        if stop > index + 1 { found = index + 1..<stop }
        index = stop
        continue
      }
      if buffer[index] == UInt8(ascii: "\"") {
        index += 1
        while index < end, buffer[index] != UInt8(ascii: "\""), buffer[index] != 0x0A { index += 1 }
      }
      index += 1
    }
    guard index < end, buffer[index] == UInt8(ascii: "}"), let found else { return nil }
    return (String(decoding: UnsafeBufferPointer(rebasing: buffer[found]), as: UTF8.self), found, index)
  }

  /// What the attribute block at `open ... close` labels, and its caption.
  private static func describe(
    _ buffer: UnsafeBufferPointer<UInt8>, braceAt open: Int, closeAt close: Int, block: Range<Int>, heading: Bool
  ) -> (CrossrefLabel.Element, String) {
    let lineStart = Self.lineStart(buffer, before: open, notBefore: block.lowerBound)
    let before = text(buffer, lineStart..<open)
    let trimmed = before.trimmingSpaces()
    if heading {
      return (.heading, String(trimmed.drop { $0 == "#" }).trimmingSpaces())
    }
    if trimmed.hasPrefix(":::") {
      return (.div, divCaption(buffer, after: close))
    }
    if trimmed.hasSuffix("$$") {
      return (.equation, "")
    }
    if trimmed.hasPrefix(": ") || trimmed == ":" || trimmed.hasPrefix("Table:") {
      let caption = trimmed.hasPrefix("Table:") ? trimmed.dropFirst(6) : trimmed.dropFirst()
      return (.table, String(caption).trimmingSpaces())
    }
    if trimmed.hasSuffix(")"), let alt = imageAlt(trimmed) { return (.image, alt) }
    if trimmed.hasSuffix("]"), let open = trimmed.lastIndex(of: "[") {
      return (.span, String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]))
    }
    return (.span, "")
  }

  /// The alt text of the image ending `text` (`… ![alt](src)`).
  private static func imageAlt(_ text: String) -> String? {
    guard let middle = text.ranges(of: "](").last, let start = text[..<middle.lowerBound].ranges(of: "![").last
    else { return nil }
    return String(text[start.upperBound..<middle.lowerBound]).trimmingSpaces()
  }

  /// A div's caption: its first heading's text (a theorem's or callout's title), else its last line of text before
  /// the closing fence (a figure's caption).
  private static func divCaption(_ buffer: UnsafeBufferPointer<UInt8>, after close: Int) -> String {
    var index = close
    while index < buffer.count, buffer[index] != 0x0A { index += 1 }
    var last = ""
    var depth = 0
    var lines = 0
    while index < buffer.count, lines < 200 {
      let start = index + 1
      var stop = start
      while stop < buffer.count, buffer[stop] != 0x0A { stop += 1 }
      guard start < stop || stop < buffer.count else { break }
      let line = text(buffer, start..<min(stop, buffer.count)).trimmingSpaces()
      index = stop
      lines += 1
      if line.hasPrefix(":::") {
        if line.count > 3, line.dropFirst(3).contains(where: { $0 != ":" && $0 != " " }) {
          depth += 1
          continue
        }
        if depth == 0 { break }
        depth -= 1
        continue
      }
      if line.hasPrefix("#"), last.isEmpty, depth == 0 {
        return String(line.drop { $0 == "#" }).trimmingSpaces()
      }
      if !line.isEmpty, depth == 0, !line.hasPrefix("!["), !line.hasPrefix("```") { last = line }
    }
    return last
  }

  /// The labels of a fenced code block: `{#id}` in its attributes, an R Markdown chunk name, `#| label:` options.
  private static func codeLabels(
    _ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, info: String, into labels: inout [CrossrefLabel]
  ) {
    let end = min(range.upperBound, buffer.count)
    var lineEnd = range.lowerBound
    while lineEnd < end, buffer[lineEnd] != 0x0A { lineEnd += 1 }
    let fence = range.lowerBound..<lineEnd
    var caption = ""
    // Options at the top of the cell: `#| key: value` (`//|`, `--|` in other languages).
    var options: [(key: String, value: String, range: Range<Int>)] = []
    var index = lineEnd + 1
    while index < end {
      var stop = index
      while stop < end, buffer[stop] != 0x0A { stop += 1 }
      var first = index
      while first < stop, buffer[first] == 0x20 { first += 1 }
      var marker = first
      while marker < stop,
        buffer[marker] == UInt8(ascii: "#") || buffer[marker] == UInt8(ascii: "/")
          || buffer[marker] == UInt8(ascii: "-") || buffer[marker] == UInt8(ascii: "%")
      {
        marker += 1
      }
      guard marker > first, marker < stop, buffer[marker] == UInt8(ascii: "|") else { break }
      let body = text(buffer, marker + 1..<stop)
      if let colon = body.firstIndex(of: ":") {
        let key = body[..<colon].trimmingSpaces()
        let rawValue = body[body.index(after: colon)...]
        let value = String(rawValue).trimmingSpaces()
        let leading = rawValue.utf8.count - String(rawValue.drop { $0 == " " }).utf8.count
        let valueStart = marker + 1 + body[...colon].utf8.count + leading
        options.append((key, unquote(value), valueStart..<valueStart + value.utf8.count))
      }
      index = stop + 1
    }
    for option in options where option.key.hasSuffix("-cap") || option.key == "caption" {
      caption = option.value
    }
    if let label = options.first(where: { $0.key == "label" }), !label.value.isEmpty {
      let quoted = label.value != text(buffer, label.range)
      let range = quoted ? label.range.lowerBound + 1..<label.range.upperBound - 1 : label.range
      labels.append(CrossrefLabel(id: label.value, range: range, element: .codeCell, caption: caption))
      return
    }
    // `{#lst-x .python lst-cap="…"}` or `{r fig-x, fig.cap="…"}` on the fence line.
    guard let open = (fence.lowerBound..<fence.upperBound).first(where: { buffer[$0] == brace }) else { return }
    if let (id, idRange, _) = attributeID(buffer, from: open, end: fence.upperBound) {
      let attributes = text(buffer, open..<fence.upperBound)
      let cap = attributeValue(attributes, keys: ["lst-cap", "caption", "fig-cap", "tbl-cap"]) ?? caption
      labels.append(CrossrefLabel(id: id, range: idRange, element: .codeBlock, caption: cap))
      return
    }
    // R Markdown: `{r name, option=value}`: the engine, then the chunk name when it is no `key=value` option.
    var cursor = open + 1
    while cursor < fence.upperBound, ByteClass.isASCIILetter(buffer[cursor]) { cursor += 1 }
    guard cursor > open + 1 else { return }
    while cursor < fence.upperBound, buffer[cursor] == 0x20 { cursor += 1 }
    var stop = cursor
    while stop < fence.upperBound, buffer[stop] != UInt8(ascii: ","), buffer[stop] != UInt8(ascii: "}"),
      buffer[stop] != 0x20, buffer[stop] != UInt8(ascii: "=")
    {
      stop += 1
    }
    guard stop > cursor, stop >= fence.upperBound || buffer[stop] != UInt8(ascii: "=") else { return }
    let attributes = text(buffer, stop..<fence.upperBound)
    let cap = attributeValue(attributes, keys: ["fig.cap", "tab.cap", "tbl.cap"]) ?? caption
    labels.append(
      CrossrefLabel(id: text(buffer, cursor..<stop), range: cursor..<stop, element: .codeCell, caption: cap))
  }

  /// The quoted value of the first of `keys` in `key="value"` attributes.
  private static func attributeValue(_ attributes: String, keys: [String]) -> String? {
    for key in keys {
      guard let range = attributes.firstRange(of: key + "=") else { continue }
      let rest = attributes[range.upperBound...]
      guard let quote = rest.first, quote == "\"" || quote == "'" else {
        return String(rest.prefix { $0 != "," && $0 != "}" && $0 != " " })
      }
      return String(rest.dropFirst().prefix { $0 != quote })
    }
    return nil
  }

  private static func unquote(_ value: String) -> String {
    guard value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first else {
      return value
    }
    return String(value.dropFirst().dropLast())
  }

  private static func lineStart(_ buffer: UnsafeBufferPointer<UInt8>, before index: Int, notBefore floor: Int) -> Int {
    var start = index
    while start > floor, buffer[start - 1] != 0x0A { start -= 1 }
    return start
  }

  private static func text(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
  }
}

extension Note {
  /// The kinds a front matter's `crossref: custom:` declares (read only when it has a `crossref` key).
  static func crossrefKinds(_ frontMatter: FrontMatter, in bytes: [UInt8]) -> [CrossrefKind] {
    guard frontMatter["crossref"] != nil, frontMatter.range.upperBound <= bytes.count else { return [] }
    let text = String(decoding: bytes[frontMatter.range], as: UTF8.self)
    return ProjectMetadata(parsingYAML: text).customCrossrefKinds
  }
}
