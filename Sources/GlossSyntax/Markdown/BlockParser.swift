/// The block structure of a note, line by line as CommonMark's algorithm does it: open containers on a stack
/// (never recursion), then the leaf the line belongs to.
///
/// Container nesting is capped at `maximumDepth`: deeper markers are read as text, which keeps the `Block` tree
/// (whose equality and deinitialisation recurse) shallow.
struct BlockParser {
  /// A leaf whose inline content is scanned later: its lines' content ranges in the note.
  struct InlineLeaf {
    enum Role { case paragraph, heading(Int), tableRow }
    var role: Role
    /// Indices into `BlockParser.segments`.
    var segments: Range<Int>
  }

  /// An ATX or setext heading found, before its slug is made.
  struct RawHeading {
    var level: Int
    var range: Range<Int>
    /// Indices into `BlockParser.segments`.
    var segments: Range<Int>
  }

  struct OpenContainer {
    var kind: Block.Kind
    var start: Int
    var lastEnd: Int
    var children: [Block] = []
    /// For list items, the columns of indentation their content needs; for lists, the marker byte.
    var contentIndent = 0
    var marker: UInt8 = 0
    var checkbox: Bool?
  }

  enum OpenLeaf {
    case none
    case paragraph(start: Int)
    case fencedCode(start: Int, end: Int, fence: UInt8, length: Int, indent: Int, info: String)
    case indentedCode(start: Int, end: Int)
    case html(start: Int, end: Int, kind: Int)
    /// A raw LaTeX environment: its name's range and how many of its `\begin{name}` are still open.
    case rawLaTeX(start: Int, end: Int, name: Range<Int>, depth: Int)
    case table(start: Int, end: Int)
  }

  static let maximumDepth = 96

  let buffer: UnsafeBufferPointer<UInt8>
  var stack: [OpenContainer]
  var leaf: OpenLeaf = .none
  var leaves: [InlineLeaf] = []
  /// The content ranges of every leaf's lines, leaf after leaf.
  var segments: [Range<Int>] = []
  /// The lines of the open paragraph.
  var paragraphLines: [Range<Int>] = []
  var headings: [RawHeading] = []
  /// Where `parse(from:stoppingAt:)` stopped, when it did.
  var stoppedAt: Int?
  /// The current line's content end (line terminator excluded).
  var lineEnd = 0
  /// For each LaTeX environment name, an offset after which no `\end{name}` occurs.
  var missingLaTeXEndFrom: [String: Int] = [:]
  /// Whether a line started a LaTeX environment or held a definition marker: how they read depends on lines far
  /// away (the `\end{…}`, the term above), so an edit re-parses the whole note (`Note.readsAcrossBlocks`).
  var sawLongRangeSyntax = false
  /// Set while a paragraph is closed as a definition list's term, which stays prose even when it reads as a link
  /// reference definition (Pandoc tries definition lists first).
  var isClosingTerm = false
  /// The labels of the link reference definitions read so far, normalised (`ReferenceDefinitionReader`).
  var referenceLabels: Set<String> = []
  /// The link reference definitions read so far, in document order, as links (`Link.Reference.definition`).
  var referenceDefinitions: [Link] = []

  init(buffer: UnsafeBufferPointer<UInt8>) {
    self.buffer = buffer
    stack = [OpenContainer(kind: .paragraph, start: 0, lastEnd: 0)]
  }

  /// Parses the lines from `start` and returns the top-level blocks.
  ///
  /// With `stop`, parsing ends before the first line at which `stop(lineStart, blankLineStart)` is true, asked only
  /// where nothing is open (no container, no leaf) and the line before was blank (it starts at `blankLineStart`);
  /// `stoppedAt` is then that line's start. A re-parse after an edit stops where the old parse lines up again.
  mutating func parse(from start: Int, stoppingAt stop: ((Int, Int) -> Bool)? = nil) -> [Block] {
    var position = start
    let count = buffer.count
    var blankLineStart: Int?
    while position < count {
      if let stop, let blank = blankLineStart, stack.count == 1, case .none = leaf, stop(position, blank) {
        stoppedAt = position
        break
      }
      var end = LineTerminators.first(in: buffer, from: position)
      lineEnd = end
      if stop != nil { blankLineStart = isBlank(from: position) ? position : nil }
      processLine(position)
      if end < count && buffer[end] == 0x0D && end + 1 < count && buffer[end + 1] == 0x0A { end += 1 }
      position = end + 1
    }
    closeLeaf()
    close(to: 1)
    return stack[0].children
  }

