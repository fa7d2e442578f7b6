#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Lines, pages, headings and paragraphs of a source document, found by scanning bytes.
extension SourceDocument {
  /// The start and end (terminator excluded) of every line; `\n`, `\r\n` and `\r` end lines, as the editor counts.
  static func lines(of bytes: [UInt8]) -> (starts: [Int32], ends: [Int32]) {
    // The line starts come from the word-at-a-time scan of `SourceText`; each line ends before the terminator
    // that opens the next.
    let lineStarts = SourceText.lineStarts(of: bytes)
    var starts: [Int32] = []
    var ends: [Int32] = []
    starts.reserveCapacity(lineStarts.count)
    ends.reserveCapacity(lineStarts.count)
    bytes.withUnsafeBufferPointer { buffer in
      for (k, start) in lineStarts.enumerated() {
        starts.append(Int32(truncatingIfNeeded: start))
        var end = buffer.count
        if k + 1 < lineStarts.count {
          let next = lineStarts[k + 1]
          end = next - 1
          if buffer[end] == 0x0A, end > start, buffer[end - 1] == 0x0D { end -= 1 }
        }
        ends.append(Int32(truncatingIfNeeded: end))
      }
    }
    return (starts, ends)
  }

  /// The lines (0-based) whose end, as `lines(of:)` gives it, is two bytes before the next line's start.
  static func crlfLines(starts: [Int32], ends: [Int32]) -> [Int32] {
    var lines: [Int32] = []
    for k in 0..<max(0, starts.count - 1) where ends[k] == starts[k + 1] &- 2 { lines.append(Int32(k)) }
    return lines
  }

  /// The end (terminator excluded) of 0-based line `index`, in the file.
  func lineEnd(_ index: Int) -> Int {
    guard index + 1 < lineStarts.count else { return fileLength }
    let next = Int(lineStarts[index + 1])
    guard !crlfLines.isEmpty else { return next - 1 }
    // Binary search: a file written on Windows has one entry per line.
    let lower = crlfLines.partitioningIndex { Int($0) >= index }
    return lower < crlfLines.count && Int(crlfLines[lower]) == index ? next - 2 : next - 1
  }

  /// Calls `body` with the start and end (terminator excluded) of each line of `text` from `start`.
  static func forEachLine(in text: [UInt8], from start: Int, _ body: (Int, Int) -> Void) {
    text.withUnsafeBufferPointer { buffer in
      var lineStart = start
      var index = start
      let count = buffer.count
      while true {
        index = LineTerminators.first(in: buffer, from: index)
        guard index < count else { break }
        body(lineStart, index)
        if buffer[index] == 0x0D, index + 1 < count, buffer[index + 1] == 0x0A { index += 1 }
        index += 1
        lineStart = index
      }
      body(lineStart, count)
    }
  }

