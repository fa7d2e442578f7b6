package import GlossIndex
package import GlossSyntax

/// Every note of a workspace as it was parsed, kept between runs so that a start parses only the notes that changed
/// (docs/troubleshooting.md, "What Gloss keeps between runs").
///
/// Each note is kept with the length and fingerprint of the exact text it was parsed from, and used only for a note
/// whose text now has both (`record(at:text:place:)`): the image never says what a file holds, it only saves parsing
/// the same bytes twice, so an image older than the files costs the changed notes their parse and nothing else. Each
/// note's bytes carry their own checksum (a note altered on disk is parsed, not read); the whole is tied to the
/// Gloss build that wrote it (another parser may read the same text differently).
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

  /// The file's bytes.
  private let bytes: [UInt8]
  /// Each note's entry, by root-relative path.
  private let entries: [String: Entry]

  /// How many notes the image holds.
  package var count: Int { entries.count }

  /// The magic number the file starts with.
  static let magic = Array("GLOSSNTS".utf8)
  /// The version of this format: another one is never read (every note is parsed).
  static let formatVersion: UInt64 = 1

  /// Reads an image written by `encode` for the build `build`; nil when it is another format or build, or its table
  /// of notes is damaged (each note's bytes are checked when it is used).
  package init?(decoding bytes: [UInt8], build: String) {
    var input = ByteReader(bytes)
    guard input.raw(Self.magic.count).map(Array.init) == Self.magic, input.uint64() == Self.formatVersion,
      input.string() == build, let count = input.count(each: 19)
    else { return nil }
    var entries: [String: Entry] = [:]
    entries.reserveCapacity(count)
    for _ in 0..<count {
      guard let path = input.shortString(), let byteCount = input.varint(atMost: Int(Int32.max)),
        let fingerprint = input.uint64(), let checksum = input.uint64(), let length = input.varintCount()
      else { return nil }
      entries[path] = Entry(
        byteCount: byteCount, fingerprint: fingerprint, checksum: checksum, body: input.offset..<input.offset + length)
      guard input.raw(length) != nil else { return nil }
    }
    guard input.isAtEnd else { return nil }
    self.bytes = bytes
    self.entries = entries
  }

  /// The record of the note at `path` whose text is now `text` (with its length and fingerprint `stamp`), when the
  /// image holds that note parsed from exactly that text and its bytes are intact; nil otherwise (parse it).
  package func record(at path: String, count: Int, fingerprint: UInt64, place: WorkspacePlace) -> NoteRecord? {
    guard let entry = entries[path], entry.byteCount == count, entry.fingerprint == fingerprint,
      ByteChecksum.of(bytes[entry.body]) == entry.checksum
    else { return nil }
    var input = ByteReader(bytes, offset: entry.body.lowerBound)
    guard let record = NoteCoding.decode(&input, path: path, byteCount: count, place: place),
      input.offset == entry.body.upperBound
    else { return nil }
    return record
  }

  /// The image of `notes` (each with the length and fingerprint of the text it was parsed from), for the build
  /// `build`: the magic number, the version, the build, then each note's path, stamp, checksum and bytes, by path.
  package static func encode(
    _ notes: [(record: NoteRecord, byteCount: Int, fingerprint: UInt64)], build: String
  ) -> [UInt8] {
    // Each note's bytes are written apart (its length and checksum come first), then copied after its header.
    var bodies: [[UInt8]] = []
    bodies.reserveCapacity(notes.count)
    let sorted = notes.sorted(by: { $0.record.path.utf8Precedes($1.record.path) })
    var total = 64 + build.utf8.count
    for note in sorted {
      var body = ByteWriter()
      NoteCoding.encode(note.record, into: &body)
      total += body.bytes.count + note.record.path.utf8.count + 48
      bodies.append(body.bytes)
    }
    var out = ByteWriter(capacity: total)
    out.appendRaw(magic)
    out.append(formatVersion)
    out.append(build)
    out.append(notes.count)
    for (note, body) in zip(sorted, bodies) {
      out.appendShort(note.record.path)
      out.appendVarint(note.byteCount)
      out.append(note.fingerprint)
      out.append(ByteChecksum.of(body[...]))
      out.appendVarint(body.count)
      out.appendRaw(body)
    }
    return out.bytes
  }
}