  // MARK: One line

  private mutating func processLine(_ lineStart: Int) {
    var cursor = lineStart
    var column = 0
    var matched = 1
    let isBlankLine = isBlank(from: lineStart)
    matching: while matched < stack.count {
      switch stack[matched].kind {
      case .list:
        matched += 1
        continue
      case .blockQuote:
        let (indent, first, firstColumn) = indentation(cursor, column)
        guard indent <= 3, first < lineEnd, buffer[first] == UInt8(ascii: ">") else { break matching }
        (cursor, column) = afterQuoteMarker(first, firstColumn)
      case .listItem, .footnoteDefinition, .definition:
        if isBlankLine {
          matched += 1
          continue
        }
        let needed = stack[matched].contentIndent
        let (indent, _, _) = indentation(cursor, column)
        guard indent >= needed else { break matching }
        (cursor, column) = advance(cursor, column, columns: needed)
      default:
        break matching
      }
      matched += 1
    }
    if continueLiteralLeaf(cursor, column, allMatched: matched == stack.count) { return }
    let opening = openContainers(cursor, column, matched: matched)
    cursor = opening.cursor
    column = opening.column
    if opening.opened { matched = stack.count }
    let allMatched = matched == stack.count
    let (indent, first, _) = indentation(cursor, column)
    if !allMatched, case .paragraph = leaf, first < lineEnd,
      indent >= 4 || !interruptsParagraph(first)
    {
      paragraphLines.append(first..<trimmedEnd(first))
      touchContainers()
      return
    }
    if !allMatched {
      closeLeaf()
      close(to: matched)
    }
    handleLeafLine(cursor, column)
  }

  /// Continues an open fenced code or HTML block; true when the line was consumed.
  private mutating func continueLiteralLeaf(_ cursor: Int, _ column: Int, allMatched: Bool) -> Bool {
    switch leaf {
    case .fencedCode(let start, _, let fence, let length, let fenceIndent, let info):
      guard allMatched else { return false }
      let (indent, first, _) = indentation(cursor, column)
      if indent <= 3, isClosingFence(first, fence: fence, length: length) {
        leaf = .fencedCode(start: start, end: lineEnd, fence: fence, length: length, indent: fenceIndent, info: info)
        closeLeaf()
      } else {
        leaf = .fencedCode(start: start, end: lineEnd, fence: fence, length: length, indent: fenceIndent, info: info)
      }
      touchContainers()
      return true
    case .html(let start, _, let kind):
      guard allMatched else { return false }
      if kind >= 6 && isBlank(from: cursor) {
        closeLeaf()
        return true
      }
      leaf = .html(start: start, end: lineEnd, kind: kind)
      // A block of kind 6 or 7 is open only inside a tag that runs over lines (`<div\n  class="x">`).
      if kind <= 5 ? htmlBlockEnds(kind: kind, from: cursor) : !htmlLineEndsInsideTag(from: cursor, inside: true) {
        closeLeaf()
      }
      touchContainers()
      return true
    case .rawLaTeX(let start, _, let name, let depth):
      guard allMatched else { return false }
      let open = depth + laTeXEnvironmentBalance(name: name, from: cursor)
      leaf = .rawLaTeX(start: start, end: lineEnd, name: name, depth: open)
      if open <= 0 { closeLeaf() }
      touchContainers()
      return true
    default:
      return false
    }
  }

