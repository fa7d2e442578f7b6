extension Note {
  /// Parses a note: front matter, blocks, headings with slugs, citations, links and tags; never fails.
  ///
  /// Measured (release build, thread CPU time, one core): ≈ 125 MB/s on the standard generated workspace's
  /// 53 MB of notes (docs/benchmarks.md), with every note's citation keys equal to `citations.json`.
  package init(parsing bytes: [UInt8]) {
    self.init()
    let (frontMatter, bodyStart, problems) = FrontMatter.parse(bytes)
    self.frontMatter = frontMatter
    self.problems = problems
    if let frontMatter {
      tags = Note.frontMatterTags(frontMatter)
      customCrossrefKinds = Note.crossrefKinds(frontMatter, in: bytes)
    }
    var stoppedAt: Int?
    let body = bytes.withUnsafeBufferPointer { Note(body: $0, from: bodyStart, stoppingAt: nil, stoppedAt: &stoppedAt) }
    // `+` makes an array of exactly this size; inserting at the front would double the capacity.
    blocks = frontMatter.map { [Block(kind: .frontMatter, range: $0.range)] + body.blocks } ?? body.blocks
    // Kept for the life of the index: in storage of their size, not of how they grew.
    citations = body.citations.compacted()
    links = body.links.compacted()
    tags = tags.isEmpty ? body.tags.compacted() : (tags + body.tags).compacted()
    headings = body.headings.compacted()
    labels = body.labels
    readsAcrossBlocks = body.readsAcrossBlocks
    referenceLabels = body.referenceLabels
  }

  /// The blocks, inline content and headings (slugs unique among these only) of `buffer` from `start`, which must
  /// be a line start; `stop` as `BlockParser.parse(from:stoppingAt:)` takes it, and where parsing stopped.
  ///
  /// Reference links use the definitions read here, or `definitions` when given (the whole note's, for a re-parse of
  /// some of its blocks).
  init(
    body buffer: UnsafeBufferPointer<UInt8>, from start: Int, stoppingAt stop: ((Int, Int) -> Bool)?,
    stoppedAt: inout Int?, definitions given: [String: Link]? = nil
  ) {
    self.init()
    var parser = BlockParser(buffer: buffer)
    blocks = parser.parse(from: start, stoppingAt: stop)
    stoppedAt = parser.stoppedAt
    var scratch: [UInt8] = []
    var exampleLabels: [String] = []
    let segments = parser.segments
    referenceLabels = parser.referenceLabels
    let definitions = given ?? Note.definitionsByLabel(parser.referenceDefinitions)
    for leaf in parser.leaves {
      switch leaf.role {
      case .paragraph:
        exampleLabels += scanInlines(
          buffer, segments[leaf.segments], definitions, skipExampleMarker: true, scratch: &scratch)
      case .heading:
        scanInlines(buffer, segments[leaf.segments], definitions, skipExampleMarker: false, scratch: &scratch)
      case .tableRow:
        for cell in Note.cells(of: segments[leaf.segments.lowerBound], in: buffer) {
          scanInlines(
            buffer, segments[leaf.segments.lowerBound..<leaf.segments.lowerBound], definitions, cell: cell,
            scratch: &scratch)
        }
      }
    }
    if !parser.referenceDefinitions.isEmpty { links = Note.merging(links, parser.referenceDefinitions) }
    headings = Note.headings(parser.headings, segments: segments, in: buffer)
    let found = Note.crossrefLabels(in: buffer, blocks: blocks)
    labels = found.labels
    if !exampleLabels.isEmpty { dropExampleReferences(Set(exampleLabels), in: buffer) }
    // Reference definitions are read across blocks too (`@key [label]` and `[text][label]` anywhere depend on them),
    // but a re-parse of some blocks handles them itself (`Note(reparsing:…)`).
    // A div's caption is read from the blocks inside it.
    readsAcrossBlocks = parser.sawLongRangeSyntax || !exampleLabels.isEmpty || found.readsAcross
  }

  /// The link reference definitions among `links` (in document order) by normalised label; as in Pandoc, the last
  /// of several definitions of a label counts.
  static func definitionsByLabel(_ links: some Sequence<Link>) -> [String: Link] {
    var out: [String: Link] = [:]
    for link in links where link.reference == .definition {
      out[ReferenceDefinitionReader.normalizedLabel(link.label ?? "")] = link
    }
    return out
  }

  /// `links` and `definitions`, both in document order, merged in document order.
  private static func merging(_ links: [Link], _ definitions: [Link]) -> [Link] {
    var out: [Link] = []
    out.reserveCapacity(links.count + definitions.count)
    var next = 0
    for link in links {
      while next < definitions.count && definitions[next].range.lowerBound < link.range.lowerBound {
        out.append(definitions[next])
        next += 1
      }
      out.append(link)
    }
    out += definitions[next...]
    return out
  }

  /// Removes the in-text citations that are references to example-list items (`(@good)` where an item is labelled
  /// `(@good)`, before or after): Pandoc reads them as example numbers.
  private mutating func dropExampleReferences(_ labels: Set<String>, in buffer: UnsafeBufferPointer<UInt8>) {
    citations.removeAll { citation in
      guard !citation.isBracketed, citation.items.count == 1, let item = citation.items.first,
        labels.contains(item.key), citation.range.lowerBound > 0, citation.range.upperBound < buffer.count
      else { return false }
      return buffer[citation.range.lowerBound - 1] == UInt8(ascii: "(")
        && buffer[citation.range.upperBound] == UInt8(ascii: ")")
        && item.keyRange.lowerBound == citation.range.lowerBound + 1
    }
  }

  /// Scans one leaf's inline content and adds what it finds, with ranges mapped back to the note; returns the labels
  /// of the example-list markers it skipped.
  @discardableResult
  private mutating func scanInlines(
    _ buffer: UnsafeBufferPointer<UInt8>, _ segments: ArraySlice<Range<Int>>, _ definitions: [String: Link],
    cell: Range<Int>? = nil, skipExampleMarker: Bool = false, scratch: inout [UInt8]
  ) -> [String] {
    if let cell {
      let region = UnsafeBufferPointer(rebasing: buffer[cell])
      var scanner = InlineScanner(buffer: region, end: region.count)
      scanner.referenceDefinitions = definitions
      scanner.scan()
      append(scanner, OffsetMap(base: cell.lowerBound))
      return []
    }
    guard let first = segments.first, let last = segments.last else { return [] }
    // Lines that follow each other with only an LF between them are scanned in place.
    var contiguous = true
    for index in segments.startIndex + 1..<max(segments.startIndex + 1, segments.endIndex) {
      let previous = segments[index - 1].upperBound
      if segments[index].lowerBound != previous + 1 || buffer[previous] != 0x0A {
        contiguous = false
        break
      }
    }
    if contiguous {
      let region = UnsafeBufferPointer(rebasing: buffer[first.lowerBound..<last.upperBound])
      var scanner = InlineScanner(buffer: region, end: region.count)
      scanner.referenceDefinitions = definitions
      scanner.scan(skipExampleMarker: skipExampleMarker)
      append(scanner, OffsetMap(base: first.lowerBound))
      return scanner.exampleLabels
    }
    scratch.removeAll(keepingCapacity: true)
    var starts: [Int] = []
    var sources: [Int] = []
    starts.reserveCapacity(segments.count)
    sources.reserveCapacity(segments.count)
    for segment in segments {
      if !starts.isEmpty { scratch.append(0x0A) }
      starts.append(scratch.count)
      sources.append(segment.lowerBound)
      scratch.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[segment]))
    }
    return scratch.withUnsafeBufferPointer { content in
      var scanner = InlineScanner(buffer: content, end: content.count)
      scanner.referenceDefinitions = definitions
      scanner.scan(skipExampleMarker: skipExampleMarker)
      append(scanner, OffsetMap(starts: starts, sources: sources))
      return scanner.exampleLabels
    }
  }

  private mutating func append(_ scanner: InlineScanner, _ map: OffsetMap) {
    for var citation in scanner.citations {
      citation.range = map.range(citation.range)
      // In place: an item copied out and stored back retained and released its three strings.
      citation.items.updateEach { item in
        item.keyRange = map.range(item.keyRange)
        item.suffixRange = map.range(item.suffixRange)
        item.range = map.range(item.range)
      }
      citations.append(citation)
    }
    for link in scanner.links { links.append(map.link(link)) }
    for var tag in scanner.tags {
      tag.range = map.range(tag.range)
      tags.append(tag)
    }
  }

  /// The cells of a table row: ranges between unescaped pipes, trimmed.
  private static func cells(of row: Range<Int>, in buffer: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
    var cells: [Range<Int>] = []
    var start = row.lowerBound
    var index = row.lowerBound
    func add(_ lower: Int, _ upper: Int) {
      let cell = buffer.trimming(lower..<upper, while: ByteClass.isWhitespace)
      if !cell.isEmpty { cells.append(cell) }
    }
    while index < row.upperBound {
      if buffer[index] == 0x5C {
        index += 2
        continue
      }
      if buffer[index] == UInt8(ascii: "|") {
        add(start, index)
        start = index + 1
      }
      index += 1
    }
    add(start, min(index, row.upperBound))
    return cells
  }

  /// Front-matter `tags` as tag uses: list items, or the parts of one comma-separated string.
  private static func frontMatterTags(_ frontMatter: FrontMatter) -> [TagUse] {
    guard let entry = frontMatter["tags"] else { return [] }
    var uses: [TagUse] = []
    /// Adds the tag `text` found at `range`; when `exact` is false the text is not written there byte for byte
    /// (quotes, escapes or repaired UTF-8), so the tag gets the whole range.
    func add(_ text: Substring, _ range: Range<Int>, exact: Bool) {
      var name = text.trimmingSpaces()
      var lower = range.lowerBound + (text.utf8.count - text.drop { $0 == " " }.utf8.count)
      if name.hasPrefix("#") {
        name = String(name.dropFirst())
        lower += 1
      }
      guard !name.isEmpty else { return }
      uses.append(TagUse(name: name, range: exact ? lower..<lower + name.utf8.count : range, isInFrontMatter: true))
    }
    switch entry.value {
    case .list(let items):
      for item in items { add(Substring(item.text), item.range, exact: item.text.utf8.count == item.range.count) }
    case .scalar(let text, let range):
      // Offsets within the value are exact when the value is written as is (no escapes or quotes to decode).
      let exact = text.utf8.count == range.count
      var offset = 0
      for part in text.split(separator: ",", omittingEmptySubsequences: false) {
        let lower = exact ? range.lowerBound + offset : range.lowerBound
        add(part, exact ? lower..<lower + part.utf8.count : range, exact: exact)
        offset += part.utf8.count + 1
      }
    }
    return uses
  }
}

/// Maps offsets in a leaf's joined content back to offsets in the note.
struct OffsetMap {
  var starts: [Int] = []
  var sources: [Int] = []
  /// For content scanned in place: the note offset of content offset 0.
  var base = 0

  init(starts: [Int], sources: [Int]) {
    self.starts = starts
    self.sources = sources
  }

  init(base: Int) { self.base = base }

  func offset(_ content: Int) -> Int {
    if starts.isEmpty { return base + content }
    // The last start at or before `content` (the first one when none is).
    let low = max(0, starts.partitioningIndex { $0 > content } - 1)
    return sources[low] + (content - starts[low])
  }

  func range(_ range: Range<Int>) -> Range<Int> {
    let lower = offset(range.lowerBound)
    return lower..<max(lower, offset(range.upperBound))
  }

  /// `link` with its ranges mapped to the note.
  func link(_ link: Link) -> Link {
    var out = link
    out.range = range(link.range)
    out.targetRange = range(link.targetRange)
    out.anchorRange = link.anchorRange.map(range)
    return out
  }
}
