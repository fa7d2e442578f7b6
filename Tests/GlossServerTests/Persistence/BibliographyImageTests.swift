import Foundation
import GlossIndex
import GlossServer
import GlossSyntax
import TestSupport
import Testing

/// The note image keeps each bibliography file as parsed, and gives it back only for exactly the bytes it was parsed
/// from: what it gives back is that parse, field for field, and changed bytes or damaged ones give nothing (the file
/// is parsed again), never another bibliography.
@Suite struct BibliographyImageTests {
  /// A BibTeX file with every field an entry keeps: names with particles, suffixes and literals, a date range,
  /// keywords, a `file` field with several files, a cross-reference, links, Vietnamese, Japanese and emoji, and a
  /// broken entry (a problem).
  static let richBibTeX = """
    @string{jn = {Journal of Rivers}}
    @book{parent2019, title = {Rivers: A Reader}, editor = {van der Berg, Anna and {World Health Organization}},
      year = 2019, publisher = {Ø Press}, address = {Hà Nội}, isbn = {978-0-00-000000-0}}
    @article{smith2020,
      author = {Smith, Jr., John and de la Fontaine, Jean and 東京 太郎 and Nguyễn, Văn Ánh},
      title = {The {River} Flows 🎉}, journaltitle = jn, volume = 12, number = 3, pages = {4--19},
      date = {2020-05-01/2020-06-30}, doi = {10.1000/xyz123}, url = {https://example.org/river},
      keywords = {hydrology, fieldwork}, langid = {vietnamese}, abstract = {Water, mostly.},
      file = {:papers/smith2020.pdf:PDF;Snapshot:papers/smith2020.html:text/html}, crossref = {parent2019}}
    @misc{broken, title = {No closing brace
    """

  /// Every bibliography of the examples and test fixtures, and the one above.
  static func corpus() throws -> [(path: String, bytes: [UInt8])] {
    var files: [(String, [UInt8])] = [("rich.bib", Array(richBibTeX.utf8)), ("empty.bib", [])]
    for folder in [
      "Tests/Fixtures/bibtex", "Tests/Fixtures/quarto-book", "Tests/Fixtures/pandoc-crossref", "examples/research",
    ] {
      let url = Repository.url(folder)
      for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
      where name.hasSuffix(".bib") || name.hasSuffix(".csl.json") {
        files.append(("\(folder)/\(name)", Array(try Data(contentsOf: url.appendingPathComponent(name)))))
      }
    }
    return files
  }

  static func parsed(_ file: (path: String, bytes: [UInt8])) -> Bibliography {
    BibliographyRecord(path: file.path, bytes: file.bytes).bibliography
  }

  static func stamp(_ bytes: [UInt8]) -> TextStamp {
    TextStamp(count: bytes.count, fingerprint: TextFingerprint.of(bytes))
  }

  /// The image of `files`, parsed.
  static func image(of files: [(path: String, bytes: [UInt8])]) -> [UInt8] {
    NoteImage.encode(
      [], bibliographies: files.map { ($0.path, stamp($0.bytes), parsed($0)) }, build: "build-1")
  }

  @Test func everyBibliographyReadsBackAsItsParse() throws {
    let files = try Self.corpus()
    #expect(files.count > 10)
    let image = try #require(NoteImage(decoding: Self.image(of: files), build: "build-1"))
    #expect(image.bibliographyCount == files.count)
    for file in files {
      let parse = Self.parsed(file)
      let read = image.bibliography(at: file.path, count: file.bytes.count, fingerprint: TextFingerprint.of(file.bytes))
      #expect(read == parse, "\(file.path)")
    }
    // The rich entry kept what it is there for.
    let rich = try #require(
      image.bibliography(
        at: "rich.bib", count: Self.richBibTeX.utf8.count, fingerprint: TextFingerprint.of(Array(Self.richBibTeX.utf8)))
    )
    let smith = try #require(rich.entries.first { $0.key == "smith2020" })
    #expect(smith.date != nil && smith.files.count == 2 && !smith.keyReferences.isEmpty && !smith.linkSpans.isEmpty)
    #expect(!rich.problems.isEmpty)
  }

  @Test func otherBytesGetNothing() throws {
    let file = ("refs.bib", Array("@book{a, title = {A}}\n".utf8))
    let image = try #require(NoteImage(decoding: Self.image(of: [file]), build: "build-1"))
    let other = Array("@book{a, title = {B}}\n".utf8)
    #expect(image.bibliography(at: "refs.bib", count: other.count, fingerprint: TextFingerprint.of(other)) == nil)
    #expect(image.bibliography(at: "other.bib", count: file.1.count, fingerprint: TextFingerprint.of(file.1)) == nil)
  }

  /// Every byte of an image changed in turn: the image is refused, or the bibliography is, or it is the same one.
  @Test func noDamagedByteGivesAnotherBibliography() throws {
    let file = ("refs.bib", Array("@article{k, author = {Trần, Ánh}, title = {東京 🎉}, year = 2020}\n".utf8))
    let bytes = Self.image(of: [file])
    let expected = Self.parsed(file)
    var refused = 0
    for index in bytes.indices {
      var damaged = bytes
      damaged[index] ^= 0x01
      guard let image = NoteImage(decoding: damaged, build: "build-1"),
        let read = image.bibliography(at: "refs.bib", count: file.1.count, fingerprint: TextFingerprint.of(file.1))
      else {
        refused += 1
        continue
      }
      #expect(read == expected, "byte \(index)")
    }
    #expect(refused > 0)
  }

  /// A workspace indexed with the image of its last index takes its bibliographies from it, and diagnoses exactly as
  /// without; a bibliography changed since is parsed again, and the image is then out of date.
  @Test func aStartTakesUnchangedBibliographiesFromTheImage() throws {
    let source = Repository.url("examples/research").path
    let root = FileManager.default.temporaryDirectory.path + "/gloss-bibliography-image-\(UUID().uuidString)"
    try FileManager.default.copyItem(atPath: source, toPath: root)
    defer { try? FileManager.default.removeItem(atPath: root) }
    let first = IndexedRoot(root: root, editorSettings: nil, fileSystem: LocalFileSystem(), stampingNotes: true)
    #expect(first.bibliographyStamps.count == 2)
    let bibliographies = try first.bibliographyStamps.map { path, stamp in
      (path, stamp, try #require(first.workspace.bibliographies[path]).bibliography)
    }
    let image = try #require(
      NoteImage(decoding: NoteImage.encode([], bibliographies: bibliographies, build: "b"), build: "b"))
    let again = IndexedRoot(
      root: root, editorSettings: nil, fileSystem: LocalFileSystem(), stampingNotes: true, noteImage: image)
    #expect(again.bibliographiesFromImage == 2)
    #expect(!NoteImageCache.bibliographiesAreOutdated(image, by: again))
    #expect(again.workspace.diagnosticsByPath == first.workspace.diagnosticsByPath)
    #expect(Set(again.workspace.sourceKeys) == Set(first.workspace.sourceKeys))

    let bib = root + "/references.bib"
    try (try String(contentsOfFile: bib, encoding: .utf8) + "\n@misc{added2024, title = {Added}}\n").write(
      toFile: bib, atomically: true, encoding: .utf8)
    let changed = IndexedRoot(
      root: root, editorSettings: nil, fileSystem: LocalFileSystem(), stampingNotes: true, noteImage: image)
    #expect(changed.bibliographiesFromImage == 1)
    #expect(changed.workspace.sourceKeys.contains("added2024"))
    #expect(NoteImageCache.bibliographiesAreOutdated(image, by: changed))
  }
}
