/// The visible text of an HTML file, with its headings, `<title>`, `<meta>` values and a map back to the file.
///
/// Rules: `<script>`, `<style>`, `<template>`, `<textarea>`, comments and `<head>` (where `<title>` goes to metadata;
/// the head ends at `</head>`, `<body>`, text or a body element) are dropped; entities are decoded; block elements break lines (a blank line around `p`, `div`, `h1`–`h6`,
/// `blockquote`, `pre`, `section`, lists, tables, …; one line break at `br`, `li`, `tr`, `dt`, `dd`); runs of white
/// space collapse to one space outside `<pre>`; a form feed outside `<pre>` starts a new page. Unterminated tags at the
/// end of the file are dropped, an unterminated comment drops the rest (reported as a problem).
struct HTMLText {
  var text: [UInt8] = []
  var map = TextOffsetMap()
  /// Headings as level and the range of their text.
  var headings: [(level: Int, range: Range<Int>)] = []
  var title: String?
  /// `<meta>` elements as (lowercased `name` or `property`, decoded `content`).
  var meta: [(name: String, content: String)] = []
  var problems: [SyntaxProblem] = []

  /// Extracts the visible text of `bytes`; never fails.
  init(parsing bytes: [UInt8]) {
    map.fileLength = bytes.count
    bytes.withUnsafeBufferPointer { buffer in
      var extractor = HTMLExtractor(bytes: buffer, output: self)
      extractor.run()
      self = extractor.output
    }
  }

  init() {}
}

/// The state of one pass over an HTML file.
private struct HTMLExtractor {
  let bytes: UnsafeBufferPointer<UInt8>
  var output: HTMLText
  /// 0 none, 1 line break, 2 blank line, 3 form feed; emitted lazily before the next visible text.
  var pendingBreak = 0
  var breakOrigin = 0
  var pendingSpace: Range<Int>?
  var preDepth = 0
  var skipNewline = false
  var inHead = false
  var headingLevel = 0
  var headingStart: Int?

  static let paragraphElements: Set<String> = [
    "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "section", "article", "header", "footer",
    "nav", "aside", "main", "ul", "ol", "dl", "table", "figure", "figcaption", "address", "details", "summary", "form",
    "fieldset", "hgroup", "center", "hr", "body", "dialog", "legend", "menu",
  ]
  static let lineElements: Set<String> = ["br", "li", "dt", "dd", "tr", "caption", "option", "thead", "tbody", "tfoot"]
  /// Elements that may appear in `<head>`; any other start tag ends it, as in browsers.
  static let headElements: Set<String> = [
    "head", "title", "meta", "link", "style", "script", "base", "noscript", "template",
  ]
  static let skippedElements: Set<String> = ["script", "style", "template", "title", "textarea", "xmp"]

