extension Note {
  /// The note `bytes` hold after one edit of the text `old` was parsed from: the same value as
  /// `Note(parsing: bytes)`, found by parsing only the top-level blocks around the edit again.
  ///
  /// The edit replaced `range` of the old text with `insertedCount` bytes. Parsing restarts at the last top-level
  /// block that starts after a blank line on a line before the edit's (nothing before it can change how it is
  /// read), and stops at the first line after the edit where nothing is open, the line before is blank, and an old
  /// top-level block started at the same text: from there on the old blocks, citations, links, tags and headings
  /// are the new ones shifted by the edit's length. The front matter is parsed again, and any change to it (or an
  /// edit inside it) parses the whole note; headings' slugs are made unique again over the whole note. The cost is
  /// the blocks around the edit plus one pass over the note's items to shift them.
  package init(reparsing old: Note, replacing range: Range<Int>, insertedCount: Int, in bytes: [UInt8]) {
    var splice: NoteSplice?
    self.init(reparsing: old, replacing: range, insertedCount: insertedCount, in: bytes, splice: &splice)
  }

  /// `Note(reparsing:replacing:insertedCount:in:)`, which also says what it parsed again: `splice` is set to the
  /// bytes whose elements were replaced (everything else is the old note's, shifted), or nil when the whole note was
  /// parsed again.
  package init(
    reparsing old: Note, replacing range: Range<Int>, insertedCount: Int, in bytes: [UInt8],
    splice: inout NoteSplice?
  ) {
    splice = nil
    let (frontMatter, bodyStart, problems) = FrontMatter.parse(bytes)
    let delta = insertedCount - range.count
    let newEnd = range.lowerBound + insertedCount
    guard frontMatter == old.frontMatter, problems == old.problems, range.lowerBound >= bodyStart,
      newEnd <= bytes.count, range.lowerBound <= range.upperBound
    else {
      self.init(parsing: bytes)
      return
    }
    guard !old.readsAcrossBlocks else {
      self.init(parsingWhole: bytes, after: old, replacing: range, insertedCount: insertedCount, splice: &splice)
      return
    }
    let oldBody = old.blocks.first?.kind == .frontMatter ? old.blocks.dropFirst() : old.blocks[...]
    let editLine = Self.lineStart(atOrBefore: max(bodyStart, range.lowerBound - 1), in: bytes)

    // Where to start: the last top-level block starting on a line before the edit's, after a blank line.
    var first = Self.firstBlock(in: oldBody, startingAtOrAfter: editLine)
    var restart = bodyStart
    while first > oldBody.startIndex {
      let line = Self.lineStart(atOrBefore: oldBody[first - 1].range.lowerBound, in: bytes)
      first -= 1
      if line == bodyStart || Self.followsBlankLine(line, in: bytes, notBefore: bodyStart) {
        restart = line
        break
      }
    }
    if first == oldBody.startIndex { restart = bodyStart }

    // Where to stop: an old top-level block whose first line is now at `line` (in the unchanged text after the
    // edit, so the old parse read the same bytes there).
    func oldBlock(startingOnLine line: Int) -> Int? {
      let oldLine = line - delta
      let index = Self.firstBlock(in: oldBody, startingAtOrAfter: oldLine)
      guard index < oldBody.endIndex else { return nil }
      let start = oldBody[index].range.lowerBound + delta
      guard start >= line, start - line <= 3, start <= bytes.count else { return nil }
      for offset in line..<start where bytes[offset] != 0x20 && bytes[offset] != 0x09 { return nil }
      return index
    }
    var stoppedAt: Int?
    let middle = bytes.withUnsafeBufferPointer { buffer in
      Note(
        body: buffer, from: restart,
        stoppingAt: { line, blankLine in blankLine > newEnd && oldBlock(startingOnLine: line) != nil },
        stoppedAt: &stoppedAt)
    }
    // The old items from `restart` up to `oldResume` are replaced by `middle`'s; those after are shifted.
    // What the edit wrote may be read across blocks too (a new example label, `\end{…}` or definition marker).
    if middle.readsAcrossBlocks {
      self.init(parsingWhole: bytes, after: old, replacing: range, insertedCount: insertedCount, splice: &splice)
      return
    }
    let oldResume = stoppedAt.map { $0 - delta } ?? Int.max
    let resumeBlock = stoppedAt.flatMap(oldBlock(startingOnLine:)) ?? oldBody.endIndex
    splice = NoteSplice(
      start: restart, oldEnd: stoppedAt.map { $0 - delta } ?? bytes.count - delta, newEnd: stoppedAt ?? bytes.count)

    self.init()
    self.frontMatter = frontMatter
    self.problems = problems
    var blocks: [Block] = []
    blocks.reserveCapacity(old.blocks.count + middle.blocks.count)
    if let frontMatter { blocks.append(Block(kind: .frontMatter, range: frontMatter.range)) }
    blocks += oldBody[..<first]
    blocks += middle.blocks
    for block in oldBody[resumeBlock...] { blocks.append(block.shifted(by: delta)) }
    self.blocks = blocks

    citations = Self.splice(old.citations, middle.citations, restart, oldResume) {
      $0.range.lowerBound
    } shift: {
      $0.shifted(by: delta)
    }
    links = Self.splice(old.links, middle.links, restart, oldResume) {
      $0.range.lowerBound
    } shift: {
      $0.shifted(by: delta)
    }
    // Front-matter tags come first and lie before `restart`, so they are kept as they are.
    tags = Self.splice(old.tags, middle.tags, restart, oldResume) {
      $0.range.lowerBound
    } shift: {
      $0.shifted(by: delta)
    }
    var headings = Self.splice(old.headings, middle.headings, restart, oldResume) {
      $0.range.lowerBound
    } shift: {
      $0.shifted(by: delta)
    }
    let slugs = Slug.unique(headings.map(\.text))
    for index in headings.indices { headings[index].slug = slugs[index] }
    self.headings = headings
  }

