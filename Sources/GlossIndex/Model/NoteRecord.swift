package import GlossSyntax

/// What the index keeps of one note: the parsed model plus the summary its reverse-map contributions come from.
package struct NoteRecord: Sendable {
  /// The root-relative path, with `/`.
  package var path: String
  /// The parsed note.
  package var note: Note
  /// The title (docs/citations-and-quotations.md, "Front matter"): front-matter `title`, else the first level-1
  /// heading, else the file name.
  package var title: String
  /// The front-matter `aliases`.
  package var aliases: [String]
  /// The quotations attributed to a citation item, checked against the sources.
  package var quotations: [AttributedQuotation]
  /// The first locator of each citation item that has one, with its range in the note: kept with the summary (see
  /// `keptSummary`), else found from the note's citations on each use.
  package var locators: [ItemLocator] {
    get { keptLocators ?? Self.locators(of: note, citations: note.citations.indices) }
    set { keptLocators = newValue }
  }
  /// The locators, when kept (see `locators`).
  var keptLocators: [ItemLocator]?
  /// Index paths named by front-matter `bibliography:` (relative to the note's folder; `~/` and absolute paths, and
  /// relative ones leaving the root, are absolute — see `WorkspacePlace`).
  package var bibliographyPaths: [String]
  /// The length in bytes of the text the note was parsed from (an edit's re-parse checks it continues that text).
  package var byteCount: Int
  /// Whether `note.blocks` were released (`Workspace.releaseNoteBlocks()`): everything else of the note is kept, and
  /// what needs the blocks (folding, outline, completion's context, export) parses the text again (`withBlocks`).
  package internal(set) var blocksReleased = false

  /// The summary the reverse maps are filed from (and `keptLocators`), when kept rather than found again from the note
  /// on each use: kept for notes with many elements (an edit there moves it incrementally, `NoteRecord(updating:…)`)
  /// and for a note whose elements are taken out for a re-parse; for the others (most notes) the sets would cost more
  /// memory than the note's own citations, and finding them again costs about as much as parsing the note.
  var keptSummary: NoteSummary?

  /// Notes with at least this many citations, links and tags keep their summary.
  static let summaryKeptFrom = 256

  /// Lowercased names a wiki link can use for this note (file name, path without extension, title, aliases).
  var nameKeys: Set<String> { nameKeys(pathKey: pathKey) }
  /// `nameKeys`, given the note's path key (`pathKey`) already made.
  func nameKeys(pathKey: String) -> Set<String> {
    Self.nameKeys(fileName: PathUtilities.fileName(path), pathKey: pathKey, title: title, aliases: aliases)
  }
  /// The key its front matter's `citekey:` names (a leading `@` dropped): the note is that source's literature note.
  var citekey: String? {
    guard case .scalar(let value, _)? = note.frontMatter?["citekey"]?.value else { return nil }
    var key = Substring(value.trimmingSpaces())
    if key.hasPrefix("@") { key = key.dropFirst() }
    return key.isEmpty ? nil : String(key)
  }
  /// The lowercased path without its note extension (what Markdown links are matched against).
  var pathKey: String { PathUtilities.pathKey(path) }
  /// The keys cited, exactly as written.
  var citedKeys: Set<String> { keptSummary?.citedKeys ?? NoteSummary.citedKeys(of: note) }
  /// Lowercased tag → number of uses.
  var tagCounts: [String: Int] { keptSummary?.tagCounts ?? NoteSummary.tagCounts(of: note) }
  /// The link keys (`w:` + wiki target, `p:` + path key) this note's links are looked up under.
  var linkKeys: Set<String> { keptSummary?.linkKeys ?? NoteSummary.linkKeys(of: note, at: path) }
  /// The identifiers of the note's labels (few: found from the note on each use).
  var labelIDs: Set<String> { Set(note.labels.map(\.id)) }
  /// The headings' texts and slugs, to tell whether links to this note must be re-checked.
  var headingSignature: [String] { keptSummary?.headingSignature ?? NoteSummary.headingSignature(of: note) }

  /// Parses `bytes` as the note at `path`.
  package init(path: String, bytes: [UInt8], place: WorkspacePlace = WorkspacePlace()) {
    self.init(path: path, note: Note(parsing: bytes), quotations: nil, bytes: bytes, place: place)
  }

  /// Summarises an already parsed note; quotations are read from `bytes` when not given.
  package init(
    path: String, note: Note, quotations: [AttributedQuotation]? = nil, bytes: [UInt8],
    place: WorkspacePlace = WorkspacePlace()
  ) {
    self.init(
      path: path, note: note, quotations: quotations ?? note.attributedQuotations(in: bytes), byteCount: bytes.count,
      place: place)
  }

  /// Summarises a note parsed earlier from a text of `byteCount` bytes, whose quotations were read from it then (a
  /// note taken from the note image, `NoteImage`).
  package init(
    path: String, note: Note, quotations: [AttributedQuotation], byteCount: Int,
    place: WorkspacePlace = WorkspacePlace()
  ) {
    self.path = path
    self.note = note
    self.byteCount = byteCount
    let fileName = PathUtilities.fileName(path)
    title = note.title(fileName: fileName)
    aliases = note.frontMatter?["aliases"]?.value.strings ?? []
    self.quotations = quotations
    let folder = PathUtilities.folder(path)
    // As Pandoc reads it: relative to the note, else absolute or `~/`.
    bibliographyPaths = (note.frontMatter?["bibliography"]?.value.strings ?? []).compactMap {
      place.path(of: $0, from: folder)
    }

    if note.citations.count + note.links.count + note.tags.count >= Self.summaryKeptFrom { keepSummary() }
  }

  /// Keeps the summary found from the note (see `keptSummary`), before the note's elements are taken out.
  mutating func keepSummary() {
    if keptLocators == nil { keptLocators = Self.locators(of: note, citations: note.citations.indices) }
    guard keptSummary == nil else { return }
    keptSummary = NoteSummary(
      citedKeys: NoteSummary.citedKeys(of: note), tagCounts: NoteSummary.tagCounts(of: note),
      linkKeys: NoteSummary.linkKeys(of: note, at: path), headingSignature: NoteSummary.headingSignature(of: note))
  }

  /// The first locator of each item of the citations at `indices` that has one, in (citation, item) order.
  static func locators(of note: Note, citations indices: Range<Int>) -> [ItemLocator] {
    var locators: [ItemLocator] = []
    for ci in indices {
      // By index: `enumerated()` would read the items through the collection's protocol witnesses.
      let items = note.citations[ci].items
      for ii in 0..<items.count {
        let item = items[ii]
        guard !item.suffix.isEmpty, let locator = Locator.first(in: item.suffix) else { continue }
        locators.append(ItemLocator(citationIndex: ci, itemIndex: ii, item: item, locator: locator))
      }
    }
    return locators
  }

  /// The lowercased names a wiki link can use for a note.
  static func nameKeys(fileName: String, pathKey: String, title: String, aliases: [String]) -> Set<String> {
    var names: Set<String> = [PathUtilities.removingNoteExtension(fileName).lowercased(), pathKey, title.lowercased()]
    for alias in aliases { names.insert(alias.lowercased()) }
    names.remove("")
    return names
  }
}

