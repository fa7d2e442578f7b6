extension FrontMatter {
  /// Front matter at the very start of `bytes` (nil when there is none) and where the body starts.
  ///
  /// The block opens with a `---` line at offset 0 (after an optional BOM) and closes with a `---` or `...` line.
  /// A block with no closing line is not front matter: the result is nil with `bodyStart` 0 and one problem on
  /// the opening line, so that a note whose author is still typing its front matter keeps its body indexed.
  package static func parse(_ bytes: [UInt8]) -> (frontMatter: FrontMatter?, bodyStart: Int, problems: [SyntaxProblem])
  {
    bytes.withUnsafeBufferPointer { buffer in
      var lines = LineCursor(buffer: buffer, position: 0)
      if buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF { lines.position = 3 }
      let start = lines.position
      guard let opening = lines.next(), isFence(buffer, opening.content, dots: false) else {
        return (nil, 0, [])
      }
      var body: [FrontMatterLine] = []
      while let line = lines.next() {
        if isFence(buffer, line.content, dots: true) {
          var parser = FrontMatterParser(buffer: buffer, lines: body)
          parser.parseEntries()
          let frontMatter = FrontMatter(range: start..<line.content.upperBound, entries: parser.entries)
          return (frontMatter, line.end, parser.problems)
        }
        body.append(line)
      }
      let problem = SyntaxProblem(range: opening.content, message: "front matter has no closing '---' line")
      return (nil, 0, [problem])
    }
  }

  /// True when `range` holds `---` (or `...` when `dots`) followed only by spaces or tabs.
  private static func isFence(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, dots: Bool) -> Bool {
    guard range.count >= 3 else { return false }
    let marker = buffer[range.lowerBound]
    guard marker == UInt8(ascii: "-") || (dots && marker == UInt8(ascii: ".")) else { return false }
    guard buffer[range.lowerBound + 1] == marker && buffer[range.lowerBound + 2] == marker else { return false }
    for index in (range.lowerBound + 3)..<range.upperBound where buffer[index] != 0x20 && buffer[index] != 0x09 {
      return false
    }
    return true
  }
}

/// One line of the front-matter block: its content (terminator excluded) and where the next line starts.
struct FrontMatterLine {
  var content: Range<Int>
  var end: Int
}

/// Splits a buffer into lines ending in LF, CRLF or CR.
struct LineCursor {
  let buffer: UnsafeBufferPointer<UInt8>
  var position: Int

  /// The next line, or nil at the end of the buffer.
  mutating func next() -> FrontMatterLine? {
    guard position < buffer.count else { return nil }
    let start = position
    var index = position
    while index < buffer.count && buffer[index] != 0x0A && buffer[index] != 0x0D { index += 1 }
    var end = index
    if end < buffer.count {
      end += (buffer[end] == 0x0D && end + 1 < buffer.count && buffer[end + 1] == 0x0A) ? 2 : 1
    }
    position = end
    return FrontMatterLine(content: start..<index, end: end)
  }
}
