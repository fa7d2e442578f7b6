/// Leaf blocks: paragraphs, headings, code, HTML, tables and thematic breaks.
extension BlockParser {
  /// Places the rest of the line (from `cursor`) in the open leaf or a new one.
  mutating func handleLeafLine(_ cursor: Int, _ column: Int) {
    let (indent, first, firstColumn) = indentation(cursor, column)
    if first >= lineEnd {
      switch leaf {
      case .indentedCode: break
      default: closeLeaf()
      }
      return
    }
    touchContainers()
    if case .indentedCode(let start, _) = leaf {
      if indent >= 4 {
        leaf = .indentedCode(start: start, end: lineEnd)
        return
      }
      closeLeaf()
    }
    if indent >= 4 {
      // After link reference definitions, which end at their line's end, an indented line is code (to Pandoc).
      // Only short paragraphs are asked, so a long paragraph of indented lines stays linear.
      if case .paragraph = leaf,
        paragraphLines.count > 64
          || referenceDefinitionLineCount(continuedBy: first..<trimmedEnd(first)) != paragraphLines.count
      {
        paragraphLines.append(first..<trimmedEnd(first))
      } else {
        closeLeaf()
        leaf = .indentedCode(start: advance(cursor, column, columns: 4).cursor, end: lineEnd)
      }
      return
    }
    if let level = atxLevel(first) {
      closeLeaf()
      addATXHeading(first, level: level)
      return
    }
    if let (fence, length, info) = fenceStart(first) {
      closeLeaf()
      leaf = .fencedCode(start: first, end: lineEnd, fence: fence, length: length, indent: indent, info: info)
      return
    }
    // Pandoc keeps a LaTeX environment raw, blank lines and all, up to its `\end{…}`.
    if !isParagraphOpen, buffer[first] == UInt8(ascii: "\\"), let name = laTeXEnvironmentStart(first) {
      closeLeaf()
      let depth = laTeXEnvironmentBalance(name: name, from: first)
      leaf = .rawLaTeX(start: first, end: lineEnd, name: name, depth: depth)
      if depth <= 0 { closeLeaf() }
      return
    }
    // Pandoc reads Markdown inside HTML block tags (`markdown_in_html_blocks`): a `<div>` or any other tag of
    // kinds 6 and 7 is raw only as far as its tags go; a line with text after them is a paragraph's.
    if let kind = htmlBlockKind(first), kind <= 6 || !isParagraphOpen, kind <= 5 || htmlTagsOnly(from: first) {
      closeLeaf()
      leaf = .html(start: first, end: lineEnd, kind: kind)
      if kind <= 5 ? htmlBlockEnds(kind: kind, from: first + 1) : !htmlLineEndsInsideTag(from: first) {
        closeLeaf()
      }
      return
    }
    if case .paragraph(let start) = leaf, let level = setextLevel(first) {
      leaf = .none
      let range = start..<lineEnd
      append(Block(kind: .heading(level: level), range: range))
      let stored = store(paragraphLines)
      headings.append(RawHeading(level: level, range: range, segments: stored))
      leaves.append(InlineLeaf(role: .heading(headings.count - 1), segments: stored))
      return
    }
    if isThematicBreak(first) {
      closeLeaf()
      append(Block(kind: .thematicBreak, range: first..<lineEnd))
      return
    }
    switch leaf {
    case .paragraph(let start):
      if paragraphLines.count == 1, isDelimiterRow(first),
        cellCount(paragraphLines[0]) == cellCount(first..<lineEnd)
      {
        leaf = .table(start: start, end: lineEnd)
        leaves.append(InlineLeaf(role: .tableRow, segments: store(paragraphLines)))
        return
      }
      paragraphLines.append(first..<trimmedEnd(first))
    case .table(let start, _):
      leaf = .table(start: start, end: lineEnd)
      leaves.append(InlineLeaf(role: .tableRow, segments: store(CollectionOfOne(first..<trimmedEnd(first)))))
    default:
      leaf = .paragraph(start: first)
      paragraphLines.removeAll(keepingCapacity: true)
      paragraphLines.append(first..<trimmedEnd(first))
    }
    _ = firstColumn
  }

