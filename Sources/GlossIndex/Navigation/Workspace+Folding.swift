package import GlossSyntax

/// A foldable span of whole lines.
package struct FoldRegion: Hashable, Sendable {
  /// What is folded (the server maps `comment` to LSP's `comment` kind and the rest to `region`).
  package enum Kind: Hashable, Sendable { case frontMatter, section, code, quote, list, comment, entry }

  /// The first line (0-based), which stays visible.
  package var startLine: Int
  /// The last line folded away.
  package var endLine: Int
  package var kind: Kind

  /// A region from its parts.
  package init(startLine: Int, endLine: Int, kind: Kind) {
    self.startLine = startLine
    self.endLine = endLine
    self.kind = kind
  }
}

extension Workspace {
  /// The foldable regions of the file at `path`, whose current text is `text` (the index keeps no text): for a
  /// note its front matter, heading sections, code blocks, block quotes, lists with nested lists and HTML
  /// comments; for a bibliography its entries. Only regions of two lines or more, sorted by start line.
  package func foldingRanges(in path: String, text: SourceText) -> [FoldRegion] {
    var out: [FoldRegion] = []
    func add(_ range: Range<Int>, _ kind: FoldRegion.Kind) {
      let start = text.line(containing: range.lowerBound)
      // A range ending at a line start (after its line break) ends on the line before.
      var end = text.line(containing: max(range.lowerBound, range.upperBound))
      if end > start, text.lineRangeIncludingTerminator(end).lowerBound == range.upperBound { end -= 1 }
      if end > start { out.append(FoldRegion(startLine: start, endLine: end, kind: kind)) }
    }
    if let record = notes[path] {
      let note = record.withBlocks(from: text.bytes).note
      if let frontMatter = note.frontMatter { add(frontMatter.range, .frontMatter) }
      let ends = Self.sectionEnds(of: note)
      for (heading, end) in zip(note.headings, ends) { add(heading.range.lowerBound..<end, .section) }
      Self.addBlockFolds(note.blocks, bytes: text.bytes, to: add)
    } else if let record = bibliographies[path] {
      for entry in record.bibliography.entries { add(entry.range, .entry) }
    } else if let record = sourceDocuments[path] {
      for symbol in Self.flatten(Self.sourceSymbols(record.document)) { add(symbol.range, .section) }
    }
    // Sections and blocks were added in two passes: clients want them by start line.
    return out.enumerated().sorted { ($0.element.startLine, $0.offset) < ($1.element.startLine, $1.offset) }
      .map(\.element)
  }

  /// Adds the folds of `blocks` and their children.
  private static func addBlockFolds(
    _ blocks: [Block], bytes: [UInt8], to add: (Range<Int>, FoldRegion.Kind) -> Void
  ) {
    for block in blocks {
      switch block.kind {
      case .fencedCode, .indentedCode: add(block.range, .code)
      case .blockQuote: add(block.range, .quote)
      case .html where isComment(block.range, in: bytes): add(block.range, .comment)
      case .list:
        // A list folds when it holds a nested list (an outline); flat lists are short enough to read.
        if block.children.contains(where: { $0.children.contains { if case .list = $0.kind { true } else { false } } })
        {
          add(block.range, .list)
        }
      default: break
      }
      addBlockFolds(block.children, bytes: bytes, to: add)
    }
  }

  /// Whether the HTML block at `range` starts with `<!--` (after indentation).
  private static func isComment(_ range: Range<Int>, in bytes: [UInt8]) -> Bool {
    var index = range.lowerBound
    while index < range.upperBound, index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
    let marker: [UInt8] = Array("<!--".utf8)
    guard index + marker.count <= min(range.upperBound, bytes.count) else { return false }
    return Array(bytes[index..<index + marker.count]) == marker
  }

  /// Every symbol of a tree, parents before children.
  static func flatten(_ symbols: [OutlineSymbol]) -> [OutlineSymbol] {
    symbols.flatMap { [$0] + flatten($0.children) }
  }
}