  init(bytes: UnsafeBufferPointer<UInt8>, output: HTMLText) {
    self.bytes = bytes
    self.output = output
  }

  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C
  }
  static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }

  mutating func run() {
    var index = 0
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "<") {
        index = markup(at: index)
      } else if byte == UInt8(ascii: "&") {
        index = entity(at: index)
      } else if preDepth == 0 && HTMLExtractor.isSpace(byte) {
        var end = index
        var hasFormFeed = false
        while end < count, HTMLExtractor.isSpace(bytes[end]) {
          if bytes[end] == 0x0C { hasFormFeed = true }
          end += 1
        }
        if hasFormFeed {
          requestBreak(3, at: index)
        } else if pendingBreak == 0 && pendingSpace == nil {
          pendingSpace = index..<end
        }
        index = end
      } else {
        var end = index + 1
        while end < count {
          let next = bytes[end]
          if next == UInt8(ascii: "<") || next == UInt8(ascii: "&") || (preDepth == 0 && HTMLExtractor.isSpace(next)) {
            break
          }
          end += 1
        }
        var start = index
        if skipNewline {
          skipNewline = false
          if bytes[start] == 0x0D { start += 1 }
          if start < end, bytes[start] == 0x0A { start += 1 }
        }
        if start < end {
          // Text in the head ends it, as in browsers (`<head><title>…</title>Text` shows `Text`).
          inHead = false
          flushPending()
          if !inHead { UTF8Repair.append(bytes, start..<end, to: &output.text, map: &output.map) }
        }
        index = end
      }
    }
    finishHeading()
  }

  mutating func requestBreak(_ level: Int, at origin: Int) {
    guard !output.text.isEmpty else { return }
    if pendingBreak == 0 { breakOrigin = origin }
    pendingBreak = max(pendingBreak, level)
    pendingSpace = nil
  }

  /// Emits the pending break or space before visible text, and notes where a heading's text starts.
  mutating func flushPending() {
    guard !inHead else { return }
    if !output.text.isEmpty {
      if pendingBreak > 0 {
        // Only the last two bytes are looked at: a break never doubles one that is already there.
        let count = output.text.count
        let endsWithNewline = output.text[count - 1] == 0x0A
        let endsWithBlankLine = endsWithNewline && count > 1 && output.text[count - 2] == 0x0A
        var insert: [UInt8]
        switch pendingBreak {
        case 1: insert = endsWithNewline ? [] : [0x0A]
        case 2: insert = endsWithBlankLine ? [] : endsWithNewline ? [0x0A] : [0x0A, 0x0A]
        default: insert = output.text[count - 1] == 0x0C ? [] : [0x0C]
        }
        output.text.append(contentsOf: insert)
        output.map.appendReplaced(count: insert.count, fileRange: breakOrigin..<breakOrigin)
      } else if let space = pendingSpace, let last = output.text.last, !HTMLExtractor.isSpace(last) {
        output.text.append(0x20)
        if space.count == 1 && bytes[space.lowerBound] == 0x20 {
          output.map.appendVerbatim(count: 1, fileStart: space.lowerBound)
        } else {
          output.map.appendReplaced(count: 1, fileRange: space)
        }
      }
    }
    pendingBreak = 0
    pendingSpace = nil
    if headingLevel > 0 && headingStart == nil { headingStart = output.text.count }
  }

  mutating func finishHeading() {
    if headingLevel > 0, let start = headingStart, output.text.count > start {
      output.headings.append((headingLevel, start..<output.text.count))
    }
    headingLevel = 0
    headingStart = nil
  }

  /// Handles `<` at `index` (a tag, comment, declaration or a plain `<`) and returns where scanning resumes.
  mutating func markup(at index: Int) -> Int {
    let count = bytes.count
    if startsWith("<!--", at: index) {
      guard let close = find("-->", from: index + 4) else {
        output.problems.append(SyntaxProblem(range: index..<count, message: "unterminated html comment"))
        return count
      }
      return close + 3
    }
    let next = index + 1 < count ? bytes[index + 1] : 0
    if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
      return find(">", from: index + 2).map { $0 + 1 } ?? count
    }
    let isEnd = next == UInt8(ascii: "/")
    let nameStart = isEnd ? index + 2 : index + 1
    guard nameStart < count, HTMLExtractor.isLetter(bytes[nameStart]) else {
      flushPending()
      if !inHead {
        output.text.append(UInt8(ascii: "<"))
        output.map.appendVerbatim(count: 1, fileStart: index)
      }
      return index + 1
    }
    var nameEnd = nameStart
    while nameEnd < count, !HTMLExtractor.isSpace(bytes[nameEnd]), bytes[nameEnd] != UInt8(ascii: ">"),
      bytes[nameEnd] != UInt8(ascii: "/")
    {
      nameEnd += 1
    }
    let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self).lowercased()
    // Only `<meta>` needs its attribute values; other tags are skipped over, quotes respected.
    guard let (attributes, tagEnd) = attributes(from: nameEnd, keep: name == "meta") else { return count }
    if isEnd {
      endTag(name, at: index)
    } else {
      return startTag(name, attributes: attributes, at: index, end: tagEnd)
    }
    return tagEnd
  }

  mutating func endTag(_ name: String, at index: Int) {
    switch name {
    case "head": inHead = false
    case "pre": preDepth = max(0, preDepth - 1)
    case "h1", "h2", "h3", "h4", "h5", "h6": finishHeading()
    default: break
    }
    separate(name, at: index)
  }

  /// The break a paragraph or line element makes at its start or end, or the space between table cells.
  mutating func separate(_ name: String, at index: Int) {
    if HTMLExtractor.paragraphElements.contains(name) {
      requestBreak(2, at: index)
    } else if HTMLExtractor.lineElements.contains(name) {
      requestBreak(1, at: index)
    } else if name == "td" || name == "th", pendingBreak == 0, pendingSpace == nil {
      pendingSpace = index..<index
    }
  }

  mutating func startTag(_ name: String, attributes: [(String, String)], at index: Int, end: Int) -> Int {
    if HTMLExtractor.skippedElements.contains(name) {
      let close = findEndTag(name, from: end)
      if name == "title", output.title == nil {
        output.title = HTMLExtractor.collapsed(decodedText(end..<(close?.start ?? bytes.count)))
      }
      return close?.end ?? bytes.count
    }
    if inHead && !HTMLExtractor.headElements.contains(name) { inHead = false }
    switch name {
    case "head": inHead = true
    case "body": inHead = false
    case "meta":
      let key = attributes.first { $0.0 == "name" || $0.0 == "property" || $0.0 == "itemprop" }?.1.lowercased()
      if let key, let content = attributes.first(where: { $0.0 == "content" })?.1 {
        output.meta.append((key, content))
      }
    case "pre":
      preDepth += 1
      skipNewline = true
    case "h1", "h2", "h3", "h4", "h5", "h6":
      finishHeading()
      requestBreak(2, at: index)
      headingLevel = Int(name.utf8.last.map { $0 - UInt8(ascii: "0") } ?? 1)
    default: break
    }
    separate(name, at: index)
    return end
  }

  /// The attributes of a tag from just after its name, and the offset after its `>`; nil when the file ends first.
  func attributes(from start: Int, keep: Bool) -> ([(String, String)], Int)? {
    var result: [(String, String)] = []
    var index = start
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if byte == UInt8(ascii: ">") { return (result, index + 1) }
      if HTMLExtractor.isSpace(byte) || byte == UInt8(ascii: "/") {
        index += 1
        continue
      }
      var nameEnd = index
      while nameEnd < count, !HTMLExtractor.isSpace(bytes[nameEnd]), bytes[nameEnd] != UInt8(ascii: "="),
        bytes[nameEnd] != UInt8(ascii: ">")
      {
        nameEnd += 1
      }
      let name = keep ? String(decoding: bytes[index..<nameEnd], as: UTF8.self).lowercased() : ""
      index = nameEnd
      while index < count, HTMLExtractor.isSpace(bytes[index]) { index += 1 }
      guard index < count, bytes[index] == UInt8(ascii: "=") else {
        if keep { result.append((name, "")) }
        continue
      }
      index += 1
      while index < count, HTMLExtractor.isSpace(bytes[index]) { index += 1 }
      guard index < count else { return nil }
      let quote = bytes[index]
      var valueRange: Range<Int>
      if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
        var end = index + 1
        while end < count, bytes[end] != quote { end += 1 }
        guard end < count else { return nil }
        valueRange = (index + 1)..<end
        index = end + 1
      } else {
        var end = index
        while end < count, !HTMLExtractor.isSpace(bytes[end]), bytes[end] != UInt8(ascii: ">") { end += 1 }
        valueRange = index..<end
        index = end
      }
      if keep { result.append((name, decodedText(valueRange))) }
    }
    return nil
  }

  /// Handles `&` at `index`: a decoded entity, or a plain `&`.
  mutating func entity(at index: Int) -> Int {
    flushPending()
    guard let (scalar, end) = HTMLEntities.decode(bytes, at: index) else {
      if !inHead {
        output.text.append(UInt8(ascii: "&"))
        output.map.appendVerbatim(count: 1, fileStart: index)
      }
      return index + 1
    }
    if !inHead {
      let encoded = Array(String(Character(scalar)).utf8)
      output.text.append(contentsOf: encoded)
      output.map.appendReplaced(count: encoded.count, fileRange: index..<end)
    }
    return end
  }

  /// The text of a byte range with entities decoded (for titles and attribute values).
  func decodedText(_ range: Range<Int>) -> String {
    var scalars = String.UnicodeScalarView()
    var index = range.lowerBound
    var runStart = index
    func flush(_ end: Int) {
      if end > runStart {
        scalars.append(contentsOf: String(decoding: bytes[runStart..<end], as: UTF8.self).unicodeScalars)
      }
    }
    while index < range.upperBound {
      if bytes[index] == UInt8(ascii: "&"), let (scalar, end) = HTMLEntities.decode(bytes, at: index),
        end <= range.upperBound
      {
        flush(index)
        scalars.append(scalar)
        index = end
        runStart = end
      } else {
        index += 1
      }
    }
    flush(range.upperBound)
    return String(scalars)
  }

  /// White space runs as single spaces, ends trimmed.
  static func collapsed(_ text: String) -> String {
    text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }

  func startsWith(_ literal: StaticString, at index: Int) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard index + count <= bytes.count else { return false }
    return literal.withUTF8Buffer { pattern in (0..<count).allSatisfy { bytes[index + $0] == pattern[$0] } }
  }

  func find(_ literal: StaticString, from start: Int) -> Int? {
    var index = start
    while index < bytes.count {
      if startsWith(literal, at: index) { return index }
      index += 1
    }
    return nil
  }

  /// The next `</name` (any case) followed by a non-letter, and the offset after its `>`.
  func findEndTag(_ name: String, from start: Int) -> (start: Int, end: Int)? {
    let pattern = Array(name.utf8)
    var index = start
    while let open = findByte(UInt8(ascii: "<"), from: index) {
      index = open + 1
      guard open + 2 + pattern.count <= bytes.count, bytes[open + 1] == UInt8(ascii: "/") else { continue }
      let matches = pattern.indices.allSatisfy { bytes[open + 2 + $0] | 0x20 == pattern[$0] }
      let after = open + 2 + pattern.count
      guard matches, after == bytes.count || !HTMLExtractor.isLetter(bytes[after]) else { continue }
      let end = findByte(UInt8(ascii: ">"), from: after).map { $0 + 1 } ?? bytes.count
      return (open, end)
    }
    return nil
  }

  func findByte(_ byte: UInt8, from start: Int) -> Int? {
    var index = start
    while index < bytes.count {
      if bytes[index] == byte { return index }
      index += 1
    }
    return nil
  }
}