  /// Finishes the open leaf, adding its block (and its inline content) to the innermost container.
  mutating func closeLeaf() {
    let open = leaf
    leaf = .none
    switch open {
    case .none:
      return
    case .paragraph(let start):
      // Link reference definitions at the paragraph's start are no prose (a term's line stays the term's).
      let lines = paragraphLines.dropFirst(isClosingTerm ? 0 : referenceDefinitionLineCount(recordingLabels: true))
      guard let first = lines.first, let last = lines.last else { return }
      append(Block(kind: .paragraph, range: (lines.startIndex == 0 ? start : first.lowerBound)..<last.upperBound))
      leaves.append(InlineLeaf(role: .paragraph, segments: store(lines)))
    case .fencedCode(let start, let end, _, _, _, let info):
      append(Block(kind: .fencedCode(info: info), range: start..<end))
    case .indentedCode(let start, let end):
      append(Block(kind: .indentedCode, range: start..<max(start, end)))
    case .html(let start, let end, _), .rawLaTeX(let start, let end, _, _):
      append(Block(kind: .html, range: start..<end))
    case .table(let start, let end):
      append(Block(kind: .table, range: start..<end))
    }
  }

  /// How many of the open paragraph's lines (and `next`, when given), from its first, are Pandoc link reference
  /// definitions; -1 when there are none.
  private mutating func referenceDefinitionLineCount(
    continuedBy next: Range<Int>? = nil, recordingLabels: Bool = false
  ) -> Int {
    guard let first = paragraphLines.first, first.count > 1, buffer[first.lowerBound] == UInt8(ascii: "["),
      buffer[first.lowerBound + 1] != UInt8(ascii: "^")
    else { return next == nil ? 0 : -1 }
    // Most paragraphs opening with a bracket are citations or links (`[@a] shows`): no `]:` on the line, no
    // definition, unless the label runs on to the next line.
    let line = UnsafeBufferPointer(rebasing: buffer[first])
    let closes = line.firstIndex(of: UInt8(ascii: "]")) != nil
    if closes && !zip(line, line.dropFirst()).contains(where: { $0 == UInt8(ascii: "]") && $1 == UInt8(ascii: ":") }) {
      return next == nil ? 0 : -1
    }
    var joined: [UInt8] = []
    var lineEnds: [Int] = []
    for line in paragraphLines + (next.map { [$0] } ?? []) {
      if !joined.isEmpty { joined.append(0x0A) }
      joined.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[line]))
      lineEnds.append(joined.count)
    }
    var labels: [String] = []
    var definitions: [Link] = []
    let count: Int = joined.withUnsafeBufferPointer { content in
      let reader = ReferenceDefinitionReader(buffer: content, end: content.count)
      var position = 0
      while position < content.count, let found = reader.definition(at: position) {
        position = found.end
        if recordingLabels {
          let label = String(decoding: UnsafeBufferPointer(rebasing: content[found.label]), as: UTF8.self)
          labels.append(ReferenceDefinitionReader.normalizedLabel(label))
          var link = InlineScanner(buffer: content, end: content.count).linkTarget(
            found.destination, kind: .markdown, range: found.label.lowerBound - 1..<found.contentEnd)
          link.label = label
          link.reference = .definition
          definitions.append(link)
        }
      }
      // A definition ends at a line's end: the lines ending before `position` are taken.
      return position == content.count ? lineEnds.count : lineEnds.firstIndex { $0 >= position } ?? 0
    }
    referenceLabels.formUnion(labels)
    if !definitions.isEmpty {
      // The content's lines start one byte after the previous line's end (the LF joining them).
      let map = OffsetMap(
        starts: zip([0] + lineEnds.dropLast(), paragraphLines.indices).map { $0.0 + ($0.1 == 0 ? 0 : 1) },
        sources: paragraphLines.map(\.lowerBound))
      referenceDefinitions += definitions.map(map.link)
    }
    return count
  }

  /// Adds lines to the shared segment store, returning their indices.
  private mutating func store(_ lines: some Collection<Range<Int>>) -> Range<Int> {
    let start = segments.count
    segments.append(contentsOf: lines)
    return start..<segments.count
  }

  /// True when a line starting at `first` would end a paragraph rather than continue it lazily.
  func interruptsParagraph(_ first: Int) -> Bool {
    atxLevel(first) != nil || fenceStart(first) != nil || isThematicBreak(first)
      || (htmlBlockKind(first).map { $0 <= 5 || ($0 == 6 && htmlTagsOnly(from: first)) } ?? false)
  }

  // MARK: Headings

  /// The level of an ATX heading starting at `first`.
  func atxLevel(_ first: Int) -> Int? {
    var cursor = first
    while cursor < lineEnd && buffer[cursor] == UInt8(ascii: "#") { cursor += 1 }
    let level = cursor - first
    guard level >= 1, level <= 6 else { return nil }
    guard cursor == lineEnd || buffer[cursor] == 0x20 || buffer[cursor] == 0x09 else { return nil }
    return level
  }

  private mutating func addATXHeading(_ first: Int, level: Int) {
    var lower = first + level
    while lower < lineEnd && isSpaceOrTab(buffer[lower]) { lower += 1 }
    var upper = trimmedEnd(lower)
    // A closing sequence of `#`s counts only after a space (or when it is all there is).
    var hashes = upper
    while hashes > lower && buffer[hashes - 1] == UInt8(ascii: "#") { hashes -= 1 }
    if hashes < upper && (hashes == lower || isSpaceOrTab(buffer[hashes - 1])) {
      upper = hashes
      while upper > lower && isSpaceOrTab(buffer[upper - 1]) { upper -= 1 }
    }
    let range = first..<lineEnd
    append(Block(kind: .heading(level: level), range: range))
    let stored = store(CollectionOfOne(lower..<upper))
    headings.append(RawHeading(level: level, range: range, segments: stored))
    leaves.append(InlineLeaf(role: .heading(headings.count - 1), segments: stored))
  }

  /// The level of a setext underline (`===` is 1, `---` is 2).
  private func setextLevel(_ first: Int) -> Int? {
    let marker = buffer[first]
    guard marker == UInt8(ascii: "=") || marker == UInt8(ascii: "-") else { return nil }
    var cursor = first
    while cursor < lineEnd && buffer[cursor] == marker { cursor += 1 }
    guard trimmedEnd(cursor) == cursor else { return nil }
    return marker == UInt8(ascii: "=") ? 1 : 2
  }

  /// Three or more `-`, `*` or `_` with only spaces between.
  func isThematicBreak(_ first: Int) -> Bool {
    let marker = buffer[first]
    guard marker == UInt8(ascii: "-") || marker == UInt8(ascii: "*") || marker == UInt8(ascii: "_") else {
      return false
    }
    var count = 0
    for index in first..<lineEnd {
      let byte = buffer[index]
      if byte == marker {
        count += 1
      } else if !isSpaceOrTab(byte) {
        return false
      }
    }
    return count >= 3
  }

  // MARK: Code

  /// A code fence (three or more backticks or tildes): its byte, length and info string.
  private func fenceStart(_ first: Int) -> (UInt8, Int, String)? {
    let fence = buffer[first]
    guard fence == UInt8(ascii: "`") || fence == UInt8(ascii: "~") else { return nil }
    var cursor = first
    while cursor < lineEnd && buffer[cursor] == fence { cursor += 1 }
    let length = cursor - first
    guard length >= 3 else { return nil }
    while cursor < lineEnd && isSpaceOrTab(buffer[cursor]) { cursor += 1 }
    let infoEnd = trimmedEnd(cursor)
    if fence == UInt8(ascii: "`") {
      for index in cursor..<infoEnd where buffer[index] == UInt8(ascii: "`") { return nil }
    }
    let info = String(decoding: UnsafeBufferPointer(rebasing: buffer[cursor..<infoEnd]), as: UTF8.self)
    return (fence, length, info)
  }

  /// A closing fence: at least `length` fence bytes and nothing else.
  func isClosingFence(_ first: Int, fence: UInt8, length: Int) -> Bool {
    var cursor = first
    while cursor < lineEnd && buffer[cursor] == fence { cursor += 1 }
    return cursor - first >= length && trimmedEnd(cursor) == cursor
  }

  // MARK: Tables

  /// A GFM delimiter row: cells of `-` with optional `:` at either end, separated by `|`.
  private func isDelimiterRow(_ first: Int) -> Bool {
    var sawDash = false
    var sawPipe = false
    for index in first..<lineEnd {
      switch buffer[index] {
      case UInt8(ascii: "-"): sawDash = true
      case UInt8(ascii: "|"): sawPipe = true
      case UInt8(ascii: ":"), 0x20, 0x09: break
      default: return false
      }
    }
    return sawDash && (sawPipe || buffer[first] == UInt8(ascii: ":"))
  }

  /// The number of cells in a table row (unescaped pipes, leading and trailing ones not counted).
  func cellCount(_ row: Range<Int>) -> Int {
    var lower = row.lowerBound
    var upper = row.upperBound
    while upper > lower && isSpaceOrTab(buffer[upper - 1]) { upper -= 1 }
    if lower < upper && buffer[lower] == UInt8(ascii: "|") { lower += 1 }
    if upper > lower && buffer[upper - 1] == UInt8(ascii: "|") && (upper - 2 < lower || buffer[upper - 2] != 0x5C) {
      upper -= 1
    }
    var count = 1
    var index = lower
    while index < upper {
      if buffer[index] == 0x5C {
        index += 2
        continue
      }
      if buffer[index] == UInt8(ascii: "|") { count += 1 }
      index += 1
    }
    return count
  }
}
