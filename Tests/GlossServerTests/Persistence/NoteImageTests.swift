import Foundation
import GlossIndex
import GlossServer
import GlossSyntax
import TestSupport
import Testing

/// The note image keeps each note as it was parsed and gives it back only for exactly the text it was parsed from:
/// what it gives back is the parse of that text, field for field, and a changed text or damaged bytes give nothing
/// (the note is parsed again), never another note.
@Suite struct NoteImageTests {
  /// A note with every element the parser finds: front matter (scalars, lists, tags, aliases, a bibliography,
  /// custom cross-reference kinds), headings with attribute blocks, setext headings, citations of every mode with
  /// prefixes, suffixes and locators, quotations inline, in a suffix and in a block quote, wiki and Markdown links
  /// with anchors and labels, images, autolinks, reference links, labels, an example list, Vietnamese, Japanese and
  /// emoji.
  static let richNote = """
    ---
    title: "Rivers, lakes: and ponds"
    aliases: [Waters, Eaux]
    tags:
      - hydrology
      - fieldwork/2024
    bibliography: ../refs/extra.bib
    citekey: smith2020
    crossref:
      custom:
        - kind: float
          key: dino
          reference-prefix: Dinosaur
    ---

    # Rivers {#sec-rivers .unnumbered}

    Tiếng Việt 東京 🎉 see [[b#Details|the details]] and [[c]], [text](b.md#details), ![a map](map.png), \
    <https://example.org>, [a ref][r1] and [r1]. #river #Flow/Deep

    Smith writes [see @smith2020, pp. 33-35; -@jones2019 ch. 2]. @doe2021 [p. 4] says "the flow is long".
    Jones agrees [@jones2019, p. 7 "quiet water runs deep"].

    > The whole river runs to the sea, and nothing stops it on the way.
    >
    > [@smith2020, p. 12]

    Setext heading
    --------------

    ![A dinosaur](rex.png){#fig-rex}

    See @fig-rex and @dino-one, @sec-rivers.

    (@good) An example.
    (@bad) Another, as in @good.

    ::: {#dino-one}
    A custom one.
    :::

    [^1]: A footnote citing [@smith2020].

    [r1]: https://example.org/page#part "Title"

    ```python
    not [@code]
    ```
    """

  /// Notes to read back: the rich note, every case of the citation and link corpora (checked against Pandoc), the
  /// Quarto book, the pandoc-crossref paper and the examples' notes.
  static func corpus() throws -> [(path: String, bytes: [UInt8])] {
    var notes: [(String, [UInt8])] = [("notes/rich.md", Array(richNote.utf8))]
    for name in ["citations", "links"] {
      let data = try Data(contentsOf: Repository.url("Tests/Fixtures/\(name)/expected.json"))
      let object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
      let cases = try #require(object["cases"] as? [[String: Any]])
      for (index, item) in cases.enumerated() {
        guard let markdown = item["markdown"] as? String else { continue }
        notes.append(("\(name)/\(index).md", Array(markdown.utf8)))
      }
    }
    for folder in ["Tests/Fixtures/quarto-book", "Tests/Fixtures/pandoc-crossref", "examples/research/notes"] {
      let url = Repository.url(folder)
      let names = try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
      for name in names where [".md", ".qmd", ".Rmd"].contains(where: name.hasSuffix) {
        notes.append((folder + "/" + name, try [UInt8](Data(contentsOf: url.appendingPathComponent(name)))))
      }
    }
    return notes
  }

  /// The record of a note as the index keeps it after loading (blocks released).
  static func parsed(_ path: String, _ bytes: [UInt8]) -> NoteRecord {
    var record = NoteRecord(path: path, bytes: bytes, place: place)
    record.releaseBlocks()
    return record
  }

  static let place = WorkspacePlace(root: "/home/ann/notes", home: "/home/ann")

  /// The image of `notes`, with their position tables.
  static func image(of notes: [(path: String, bytes: [UInt8])], build: String = "build-1") -> [UInt8] {
    NoteImage.encode(
      notes.map { (parsed($0.path, $0.bytes), $0.bytes.count, TextFingerprint.of($0.bytes)) },
      positions: Dictionary(
        uniqueKeysWithValues: notes.compactMap { note in
          PositionTable(note.bytes).map { (note.path, $0) }
        }), build: build)
  }

