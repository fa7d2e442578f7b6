package import GlossIndex
package import GlossSyntax

/// Where note images live (`NoteImage`): `$XDG_CACHE_HOME/gloss/workspaces/<hash of the root's real path>.notes`,
/// beside the restart snapshots, outside every workspace, written only through `PrivateFileWriter` (atomic: a reader
/// sees the old file or the new one).
package struct NoteImageCache: Sendable {
  /// The image files.
  let file: WorkspaceCacheFile
  /// The Gloss build whose images this cache reads and writes.
  package let build: String

  /// The images in the cache folder `writer` owns, for the build `build`.
  package init(writer: PrivateFileWriter, build: String) {
    file = WorkspaceCacheFile(writer: writer, suffix: "notes")
    self.build = build
  }

  /// The image file of the workspace whose real path is `realRoot`, relative to the cache folder.
  package func fileName(forRealRoot realRoot: String) -> String { file.fileName(forRealRoot: realRoot) }

  /// The image kept for the workspace whose real path is `realRoot` by this build; nil when there is none or it
  /// cannot be read.
  package func image(forRealRoot realRoot: String) -> NoteImage? {
    guard let bytes = file.mapped(forRealRoot: realRoot) else { return nil }
    return NoteImage(decoding: bytes, build: build)
  }

  /// Keeps the image of `notes` (with their `positions` tables) and `sources` for the workspace whose real path is
  /// `realRoot`, replacing its previous one.
  package func store(
    _ notes: [(record: NoteRecord, byteCount: Int, fingerprint: UInt64)],
    positions: [String: PositionTable] = [:],
    sources: [(record: SourceDocumentRecord, parts: SourceDocument.Parts)] = [],
    bibliographies: [(path: String, stamp: TextStamp, bibliography: Bibliography)] = [], maps: NoteMaps? = nil,
    keyIndex: KeptKeyIndex? = nil, forRealRoot realRoot: String
  ) throws(CommandError) {
    try file.store(
      NoteImage.encode(
        notes, positions: positions, sources: sources, bibliographies: bibliographies, maps: maps, keyIndex: keyIndex,
        build: build),
      forRealRoot: realRoot)
  }

  /// Keeps the notes of a workspace just indexed (`notes`, each parsed from the text `stamps` describes, with the
  /// position table a stamp holds: nothing was edited since, and `maps` are the reverse maps they are filed in) and
  /// its source documents whose text is their file (`sources`, each parsed from the text `sourceStamps` describes) and
  /// its bibliography files (`bibliographies`, each parsed from the bytes `bibliographyStamps` describes; a Zotero
  /// library is not a file) for the workspace whose real path is `realRoot`; returns how many notes were kept.
  @discardableResult
  package func store(
    notes: [String: NoteRecord], stamps: [String: TextStamp], maps: NoteMaps? = nil,
    sources: [String: SourceDocumentRecord] = [:], sourceStamps: [String: TextStamp] = [:],
    bibliographies: [String: BibliographyRecord] = [:], bibliographyStamps: [String: TextStamp] = [:],
    keyIndex: KeptKeyIndex? = nil, forRealRoot realRoot: String
  ) throws(CommandError) -> Int {
    var kept: [(record: NoteRecord, byteCount: Int, fingerprint: UInt64)] = []
    kept.reserveCapacity(notes.count)
    var positions: [String: PositionTable] = [:]
    for (path, record) in notes {
      guard let stamp = stamps[path] else { continue }
      kept.append((record, stamp.count, stamp.fingerprint))
      if let table = stamp.positions { positions[path] = table }
    }
    var keptSources: [(record: SourceDocumentRecord, parts: SourceDocument.Parts)] = []
    keptSources.reserveCapacity(sourceStamps.count)
    for (path, stamp) in sourceStamps {
      // Parts made from another text than the one stamped (a source edited since) are not kept.
      guard let record = sources[path], let parts = record.document.parts, parts.fileCount == stamp.count,
        parts.fileFingerprint == stamp.fingerprint
      else { continue }
      keptSources.append((record, parts))
    }
    var keptBibliographies: [(path: String, stamp: TextStamp, bibliography: Bibliography)] = []
    for (path, stamp) in bibliographyStamps {
      guard let record = bibliographies[path], !record.isZoteroLibrary else { continue }
      keptBibliographies.append((path, stamp, record.bibliography))
    }
    try store(
      kept, positions: positions, sources: keptSources, bibliographies: keptBibliographies, maps: maps,
      keyIndex: keyIndex, forRealRoot: realRoot)
    return kept.count
  }

  /// Whether `image` holds as many notes as `indexed` (indexed with it) and gave all but at most 1 % of them (and at
  /// most 100): the others were parsed, which costs less at each run than writing the image again.
  package static func missesFew(_ image: NoteImage?, of indexed: IndexedRoot) -> Bool {
    let count = indexed.workspace.notes.count
    let parsed = count - indexed.notesFromImage
    return image?.count == count && parsed <= min(100, count / 100)
  }

  /// Whether the image of `indexed` (indexed with `image`) differs from `image`: it parsed notes the image did not
  /// give, or the image holds notes that are gone (`notesAreOutdated`), or its sources are not those of `indexed`
  /// (`sourcesAreOutdated`), or its notes' maps are damaged.
  package static func isOutdated(_ image: NoteImage?, by indexed: IndexedRoot) -> Bool {
    notesAreOutdated(image, by: indexed) || sourcesAreOutdated(image, by: indexed)
      || bibliographiesAreOutdated(image, by: indexed) || image?.mapsAreIntact == false
  }

  /// Whether the bibliography files `image` holds are not exactly those `indexed` read (indexed with it), parsed from
  /// the same bytes.
  package static func bibliographiesAreOutdated(_ image: NoteImage?, by indexed: IndexedRoot) -> Bool {
    let stamps = indexed.bibliographyStamps
    guard let image else { return !stamps.isEmpty }
    // Every bibliography taken from the image was checked against it as it was read.
    if indexed.bibliographiesFromImage == stamps.count, image.bibliographyCount == stamps.count { return false }
    return image.bibliographyStamps != stamps
  }

  /// Whether `indexed` (indexed with `image`) parsed notes the image did not give, or the image holds notes that are
  /// gone.
  package static func notesAreOutdated(_ image: NoteImage?, by indexed: IndexedRoot) -> Bool {
    !indexed.workspace.notes.isEmpty
      && (image?.count != indexed.workspace.notes.count || indexed.notesFromImage != indexed.workspace.notes.count)
  }

  /// Whether the image does not hold exactly the source documents of `indexed` that have parts (their text is their
  /// file, or HTML), each parsed from the file as it is now (`IndexedRoot.sourceStamps`).
  package static func sourcesAreOutdated(_ image: NoteImage?, by indexed: IndexedRoot) -> Bool {
    let stamps = indexed.sourceStamps
    guard let image else { return !stamps.isEmpty }
    guard image.sourceCount == stamps.count else { return true }
    // Every source taken from the image was checked against it as it was read.
    if indexed.sourcesFromImage == stamps.count { return false }
    return !stamps.allSatisfy {
      image.holdsSource(at: $0.key, count: $0.value.count, fingerprint: $0.value.fingerprint)
    }
  }
}
