import GlossSyntax

extension Workspace {
  /// The outline of the file at `path`: a note's or a source document's headings as a tree, or a bibliography's
  /// entries (name: key, detail: title); empty for other files. `text` is the file's current text: a note whose
  /// blocks were released is parsed again from it (without it, sections end at the next heading).
  package func documentSymbols(in path: String, text: [UInt8]? = nil) -> [OutlineSymbol] {
    if let record = notes[path] {
      let note = text.map { record.withBlocks(from: $0).note } ?? record.note
      let ends = Self.sectionEnds(of: note)
      let flat = note.headings.enumerated().map { index, heading in
        OutlineSymbol(
          name: heading.text, kind: .heading(level: heading.level), range: heading.range.lowerBound..<ends[index],
          selectionRange: heading.textRange)
      }
      let tree = Self.tree(flat, levels: note.headings.map(\.level))
      let labels = labelSymbols(of: note, record: record)
      return labels.isEmpty ? tree : Self.inserting(labels, into: tree)
    }
    if let record = bibliographies[path] {
      return record.bibliography.entries.map { entry in
        OutlineSymbol(
          name: entry.key, detail: entry.title, kind: .entry, range: entry.range, selectionRange: entry.keyRange)
      }
    }
    if let record = sourceDocuments[path] {
      return Self.sourceSymbols(record.document)
    }
    return []
  }

  /// For each heading of `note`, where its section's content ends: the end of the last top-level block that starts
  /// before the next heading of the same or higher level (so blank lines before that heading are left out).
  static func sectionEnds(of note: Note) -> [Int] {
    let headings = note.headings
    let blocks = note.blocks
    var ends: [Int] = []
    ends.reserveCapacity(headings.count)
    // The next heading of the same or higher level, found with a stack of headings still open.
    var limits = [Int](repeating: Int.max, count: headings.count)
    var open: [Int] = []
    for (index, heading) in headings.enumerated() {
      while let last = open.last, headings[last].level >= heading.level {
        limits[last] = heading.range.lowerBound
        open.removeLast()
      }
      open.append(index)
    }
    for (index, heading) in headings.enumerated() {
      // Top-level blocks are in order and do not overlap: the last one starting before the limit ends the section.
      let low = blocks.partitioningIndex { $0.range.lowerBound >= limits[index] }
      let contentEnd = low > 0 ? blocks[low - 1].range.upperBound : heading.range.upperBound
      ends.append(max(heading.range.upperBound, contentEnd))
    }
    return ends
  }

  /// Nests `flat` (in document order) by `levels`: each symbol takes the following deeper ones as children.
  static func tree(_ flat: [OutlineSymbol], levels: [Int]) -> [OutlineSymbol] {
    var roots: [OutlineSymbol] = []
    // The open chain of ancestors, innermost last, with their levels.
    var stack: [(symbol: OutlineSymbol, level: Int)] = []
    func closeLast() {
      guard let (symbol, _) = stack.popLast() else { return }
      if stack.isEmpty { roots.append(symbol) } else { stack[stack.count - 1].symbol.children.append(symbol) }
    }
    for (symbol, level) in zip(flat, levels) {
      while let last = stack.last, last.level >= level { closeLast() }
      stack.append((symbol, level))
    }
    while !stack.isEmpty { closeLast() }
    return roots
  }

  /// A source document's headings as a tree, ranges mapped to the file's bytes.
  static func sourceSymbols(_ document: SourceDocument) -> [OutlineSymbol] {
    let headings = document.headings
    var flat: [OutlineSymbol] = []
    for (index, heading) in headings.enumerated() {
      let next = headings[(index + 1)...].first { $0.level <= heading.level }
      let sectionEnd = next?.range.lowerBound ?? document.textCount
      let range = document.fileRange(ofText: heading.range.lowerBound..<max(heading.range.upperBound, sectionEnd))
      flat.append(
        OutlineSymbol(
          name: heading.text, kind: .heading(level: heading.level), range: range,
          selectionRange: document.fileRange(ofText: heading.textRange)))
    }
    return tree(flat, levels: headings.map(\.level))
  }
}