extension NoteRecord {
  /// The record with its note's blocks: as kept, or the note parsed again from `bytes` (its text) when they were
  /// released.
  package func withBlocks(from bytes: [UInt8]) -> NoteRecord {
    guard blocksReleased else { return self }
    var record = self
    record.note = Note(parsing: bytes)
    record.blocksReleased = false
    return record
  }

  /// Puts back the blocks of the note parsed again from its text (see `Workspace.restoreNoteBlocks`).
  mutating func restoreBlocks(_ blocks: [Block]) {
    note.blocks = blocks
    blocksReleased = false
  }

  /// Drops the note's blocks (see `blocksReleased`).
  package mutating func releaseBlocks() {
    guard !blocksReleased else { return }
    note.blocks = []
    blocksReleased = true
  }
}

/// The parts of a note's summary found from its elements: cited keys, tags, link keys and headings.
struct NoteSummary: Sendable, Equatable {
  /// The keys cited, exactly as written.
  var citedKeys: Set<String>
  /// Lowercased tag → number of uses.
  var tagCounts: [String: Int]
  /// The link keys (`w:` + wiki target, `p:` + path key) the note's links are looked up under.
  var linkKeys: Set<String>
  /// The headings' texts and slugs.
  var headingSignature: [String]

  static func citedKeys(of note: Note) -> Set<String> {
    // Room for a typical note's keys at once (growing from empty rehashed them several times); capped, since the
    // set of a note with many citations is kept (`keptSummary`) and its keys repeat.
    var keys = Set<String>(minimumCapacity: min(note.citations.count, 64))
    for citation in note.citations {
      for item in citation.items { keys.insert(item.key) }
    }
    return keys
  }

  static func tagCounts(of note: Note) -> [String: Int] {
    var tags: [String: Int] = [:]
    for tag in note.tags { tags[tag.name.lowercased(), default: 0] += 1 }
    return tags
  }

  static func linkKeys(of note: Note, at path: String) -> Set<String> {
    let folder = PathUtilities.folder(path)
    var keys: Set<String> = []
    for link in note.links { LinkKeys.insertKeys(of: link, from: folder, into: &keys) }
    return keys
  }

  static func headingSignature(of note: Note) -> [String] {
    note.headings.flatMap { [$0.text, $0.slug] }
  }
}

/// The first locator of one citation item, placed in the note.
package struct ItemLocator: Hashable, Sendable {
  /// Index into the note's `citations`.
  package var citationIndex: Int
  package var itemIndex: Int
  /// The item's key.
  package var key: String
  /// The locator as `Locator.first(in:)` found it in the suffix.
  package var locator: Locator
  /// The locator's range in the note (mapped from its offsets in the item's suffix).
  package var range: Range<Int>

  /// Places `locator`, found in `item.suffix`, in the note.
  package init(citationIndex: Int, itemIndex: Int, item: CitationItem, locator: Locator) {
    self.citationIndex = citationIndex
    self.itemIndex = itemIndex
    key = item.key
    self.locator = locator
    // The suffix is the text at `suffixRange`, so offsets within it shift by the range's start; clamp in case a
    // parser trimmed differently.
    let base = item.suffixRange.lowerBound
    let lower = min(base + locator.range.lowerBound, item.suffixRange.upperBound)
    let upper = min(max(base + locator.range.upperBound, lower), item.suffixRange.upperBound)
    range = lower..<upper
  }
}