  /// The whole parse of `bytes`, after an edit of the text `old` was parsed from that left the front matter as it
  /// was; `splice` is what changed, found by comparing the two (`NoteSplice(between:and:…)`).
  private init(
    parsingWhole bytes: [UInt8], after old: Note, replacing range: Range<Int>, insertedCount: Int,
    splice: inout NoteSplice?
  ) {
    self.init(parsing: bytes)
    let delta = insertedCount - range.count
    splice = NoteSplice(
      between: old, and: self, replacing: range, insertedCount: insertedCount, oldCount: bytes.count - delta,
      newCount: bytes.count)
  }

  /// `old`'s items before `restart`, then `middle`, then `old`'s items from `oldResume` on, shifted.
  private static func splice<T>(
    _ old: [T], _ middle: [T], _ restart: Int, _ oldResume: Int, start: (T) -> Int, shift: (T) -> T
  ) -> [T] {
    let kept = firstIndex(in: old, startingAtOrAfter: restart, start: start)
    let resumed = oldResume == Int.max ? old.count : firstIndex(in: old, startingAtOrAfter: oldResume, start: start)
    var out: [T] = []
    out.reserveCapacity(kept + middle.count + old.count - resumed)
    out += old[..<kept]
    out += middle
    for item in old[resumed...] { out.append(shift(item)) }
    return out
  }

  /// The index of the first item of `items` (sorted by `start`) that starts at or after `offset`.
  private static func firstIndex<T>(in items: [T], startingAtOrAfter offset: Int, start: (T) -> Int) -> Int {
    var low = 0
    var high = items.count
    while low < high {
      let middle = (low + high) / 2
      if start(items[middle]) < offset { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The index in `blocks` of the first block starting at or after `offset`.
  private static func firstBlock(in blocks: ArraySlice<Block>, startingAtOrAfter offset: Int) -> Int {
    var low = blocks.startIndex
    var high = blocks.endIndex
    while low < high {
      let middle = (low + high) / 2
      if blocks[middle].range.lowerBound < offset { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The start of the line holding `offset` (a line ends at LF, CR LF or a lone CR).
  private static func lineStart(atOrBefore offset: Int, in bytes: [UInt8]) -> Int {
    var index = min(offset, bytes.count)
    while index > 0, bytes[index - 1] != 0x0A, bytes[index - 1] != 0x0D { index -= 1 }
    return index
  }

  /// Whether the line before the line starting at `line` holds only spaces and tabs.
  private static func followsBlankLine(_ line: Int, in bytes: [UInt8], notBefore floor: Int) -> Bool {
    guard line > floor else { return false }
    var index = line - 1
    // Step over the previous line's terminator (CR LF counts once).
    if bytes[index] == 0x0A, index > floor, bytes[index - 1] == 0x0D { index -= 1 }
    while index > floor {
      let byte = bytes[index - 1]
      if byte == 0x0A || byte == 0x0D { return true }
      guard byte == 0x20 || byte == 0x09 else { return false }
      index -= 1
    }
    return index == floor
  }
}

extension Block {
  /// The block with every range moved by `delta` bytes.
  func shifted(by delta: Int) -> Block {
    Block(
      kind: kind, range: range.lowerBound + delta..<range.upperBound + delta,
      children: children.map { $0.shifted(by: delta) }, checkbox: checkbox)
  }
}

extension Range<Int> {
  /// The range moved by `delta`.
  fileprivate func shifted(by delta: Int) -> Range<Int> { lowerBound + delta..<upperBound + delta }
}

extension Citation {
  fileprivate func shifted(by delta: Int) -> Citation {
    var out = self
    out.range = range.shifted(by: delta)
    for index in out.items.indices {
      out.items[index].keyRange = out.items[index].keyRange.shifted(by: delta)
      out.items[index].suffixRange = out.items[index].suffixRange.shifted(by: delta)
      out.items[index].range = out.items[index].range.shifted(by: delta)
    }
    return out
  }
}

extension Link {
  fileprivate func shifted(by delta: Int) -> Link {
    var out = self
    out.range = range.shifted(by: delta)
    out.targetRange = targetRange.shifted(by: delta)
    out.anchorRange = anchorRange?.shifted(by: delta)
    return out
  }
}

extension TagUse {
  fileprivate func shifted(by delta: Int) -> TagUse {
    var out = self
    out.range = range.shifted(by: delta)
    return out
  }
}

extension Heading {
  fileprivate func shifted(by delta: Int) -> Heading {
    var out = self
    out.range = range.shifted(by: delta)
    out.textRange = textRange.shifted(by: delta)
    return out
  }
}