  static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0C || byte == 0x0B }

  /// The range without leading and trailing spaces, tabs and form feeds.
  static func trimmed(_ range: Range<Int>, in text: [UInt8]) -> Range<Int> {
    text.trimming(range) { isBlank($0) || $0 == 0x0A || $0 == 0x0D }
  }

  /// Page starts: 0 and the offset after each form feed, without a blank last page.
  package static func pageStarts(of text: [UInt8]) -> [Int] {
    var starts = [0]
    text.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count, let found = memchr(base + offset, 0x0C, buffer.count - offset) {
        offset = base.distance(to: UnsafeRawPointer(found)) + 1
        starts.append(offset)
      }
    }
    if starts.count > 1, let last = starts.last, trimmed(last..<text.count, in: text).isEmpty {
      starts.removeLast()
    }
    return starts
  }

  /// Where the last page (starting at `lastPageStart`) ends: the end of the text, or the form feed before a blank
  /// last page (which is not counted). Only blank bytes can follow that form feed, so it is looked for from the end
  /// through those only.
  static func lastPageEnd(of text: [UInt8], lastPageStart: Int) -> Int {
    var index = text.count
    while index > lastPageStart {
      let byte = text[index - 1]
      if byte == 0x0C { return index - 1 }
      guard isBlank(byte) || byte == 0x0A || byte == 0x0D else { break }
      index -= 1
    }
    return text.count
  }

  /// Where each heading's section ends: at the next heading of the same or a higher level, else at the end of the
  /// text, blank bytes trimmed (never before the heading's start).
  static func sectionEnds(of headings: [SourceHeading], in text: [UInt8]) -> [Int] {
    var ends = [Int](repeating: text.count, count: headings.count)
    // The headings still waiting for their section's end; their levels rise from bottom to top.
    var open: [Int] = []
    for (index, heading) in headings.enumerated() {
      while let top = open.last, headings[top].level >= heading.level {
        ends[top] = heading.range.lowerBound
        open.removeLast()
      }
      open.append(index)
    }
    for (index, heading) in headings.enumerated() {
      let start = heading.range.lowerBound
      ends[index] = max(start, trimmed(start..<max(start, ends[index]), in: text).upperBound)
    }
    return ends
  }

  /// A heading value for a text range: its text, section number and slug.
  static func heading(level: Int, in text: [UInt8], textRange: Range<Int>, range: Range<Int>? = nil) -> SourceHeading {
    let title = headingTitle(text[textRange])
    return SourceHeading(
      level: level, text: title, number: SourceHeading.sectionNumber(of: title), slug: Slug.github(title),
      textRange: textRange, range: range ?? textRange)
  }

  /// A heading's lines, each trimmed, joined with single spaces; a one-line ASCII heading (the usual one) is
  /// trimmed as bytes.
  static func headingTitle(_ bytes: ArraySlice<UInt8>) -> String {
    if bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0A && $0 != 0x0D }) {
      // ASCII white space as Unicode sees it: space, tab, vertical tab, form feed (line breaks are not here).
      let title = bytes.trimming(bytes.indices) { $0 == 0x20 || (0x09...0x0C).contains($0) }
      return String(decoding: bytes[title], as: UTF8.self)
    }
    let string = String(decoding: bytes, as: UTF8.self)
    return string.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).map { SourceMetadata.trim($0) }
      .joined(separator: " ")
  }

  /// Blank-line separated blocks of the text from `start`, with lines that overlap a separator (a heading) excluded;
  /// a line starting with a form feed starts a new block.
  static func paragraphs(
    in text: [UInt8], from start: Int, separators: [Range<Int>], lines: (starts: [Int32], ends: [Int32])? = nil
  ) -> [Range<Int>] {
    var result: [Range<Int>] = []
    var separatorIndex = 0
    var run: Range<Int>?
    func close() {
      if let current = run {
        let range = trimmed(current, in: text)
        if !range.isEmpty { result.append(range) }
      }
      run = nil
    }
    func line(_ lineStart: Int, _ lineEnd: Int) {
      while separatorIndex < separators.count, separators[separatorIndex].upperBound < lineStart {
        separatorIndex += 1
      }
      let isSeparator =
        separatorIndex < separators.count && separators[separatorIndex].lowerBound <= lineEnd
        && separators[separatorIndex].upperBound >= lineStart
      var isBlankLine = true
      for index in lineStart..<lineEnd where !isBlank(text[index]) {
        isBlankLine = false
        break
      }
      if isSeparator || isBlankLine {
        close()
      } else {
        // A page break ends a paragraph: the next page's first line (often a running head) starts a new one.
        if lineStart < lineEnd, text[lineStart] == 0x0C { close() }
        run = (run?.lowerBound ?? lineStart)..<lineEnd
      }
    }
    // The file's line table serves when the text is the file and `start` opens one of its lines.
    if let lines, let first = lines.starts.firstIndex(where: { Int($0) >= start }), Int(lines.starts[first]) == start {
      for k in first..<lines.starts.count { line(Int(lines.starts[k]), Int(lines.ends[k])) }
    } else {
      forEachLine(in: text, from: start, line)
    }
    close()
    return result
  }
}
