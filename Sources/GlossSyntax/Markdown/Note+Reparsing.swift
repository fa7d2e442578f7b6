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
  ///
  /// Given the only reference to `old`'s arrays, the elements after the edit are moved in place, without copying
  /// them (a 10 MB note holds 100,000 citations); the old elements the re-parse replaced are in `splice.replaced`.
  package init(
    reparsing old: consuming Note, replacing range: Range<Int>, insertedCount: Int, in bytes: [UInt8],
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
    guard let found = Self.parseAround(old, range: range, insertedCount: insertedCount, bodyStart: bodyStart, in: bytes)
    else {
      // What the edit wrote may be read across blocks too (a new example label, `\end{…}` or definition marker), or
      // it changed the note's link reference definitions.
      self.init(parsingWhole: bytes, after: old, replacing: range, insertedCount: insertedCount, splice: &splice)
      return
    }
    let (first, restart, stoppedAt, resumeBlock, middle) = found
    let oldResume = stoppedAt.map { $0 - delta } ?? Int.max
    splice = NoteSplice(
      start: restart, oldEnd: stoppedAt.map { $0 - delta } ?? bytes.count - delta, newEnd: stoppedAt ?? bytes.count)

    // The front matter, its problems and its block are the old ones (the guard above), and so is every element
    // outside the splice.
    self = consume old
    var replaced = Note()
    replaced.blocks = Array(blocks[first..<resumeBlock])
    blocks.replaceSubrange(first..<resumeBlock, with: middle.blocks)
    for index in first + middle.blocks.count..<blocks.count { blocks[index].shift(by: delta) }
    replaced.citations = Self.splice(&citations, middle.citations, restart, oldResume) {
      $0.range.lowerBound
    } shift: {
      $0.shift(by: delta)
    }
    replaced.links = Self.splice(&links, middle.links, restart, oldResume) {
      $0.range.lowerBound
    } shift: {
      $0.shift(by: delta)
    }
    // Front-matter tags come first and lie before `restart`, so they are kept as they are.
    replaced.tags = Self.splice(&tags, middle.tags, restart, oldResume) {
      $0.range.lowerBound
    } shift: {
      $0.shift(by: delta)
    }
    replaced.headings = Self.splice(&headings, middle.headings, restart, oldResume) {
      $0.range.lowerBound
    } shift: {
      $0.shift(by: delta)
    }
    replaced.labels = Self.splice(&labels, middle.labels, restart, oldResume) {
      $0.range.lowerBound
    } shift: {
      $0.shift(by: delta)
    }
    let slugs = Slug.unique(headings.map(\.text))
    for index in headings.indices where !headings[index].hasIdentifier && headings[index].slug != slugs[index] {
      headings[index].slug = slugs[index]
    }
    splice?.replaced = replaced
  }

  /// Parses the top-level blocks around an edit of `old`'s text again: where it restarted (the index in `old.blocks`
  /// of the first block replaced, and its line), where it stopped (nil at the end of the text), the index in
  /// `old.blocks` of the first block kept after it, and what it parsed; nil when what it parsed is read across
  /// blocks, or when its link reference definitions differ from those of the old blocks it replaced (reference
  /// links anywhere in the note may then read differently).
  private static func parseAround(
    _ old: Note, range: Range<Int>, insertedCount: Int, bodyStart: Int, in bytes: [UInt8]
  ) -> (first: Int, restart: Int, stoppedAt: Int?, resumeBlock: Int, middle: Note)? {
    let delta = insertedCount - range.count
    let newEnd = range.lowerBound + insertedCount
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
    // The blocks parsed again read reference links with the whole note's definitions, checked below to be unchanged.
    let definitions = old.referenceLabels.isEmpty ? nil : Note.definitionsByLabel(old.links)
    let middle = bytes.withUnsafeBufferPointer { buffer in
      Note(
        body: buffer, from: restart,
        stoppingAt: { line, blankLine in blankLine > newEnd && oldBlock(startingOnLine: line) != nil },
        stoppedAt: &stoppedAt, definitions: definitions)
    }
    // The old items from `restart` up to where it stopped are replaced by `middle`'s; those after are shifted.
    guard !middle.readsAcrossBlocks else { return nil }
    if definitions != nil || !middle.referenceLabels.isEmpty {
      let lower = NoteSplice.firstIndex(in: old.links, startingAtOrAfter: restart) { $0.range.lowerBound }
      let upper = stoppedAt.map { stop in
        NoteSplice.firstIndex(in: old.links, startingAtOrAfter: stop - delta) { $0.range.lowerBound }
      }
      guard Self.sameDefinitions(old.links[lower..<(upper ?? old.links.endIndex)], middle.links) else { return nil }
    }
    let resumeBlock = stoppedAt.flatMap(oldBlock(startingOnLine:)) ?? oldBody.endIndex
    return (first, restart, stoppedAt, resumeBlock, middle)
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

  /// Replaces the `items` from `restart` up to `oldResume` with `middle`'s and moves those after with `shift`, in
  /// place; returns the items replaced.
  private static func splice<T>(
    _ items: inout [T], _ middle: [T], _ restart: Int, _ oldResume: Int, start: (T) -> Int, shift: (inout T) -> Void
  ) -> [T] {
    let kept = NoteSplice.firstIndex(in: items, startingAtOrAfter: restart, lowerBound: start)
    let resumed =
      oldResume == Int.max
      ? items.count : NoteSplice.firstIndex(in: items, startingAtOrAfter: oldResume, lowerBound: start)
    let replaced = Array(items[kept..<resumed])
    items.replaceSubrange(kept..<resumed, with: middle)
    for index in kept + middle.count..<items.count { shift(&items[index]) }
    return replaced
  }

  /// Whether the link reference definitions among `old` and `new` are the same, in the same order, as far as a use
  /// reads them (label, target, anchor, external or not).
  private static func sameDefinitions(_ old: some Collection<Link>, _ new: [Link]) -> Bool {
    func reading(_ links: some Collection<Link>) -> [[String?]] {
      links.filter { $0.reference == .definition }.map {
        [ReferenceDefinitionReader.normalizedLabel($0.label ?? ""), $0.target, $0.anchor, $0.isExternal ? "x" : nil]
      }
    }
    return reading(old) == reading(new)
  }

  /// The index in `blocks` of the first block starting at or after `offset`.
  private static func firstBlock(in blocks: ArraySlice<Block>, startingAtOrAfter offset: Int) -> Int {
    blocks.partitioningIndex { $0.range.lowerBound >= offset }
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
    var out = self
    out.shift(by: delta)
    return out
  }

  /// Moves every range of the block by `delta` bytes, in place.
  mutating func shift(by delta: Int) {
    range = range.lowerBound + delta..<range.upperBound + delta
    for index in children.indices { children[index].shift(by: delta) }
  }
}

extension Range<Int> {
  /// The range moved by `delta`.
  fileprivate func shifted(by delta: Int) -> Range<Int> { lowerBound + delta..<upperBound + delta }
}

extension Citation {
  fileprivate mutating func shift(by delta: Int) {
    range = range.shifted(by: delta)
    items.updateEach { $0.shift(by: delta) }
  }
}

extension Link {
  fileprivate mutating func shift(by delta: Int) {
    range = range.shifted(by: delta)
    targetRange = targetRange.shifted(by: delta)
    anchorRange = anchorRange?.shifted(by: delta)
  }
}

extension TagUse {
  fileprivate mutating func shift(by delta: Int) {
    range = range.shifted(by: delta)
  }
}

extension Heading {
  fileprivate mutating func shift(by delta: Int) {
    range = range.shifted(by: delta)
    textRange = textRange.shifted(by: delta)
  }
}
