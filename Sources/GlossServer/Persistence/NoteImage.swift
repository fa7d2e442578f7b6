package import GlossIndex
package import GlossSyntax

/// Every note of a workspace as it was parsed, every source document whose text is its file (Markdown, plain text) and
/// every HTML page as its parts, and every bibliography file as parsed (`bibliography(at:count:fingerprint:)`), kept
/// between runs so that a start parses only the files that changed (docs/troubleshooting.md, "What Gloss keeps between
/// runs").
///
/// Each note or source is kept with the length and fingerprint of the exact text it was parsed from, and used only for
/// a file whose text now has both (`record(at:count:fingerprint:place:)`, `sourceRecord(at:count:fingerprint:)`): the
/// image never says what a file holds, it only saves parsing the same bytes twice, so an image older than the files
/// costs the changed files their parse and nothing else. Each file's bytes carry their own checksum (one altered on
/// disk is parsed, not read); the whole is tied to the Gloss build that wrote it (another parser may read the same text
/// differently).
package struct NoteImage: Sendable {
  /// Where one note's bytes are, and what they were parsed from.
  struct Entry: Sendable {
    /// The length of the text parsed.
    var byteCount: Int
    /// `TextFingerprint.of` that text.
    var fingerprint: UInt64
    /// `ByteChecksum.of` the note's bytes.
    var checksum: UInt64
    /// The note's bytes in the file.
    var body: Range<Int>
  }

  /// The file's bytes (read in place).
  private let bytes: FileBytes
  /// Each note's entry, by root-relative path.
  private let entries: [String: Entry]
  /// Each source document's entry, by root-relative path.
  private let sourceEntries: [String: Entry]
  /// Each bibliography file's entry, by root-relative path (its stamp is its file's bytes').
  private let bibliographyEntries: [String: Entry]
  /// The notes' paths in the order of their table (the reverse maps name notes by their place in it).
  private let notePaths: [String]
  /// Where the reverse maps of the notes are (`noteMaps(only:)`), with their checksum.
  private let maps: (body: Range<Int>, checksum: UInt64)
  /// Where the keys' search index is (`keyIndex()`), with its checksum; empty when none was kept.
  private let keys: (body: Range<Int>, checksum: UInt64)

  /// How many notes the image holds.
  package var count: Int { entries.count }
  /// How many source documents the image holds.
  package var sourceCount: Int { sourceEntries.count }
  /// How many bibliography files the image holds.
  package var bibliographyCount: Int { bibliographyEntries.count }
  /// The stamp of each bibliography file the image holds (what a root indexed with it compares with its own).
  package var bibliographyStamps: [String: TextStamp] {
    bibliographyEntries.mapValues { TextStamp(count: $0.byteCount, fingerprint: $0.fingerprint) }
  }

  /// The magic number the file starts with.
  static let magic = Array("GLOSSNTS".utf8)
  /// The version of this format: another one is never read (every note is parsed).
  static let formatVersion: UInt64 = 7

  /// Reads an image written by `encode` for the build `build`; nil when it is another format or build, or its table
  /// of notes or sources is damaged (each file's bytes, and the maps', are checked when they are used).
  package init?(decoding bytes: [UInt8], build: String) {
    self.init(decoding: FileBytes(bytes), build: build)
  }

  /// Reads an image written by `encode` for the build `build` from the bytes of its file read in place.
  package init?(decoding bytes: FileBytes, build: String) {
    var input = ByteReader(bytes)
    var notePaths: [String] = []
    guard input.raw(Self.magic.count).map(Array.init) == Self.magic, input.uint64() == Self.formatVersion,
      input.string() == build, let entries = Self.entries(&input, paths: &notePaths),
      let sourceEntries = Self.entries(&input), let bibliographyEntries = Self.entries(&input),
      let keysChecksum = input.uint64(), let keysLength = input.varintCount()
    else { return nil }
    let keysBody = input.offset..<input.offset + keysLength
    guard input.raw(keysLength) != nil, let checksum = input.uint64(), let length = input.varintCount() else {
      return nil
    }
    let body = input.offset..<input.offset + length
    guard input.raw(length) != nil, input.isAtEnd else { return nil }
    self.keys = (keysBody, keysChecksum)
    self.bytes = bytes
    self.entries = entries
    self.sourceEntries = sourceEntries
    self.bibliographyEntries = bibliographyEntries
    self.notePaths = notePaths
    self.maps = (body, checksum)
  }

  /// One table of entries `encode` wrote: a count, then each file's path, stamp, checksum and bytes.
  private static func entries(_ input: inout ByteReader) -> [String: Entry]? {
    var paths: [String] = []
    return entries(&input, paths: &paths)
  }

  /// One table of entries `encode` wrote, its paths also listed in order in `paths`.
  private static func entries(_ input: inout ByteReader, paths: inout [String]) -> [String: Entry]? {
    guard let count = input.count(each: 19) else { return nil }
    var entries: [String: Entry] = [:]
    entries.reserveCapacity(count)
    paths.reserveCapacity(count)
    for _ in 0..<count {
      guard let path = input.shortString(), let byteCount = input.varint(atMost: Int(Int32.max)),
        let fingerprint = input.uint64(), let checksum = input.uint64(), let length = input.varintCount()
      else { return nil }
      entries[path] = Entry(
        byteCount: byteCount, fingerprint: fingerprint, checksum: checksum, body: input.offset..<input.offset + length)
      paths.append(path)
      guard input.raw(length) != nil else { return nil }
    }
    // Paths are written once each: a table naming one twice is not this format's.
    guard entries.count == count else { return nil }
    return entries
  }

  /// Whether the image holds the note at `path` parsed from a text of `count` bytes with `fingerprint` (its bytes are
  /// checked when its record is read).
  package func holdsNote(at path: String, count: Int, fingerprint: UInt64) -> Bool {
    guard let entry = entries[path] else { return false }
    return entry.byteCount == count && entry.fingerprint == fingerprint
  }

  /// Whether the bytes of the notes' maps are intact (their checksum; they are decoded by `noteMaps(only:)`).
  package var mapsAreIntact: Bool { ByteChecksum.of(bytes[maps.body]) == maps.checksum }

  /// The reverse maps of the notes the image holds, filed from exactly their records when it was written, those of
  /// `members` only (the others left empty: a restart's early answers read only some,
  /// `NoteMaps.readByNoteMapAnswers`); nil when their bytes are damaged.
  package func noteMaps(only members: Set<NoteMaps.Member> = Set(NoteMaps.Member.allCases)) -> NoteMaps? {
    guard mapsAreIntact else { return nil }
    var input = ByteReader(bytes, offset: maps.body.lowerBound)
    guard let decoded = NoteMapsCoding.decode(&input, paths: notePaths, only: members),
      input.offset == maps.body.upperBound
    else {
      return nil
    }
    return decoded
  }

  /// The keys' search index kept with the notes, when there is one and its bytes are intact (whether it is this
  /// workspace's is told by its fingerprint: `Workspace.prepareSourceSearch(kept:)`).
  package func keyIndex() -> KeptKeyIndex? {
    guard !keys.body.isEmpty, ByteChecksum.of(bytes[keys.body]) == keys.checksum else { return nil }
    var input = ByteReader(bytes, offset: keys.body.lowerBound)
    guard let index = KeyIndexCoding.decode(&input), input.offset == keys.body.upperBound else { return nil }
    return index
  }

  /// The bytes of the entry at `path` in `entries` when it was made from a text of `count` bytes with `fingerprint`
  /// and its bytes are intact, as a reader at their start.
  private func body(in entries: [String: Entry], at path: String, count: Int, fingerprint: UInt64) -> (
    ByteReader, end: Int
  )? {
    guard let entry = entries[path], entry.byteCount == count, entry.fingerprint == fingerprint,
      ByteChecksum.of(bytes[entry.body]) == entry.checksum
    else { return nil }
    return (ByteReader(bytes, offset: entry.body.lowerBound), entry.body.upperBound)
  }

  /// The record of the note at `path` whose text is now `text` (with its length and fingerprint `stamp`), when the
  /// image holds that note parsed from exactly that text and its bytes are intact; nil otherwise (parse it).
  package func record(at path: String, count: Int, fingerprint: UInt64, place: WorkspacePlace) -> NoteRecord? {
    recordAndPositions(at: path, count: count, fingerprint: fingerprint, place: place, withPositions: false)?.record
  }

  /// `record(at:count:fingerprint:place:)`, with the note's position table when the image keeps one (nil when it was
  /// written without: the caller makes it from the file when needed).
  package func recordAndPositions(
    at path: String, count: Int, fingerprint: UInt64, place: WorkspacePlace, withPositions: Bool = true
  ) -> (record: NoteRecord, positions: PositionTable?)? {
    guard let (start, end) = body(in: entries, at: path, count: count, fingerprint: fingerprint) else { return nil }
    var input = start
    guard let record = NoteCoding.decode(&input, path: path, byteCount: count, place: place),
      let tableLength = input.varintCount(), input.offset + tableLength == end
    else { return nil }
    guard withPositions, tableLength > 0 else { return (record, nil) }
    guard let positions = PositionTableCoding.decode(&input, count: count), input.offset == end else { return nil }
    return (record, positions)
  }

  /// The record of the source document at `path` whose file now holds a text of `count` bytes with `fingerprint`,
  /// its text released, when the image holds that source parsed from exactly that text and its bytes are intact; nil
  /// otherwise (read and parse it).
  package func sourceRecord(at path: String, count: Int, fingerprint: UInt64) -> SourceDocumentRecord? {
    guard let (start, end) = body(in: sourceEntries, at: path, count: count, fingerprint: fingerprint) else {
      return nil
    }
    var input = start
    guard let record = SourceCoding.decode(&input, path: path, textCount: count, fingerprint: fingerprint),
      input.offset == end
    else { return nil }
    return record
  }

  /// The parse of the bibliography file at `path` whose bytes are now `count` bytes with `fingerprint`, when the image
  /// holds that file parsed from exactly those bytes and its bytes are intact; nil otherwise (parse it).
  package func bibliography(at path: String, count: Int, fingerprint: UInt64) -> Bibliography? {
    guard let (start, end) = body(in: bibliographyEntries, at: path, count: count, fingerprint: fingerprint) else {
      return nil
    }
    var input = start
    guard let bibliography = BibliographyCoding.decode(&input), input.offset == end else { return nil }
    return bibliography
  }

  /// Whether the image holds the source document at `path` parsed from a text of `count` bytes with `fingerprint`,
  /// its bytes intact.
  package func holdsSource(at path: String, count: Int, fingerprint: UInt64) -> Bool {
    body(in: sourceEntries, at: path, count: count, fingerprint: fingerprint) != nil
  }

  /// The image of `notes` (each with the length and fingerprint of the text it was parsed from) and `sources` (each
  /// with its document's parts) and `bibliographies` (each with the stamp of the file's bytes it was parsed from), for
  /// the build `build`: the magic number, the version, the build, then the notes', the sources' and the
  /// bibliographies' tables, each file's path, stamp, checksum and bytes, by path, then the checksum, length and bytes of
  /// the keys' search index `keyIndex` (none when it is not given: `KeyIndexCoding`), then those of the reverse maps of
  /// the notes (`NoteMapsCoding`). `maps` are those maps, filed from exactly these records (or from
  /// more: the others' members are left out); without them, they are filed from the records here. Each note's bytes
  /// end with its position table from `positions`, when given for a text of its length (`PositionTableCoding`).
  package static func encode(
    _ notes: [(record: NoteRecord, byteCount: Int, fingerprint: UInt64)],
    positions: [String: PositionTable] = [:],
    sources: [(record: SourceDocumentRecord, parts: SourceDocument.Parts)] = [],
    bibliographies: [(path: String, stamp: TextStamp, bibliography: Bibliography)] = [], maps: NoteMaps? = nil,
    keyIndex: KeptKeyIndex? = nil, build: String
  ) -> [UInt8] {
    // Each file's bytes are written apart (its length and checksum come first), then copied after its header.
    let sortedNotes = notes.sorted(by: { $0.record.path.utf8Precedes($1.record.path) })
    let noteBodies = sortedNotes.map { note in
      var body = ByteWriter()
      NoteCoding.encode(note.record, into: &body)
      // Then the note's position table, behind its length (0: none), when it is the table of the text stamped.
      var table = ByteWriter()
      if let positions = positions[note.record.path], positions.count == note.byteCount {
        PositionTableCoding.encode(positions, into: &table)
      }
      body.appendVarint(table.bytes.count)
      body.appendRaw(table.bytes)
      return (note.record.path, note.byteCount, note.fingerprint, body.bytes)
    }
    let sortedSources = sources.sorted(by: { $0.record.path.utf8Precedes($1.record.path) })
    let sourceBodies = sortedSources.map { source in
      var body = ByteWriter()
      SourceCoding.encode(source.record, parts: source.parts, into: &body)
      return (source.record.path, source.parts.fileCount, source.parts.fileFingerprint, body.bytes)
    }
    let sortedBibliographies = bibliographies.sorted(by: { $0.path.utf8Precedes($1.path) })
    let bibliographyBodies = sortedBibliographies.map { file in
      var body = ByteWriter()
      BibliographyCoding.encode(file.bibliography, into: &body)
      return (file.path, file.stamp.count, file.stamp.fingerprint, body.bytes)
    }
    var mapBytes = ByteWriter()
    NoteMapsCoding.encode(
      maps ?? NoteMaps(filing: sortedNotes.map(\.record)), paths: sortedNotes.map(\.record.path), into: &mapBytes)
    let total = (noteBodies + sourceBodies + bibliographyBodies).reduce(64 + build.utf8.count + mapBytes.bytes.count) {
      $0 + $1.3.count + $1.0.utf8.count + 48
    }
    var out = ByteWriter(capacity: total)
    out.appendRaw(magic)
    out.append(formatVersion)
    out.append(build)
    for table in [noteBodies, sourceBodies, bibliographyBodies] {
      out.append(table.count)
      for (path, byteCount, fingerprint, body) in table {
        out.appendShort(path)
        out.appendVarint(byteCount)
        out.append(fingerprint)
        out.append(ByteChecksum.of(body[...]))
        out.appendVarint(body.count)
        out.appendRaw(body)
      }
    }
    var keyBytes = ByteWriter()
    if let keyIndex { KeyIndexCoding.encode(keyIndex, into: &keyBytes) }
    out.append(ByteChecksum.of(keyBytes.bytes[...]))
    out.appendVarint(keyBytes.bytes.count)
    out.appendRaw(keyBytes.bytes)
    out.append(ByteChecksum.of(mapBytes.bytes[...]))
    out.appendVarint(mapBytes.bytes.count)
    out.appendRaw(mapBytes.bytes)
    return out.bytes
  }
}