  /// Whether two records hold the same note, as everything the index reads of them.
  static func same(_ a: NoteRecord, _ b: NoteRecord) -> Bool {
    a.path == b.path && a.note == b.note && a.quotations == b.quotations && a.title == b.title
      && a.aliases == b.aliases && a.bibliographyPaths == b.bibliographyPaths && a.byteCount == b.byteCount
      && a.locators == b.locators && a.blocksReleased == b.blocksReleased
  }

  @Test func everyNoteReadsBackAsItsParse() throws {
    let notes = try Self.corpus()
    #expect(notes.count > 150)
    let image = try #require(NoteImage(decoding: Self.image(of: notes), build: "build-1"))
    #expect(image.count == Set(notes.map(\.path)).count)
    var checked = 0
    for (path, bytes) in notes {
      let expected = Self.parsed(path, bytes)
      let read = try #require(
        image.record(at: path, count: bytes.count, fingerprint: TextFingerprint.of(bytes), place: Self.place),
        "\(path)")
      #expect(Self.same(read, expected), "\(path)")
      checked += 1
    }
    // The rich note has every kind of element, so a field not written would show.
    let rich = Self.parsed("notes/rich.md", Array(Self.richNote.utf8)).note
    #expect(rich.frontMatter != nil && !rich.headings.isEmpty && rich.citations.count >= 5)
    #expect(rich.links.contains { $0.kind == .wiki && $0.anchor != nil && $0.label != nil })
    #expect(rich.links.contains { $0.reference == .definition } && rich.links.contains { $0.reference == .use })
    #expect(rich.links.contains(where: \.isImage) && rich.links.contains(where: \.isExternal))
    #expect(rich.tags.contains(where: \.isInFrontMatter) && rich.tags.contains { !$0.isInFrontMatter })
    #expect(!rich.labels.isEmpty && !rich.customCrossrefKinds.isEmpty && rich.readsAcrossBlocks)
    #expect(!rich.referenceLabels.isEmpty && rich.headings.contains(where: \.isUnnumbered))
    #expect(Self.parsed("notes/rich.md", Array(Self.richNote.utf8)).quotations.count >= 2)
    #expect(checked == notes.count)
  }

  @Test func eachNoteKeepsThePositionTableOfItsText() throws {
    let notes = try Self.corpus()
    let tables = Dictionary(
      uniqueKeysWithValues: notes.compactMap { note in PositionTable(note.bytes).map { (note.path, $0) } })
    let records = notes.map { (Self.parsed($0.path, $0.bytes), $0.bytes.count, TextFingerprint.of($0.bytes)) }
    // One note's table is of another text (another length): it is not kept.
    var given = tables
    given["notes/rich.md"] = PositionTable(Array("# short\n".utf8))
    let image = try #require(
      NoteImage(decoding: NoteImage.encode(records, positions: given, build: "build-1"), build: "build-1"))
    for (path, bytes) in notes {
      let (record, positions) = try #require(
        image.recordAndPositions(
          at: path, count: bytes.count, fingerprint: TextFingerprint.of(bytes), place: Self.place),
        "\(path)")
      #expect(Self.same(record, Self.parsed(path, bytes)), "\(path)")
      #expect(positions == (path == "notes/rich.md" ? nil : tables[path]), "\(path)")
      // The record alone reads the same.
      let alone = image.record(at: path, count: bytes.count, fingerprint: TextFingerprint.of(bytes), place: Self.place)
      #expect(alone.map { Self.same($0, record) } == true, "\(path)")
    }
    // The corpus has accents, Vietnamese, Japanese, emoji and CRLF line ends.
    #expect(tables.values.contains { $0.parts.wideLengths.contains(4) && $0.parts.wideLengths.contains(3) })
    // Written without tables, the image gives none.
    let without = try #require(NoteImage(decoding: NoteImage.encode(records, build: "build-1"), build: "build-1"))
    let (path, bytes) = notes[0]
    #expect(
      try #require(
        without.recordAndPositions(
          at: path, count: bytes.count, fingerprint: TextFingerprint.of(bytes), place: Self.place)
      ).positions == nil)
  }

  @Test func aNoteWithProblemsReadsBackWithThem() throws {
    let bytes = Array("---\ntitle: [unclosed\n: nothing\n---\n# X\n".utf8) + [0xFF]
    let note = Self.parsed("bad.md", bytes)
    #expect(!note.note.problems.isEmpty)
    let image = try #require(NoteImage(decoding: Self.image(of: [("bad.md", bytes)]), build: "build-1"))
    let read = try #require(
      image.record(at: "bad.md", count: bytes.count, fingerprint: TextFingerprint.of(bytes), place: Self.place))
    #expect(Self.same(read, note))
  }

  @Test func anotherTextGetsNothing() throws {
    let bytes = Array("# A\n\nSee [@smith2020].\n".utf8)
    let image = try #require(NoteImage(decoding: Self.image(of: [("a.md", bytes)]), build: "build-1"))
    let other = Array("# A\n\nSee [@smith2021].\n".utf8)
    // Same length, another text; another length; another path.
    #expect(
      image.record(at: "a.md", count: other.count, fingerprint: TextFingerprint.of(other), place: Self.place) == nil)
    #expect(
      image.record(at: "a.md", count: bytes.count + 1, fingerprint: TextFingerprint.of(bytes), place: Self.place) == nil
    )
    #expect(
      image.record(at: "b.md", count: bytes.count, fingerprint: TextFingerprint.of(bytes), place: Self.place) == nil)
    #expect(
      image.record(at: "a.md", count: bytes.count, fingerprint: TextFingerprint.of(bytes), place: Self.place) != nil)
  }

  @Test func anotherBuildOrFormatIsNotRead() throws {
    let bytes = Self.image(of: [("a.md", Array("# A\n".utf8))])
    #expect(NoteImage(decoding: bytes, build: "build-2") == nil)
    var other = bytes
    other[8] &+= 1
    #expect(NoteImage(decoding: other, build: "build-1") == nil)
    #expect(NoteImage(decoding: [], build: "build-1") == nil)
    #expect(NoteImage(decoding: Array(bytes.dropLast()), build: "build-1") == nil)
    #expect(NoteImage(decoding: bytes + [0], build: "build-1") == nil)
  }

  /// Every byte of an image changed in turn: the image is refused, or each note is refused, or it is the same note
  /// with the same position table (a change that does not matter, such as in a path nobody asks for) — never another
  /// one.
  @Test func noDamagedByteGivesAnotherNote() throws {
    let notes: [(path: String, bytes: [UInt8])] = [
      ("a.md", Array("---\ntags: [x]\n---\n# A\n\nSee [@smith2020, p. 4] \"the flow\". [[b]] #t\n".utf8)),
      ("b.md", Array("# B {#sec-b}\n\n[x](a.md#a) @fig-c\n".utf8)),
    ]
    let bytes = Self.image(of: notes)
    let expected = notes.map { Self.parsed($0.path, $0.bytes) }
    var refusedWhole = 0
    var refusedNotes = 0
    for index in bytes.indices {
      for flip: UInt8 in [0x01, 0x80] {
        var damaged = bytes
        damaged[index] ^= flip
        guard let image = NoteImage(decoding: damaged, build: "build-1") else {
          refusedWhole += 1
          continue
        }
        for (note, record) in zip(notes, expected) {
          guard
            let (read, positions) = image.recordAndPositions(
              at: note.path, count: note.bytes.count, fingerprint: TextFingerprint.of(note.bytes), place: Self.place)
          else {
            refusedNotes += 1
            continue
          }
          #expect(Self.same(read, record), "byte \(index) ^ \(flip)")
          #expect(positions == PositionTable(note.bytes), "byte \(index) ^ \(flip)")
        }
      }
    }
    #expect(refusedWhole > 0 && refusedNotes > 0)
  }
}