  /// Opens block quotes, list items and footnote definitions that start at `cursor`.
  private mutating func openContainers(_ start: Int, _ startColumn: Int, matched: Int) -> (
    cursor: Int, column: Int, opened: Bool
  ) {
    var cursor = start
    var column = startColumn
    var opened = false
    var matched = matched
    while stack.count < BlockParser.maximumDepth {
      let (indent, first, firstColumn) = indentation(cursor, column)
      guard indent <= 3, first < lineEnd else { break }
      if buffer[first] == UInt8(ascii: ">") {
        closeLeaf()
        close(to: matched)
        stack.append(OpenContainer(kind: .blockQuote, start: first, lastEnd: lineEnd))
        (cursor, column) = afterQuoteMarker(first, firstColumn)
      } else if let (label, after) = footnoteDefinitionStart(first) {
        closeLeaf()
        close(to: matched)
        var container = OpenContainer(kind: .footnoteDefinition(label: label), start: first, lastEnd: lineEnd)
        container.contentIndent = 4
        stack.append(container)
        cursor = after
        column = firstColumn + (after - first)
      } else if isDefinitionMarker(first, matched: matched) {
        isClosingTerm = true
        closeLeaf()
        isClosingTerm = false
        close(to: matched)
        var container = OpenContainer(kind: .definition, start: first, lastEnd: lineEnd)
        // Pandoc wants the definition's later paragraphs indented four columns (its first line may use fewer).
        container.contentIndent = 4
        stack.append(container)
        (cursor, column) = advance(first + 1, firstColumn + 1, columns: 3)
      } else if let marker = listMarker(
        first, firstColumn, interrupting: !opened && isParagraphOpen && matched == stack.count)
      {
        closeLeaf()
        let parent = matched - 1
        if parent >= 1, case .list(let ordered) = stack[parent].kind, ordered == marker.ordered,
          stack[parent].marker == marker.marker
        {
          close(to: matched, keepingList: true)
        } else {
          close(to: matched)
          var list = OpenContainer(kind: .list(ordered: marker.ordered), start: first, lastEnd: lineEnd)
          list.marker = marker.marker
          stack.append(list)
        }
        var item = OpenContainer(kind: .listItem, start: first, lastEnd: lineEnd)
        // Continuation lines need the content's column, counted from where this item's line content begins.
        item.contentIndent = marker.contentColumn - column
        item.checkbox = checkbox(at: marker.contentOffset)
        stack.append(item)
        (cursor, column) = (marker.contentOffset, marker.contentColumn)
      } else {
        break
      }
      opened = true
      matched = stack.count
    }
    return (cursor, column, opened)
  }

  var isParagraphOpen: Bool {
    if case .paragraph = leaf { return true }
    return false
  }

  /// A task box `[ ]`, `[x]` or `[X]` followed by white space at `offset`: whether it is checked.
  private func checkbox(at offset: Int) -> Bool? {
    guard offset + 3 < lineEnd, buffer[offset] == UInt8(ascii: "["), buffer[offset + 2] == UInt8(ascii: "]"),
      isSpaceOrTab(buffer[offset + 3])
    else { return nil }
    switch buffer[offset + 1] {
    case 0x20: return false
    case UInt8(ascii: "x"), UInt8(ascii: "X"): return true
    default: return nil
    }
  }

  /// Extends every open container to the current line.
  mutating func touchContainers() {
    for index in 1..<stack.count { stack[index].lastEnd = lineEnd }
  }

  // MARK: Closing

  /// Closes containers until `count` remain, then any list left without an open item (unless `keepingList`).
  mutating func close(to count: Int, keepingList: Bool = false) {
    while stack.count > max(count, 1) { closeTop() }
    while !keepingList, stack.count > 1, case .list = stack[stack.count - 1].kind { closeTop() }
  }

  private mutating func closeTop() {
    guard stack.count > 1, let top = stack.popLast() else { return }
    let block = Block(
      kind: top.kind, range: top.start..<max(top.start, top.lastEnd), children: top.children, checkbox: top.checkbox)
    stack[stack.count - 1].children.append(block)
    stack[stack.count - 1].lastEnd = max(stack[stack.count - 1].lastEnd, top.lastEnd)
  }

  /// Adds a finished leaf block to the innermost open container.
  mutating func append(_ block: Block) {
    stack[stack.count - 1].children.append(block)
  }
}
