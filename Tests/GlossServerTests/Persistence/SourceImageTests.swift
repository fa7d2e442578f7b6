import Foundation
import GlossIndex
import GlossServer
import GlossSyntax
import TestSupport
import Testing

/// The note image keeps each source document whose text is its file (Markdown, plain text), and each HTML page, as its
/// parts, and gives it back only for exactly the file it was parsed from: what it gives back is the parse of that file
/// with the text released (field for field, and the same document once the text is read again, or extracted again
/// from the page), and a changed file or damaged bytes give nothing (the source is read and parsed again), never
/// another source.
@Suite struct SourceImageTests {
  /// A Markdown source with every part the parser finds: front matter (an id, a title, authors with particles and a
  /// suffix, a date, a URL, tags), numbered and setext headings, repeated headings (slugs `-1`), pages at form
  /// feeds, a blank last page, CRLF lines, Vietnamese (composed and decomposed), Japanese and emoji.
  static let richMarkdown =
    "---\r\nid: smith2020\r\ntitle: \"Rivers: a history\"\r\nauthor:\r\n  - van Gogh, Vincent\r\n"
    + "  - Smith, Jr, Ann\r\n  - Tiếng Việt\r\ndate: 2020-05-01\r\nurl: https://example.org/rivers\r\n"
    + "tags: [hydrology, \"#fieldwork/2024\"]\r\n---\r\n\r\n# 1. Introduction\r\n\r\nThe river runs 東京 🎉.\r\n\r\n"
    + "## 1.1 Sources\n\nQuiet water runs deep.\n\u{0C}Second page.\n\nSetext heading\n--------------\n\n"
    + "## Notes\n\nOne.\n\n## Notes\n\nTwo, " + "cộng đồng".decomposedStringWithCanonicalMapping + ".\n\u{0C}"

  /// An HTML page with every part its reader finds: a title and `<meta>` authors, date and URL, headings of every
  /// level, entities, a script and a style left out, white space collapsed, a table, CRLF lines, Vietnamese (composed
  /// and decomposed), Japanese and emoji, and an unterminated comment at the end (a warning).
  static let richHTML =
    "<!DOCTYPE html>\r\n<html><head><title>Rivers &amp; memory</title>\r\n"
    + "<meta name=\"citation_author\" content=\"Nguyễn, Văn A\">\r\n<meta name=\"citation_author\" content=\"Smith, Ann\">"
    + "<meta name=\"citation_date\" content=\"2021-03-04\"><meta property=\"og:url\" content=\"https://example.org/r\">"
    + "<style>p { color: red }</style><script>var x = \"<p>\";</script></head>\r\n<body>\n<h1>1. Rivers</h1>\n"
    + "<p>The   river\n runs &ldquo;東京&rdquo; 🎉 &#x2014; far.</p>\n<h2>Sources</h2><p>Quiet water.</p>\n"
    + "<table><tr><td>a</td><td>b</td></tr></table>\n<h2>Sources</h2>\n<p>Two, "
    + "cộng đồng".decomposedStringWithCanonicalMapping + ".</p>\n<h3>End</h3><p>Last<br>line.</p>\n<!-- not closed"

  /// A plain-text source with numbered and Roman-numbered headings and pages.
  static let richText =
    "ON MEMORY\n\nI. INTRODUCTION\n\nThe first words.\n\n2.1 Methods\n\nWe read.\n\u{0C}III. RESULTS\n\nFound.\n"

  /// Every text source and note of the examples and test fixtures, and the sources above.
  static func corpus() throws -> [(path: String, bytes: [UInt8])] {
    var sources: [(String, [UInt8])] = [
      ("sources/rich.md", Array(richMarkdown.utf8)), ("sources/rich.txt", Array(richText.utf8)),
      ("sources/empty.md", []), ("sources/one-line.txt", Array("no newline".utf8)),
      ("sources/rich.html", Array(richHTML.utf8)), ("sources/empty.html", []),
      ("sources/plain.htm", Array("no tags at all\n\n& an ampersand".utf8)),
    ]
    // Notes are Markdown too: read as sources, they add front matter and headings of every kind.
    for folder in [
      "examples/research/sources", "examples/research/notes", "Tests/Fixtures/quarto-book",
      "Tests/Fixtures/pandoc-crossref",
    ] {
      let url = Repository.url(folder)
      for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
      where [".md", ".txt", ".html"].contains(where: name.hasSuffix) {
        sources.append(("\(folder)/\(name)", Array(try Data(contentsOf: url.appendingPathComponent(name)))))
      }
    }
    return sources
  }

  /// The image of `sources`, as the index keeps them (parsed, then their texts released).
  static func image(of sources: [(path: String, bytes: [UInt8])]) throws -> NoteImage {
    let kept = try sources.map { source in
      let record = SourceDocumentRecord(path: source.path, bytes: source.bytes)
      return (record, try #require(record.document.parts, "\(source.path)"))
    }
    return try #require(NoteImage(decoding: NoteImage.encode([], sources: kept, build: "build-1"), build: "build-1"))
  }

  @Test func everySourceReadsBackAsItsParseReleased() throws {
    let sources = try Self.corpus()
    #expect(sources.count > 20)
    let image = try Self.image(of: sources)
    #expect(image.sourceCount == sources.count)
    for (path, bytes) in sources {
      let parsed = SourceDocumentRecord(path: path, bytes: bytes)
      let read = try #require(
        image.sourceRecord(at: path, count: bytes.count, fingerprint: TextFingerprint.of(bytes)), "\(path)")
      #expect(read.key == parsed.key && read.keyRange == parsed.keyRange, "\(path)")
      #expect(read.document == parsed.document.releasingText(), "\(path)")
      #expect(read.document.restoringText(bytes) == parsed.document, "\(path)")
    }
    // The rich source has every part, so a part not written would show.
    let rich = SourceDocumentRecord(path: "sources/rich.md", bytes: Array(Self.richMarkdown.utf8))
    #expect(rich.key == "smith2020" && rich.document.metadata.authors.count == 3)
    #expect(rich.document.metadata.authors.contains { $0.given != nil && $0.family != nil })
    #expect(rich.document.metadata.year == "2020" && rich.document.metadata.url != nil)
    #expect(rich.document.metadata.tags.count == 2 && rich.document.pageCount == 2)
    #expect(
      rich.document.headings.contains { $0.number != nil } && rich.document.headings.contains { $0.slug == "notes-1" })
    #expect(rich.document.frontMatter != nil && rich.document.paragraphs.count >= 4)
    let page = SourceDocumentRecord(path: "sources/rich.html", bytes: Array(Self.richHTML.utf8))
    #expect(page.document.format == .html && page.document.metadata.authors.count == 2)
    #expect(page.document.headings.count == 4 && page.document.headings.contains { $0.slug == "sources-1" })
    #expect(!page.document.textWarnings.isEmpty && page.document.text != Array(Self.richHTML.utf8))
  }

  /// An HTML page read back answers as its parse does where the text is not the file: the text's offsets map to the
  /// page's, a line's visible text is trimmed, and its text comes back only from exactly that page.
  @Test func anHTMLPageReadBackMapsItsTextToItsFile() throws {
    let bytes = Array(Self.richHTML.utf8)
    let image = try Self.image(of: [("sources/rich.html", bytes)])
    let parsed = SourceDocumentRecord(path: "sources/rich.html", bytes: bytes).document
    let read = try #require(
      image.sourceRecord(at: "sources/rich.html", count: bytes.count, fingerprint: TextFingerprint.of(bytes))
    ).document
    #expect(read.isTextReleased)
    for offset in stride(from: 0, to: parsed.textCount, by: 7) {
      let range = offset..<min(offset + 5, parsed.textCount)
      #expect(read.fileRange(ofText: range) == parsed.fileRange(ofText: range), "offset \(offset)")
    }
    for line in 1...parsed.lineCount {
      let locator = Locator(term: .line, label: "l.", value: "\(line)", range: 0..<0)
      #expect(read.passage(for: locator) == parsed.passage(for: locator), "line \(line)")
    }
    // Another page with the same text (other markup) does not give it back.
    let other = Array(Self.richHTML.replacingOccurrences(of: "<body>", with: "<body class=\"x\">").utf8)
    #expect(read.restoringText(other) == nil)
    #expect(read.restoringText(bytes) == parsed)
  }

  @Test func aSourceWhoseTextIsNotItsFileIsNotKept() throws {
    let repaired = SourceDocumentRecord(path: "sources/bad.txt", bytes: Array("caf".utf8) + [0xE9, 0x0A])
    let labelled = SourceDocumentRecord(
      path: "sources/paper.pdf", bytes: Array("One\u{0C}Two".utf8),
      pageLabels: PageLabels(ranges: [PageLabels.Range(firstPage: 0, style: .lowerRoman)]))
    #expect(repaired.document.parts == nil && labelled.document.parts == nil)
  }

  @Test func anotherTextGetsNothing() throws {
    let bytes = Array("# Rivers\n\nQuiet water runs deep.\n".utf8)
    let image = try Self.image(of: [("sources/a.md", bytes)])
    let other = Array("# Rivers\n\nQuiet water runs deeper.\n".utf8)
    #expect(image.sourceRecord(at: "sources/a.md", count: other.count, fingerprint: TextFingerprint.of(other)) == nil)
    #expect(image.sourceRecord(at: "sources/b.md", count: bytes.count, fingerprint: TextFingerprint.of(bytes)) == nil)
    #expect(image.holdsSource(at: "sources/a.md", count: bytes.count, fingerprint: TextFingerprint.of(bytes)))
  }

  @Test func anyChangedByteIsNotRead() throws {
    let bytes = Array(Self.richMarkdown.utf8)
    let parsed = SourceDocumentRecord(path: "sources/rich.md", bytes: bytes)
    let parts = try #require(parsed.document.parts)
    let encoded = NoteImage.encode([], sources: [(parsed, parts)], build: "build-1")
    let fingerprint = TextFingerprint.of(bytes)
    var given = 0
    for offset in encoded.indices {
      var damaged = encoded
      damaged[offset] ^= 0x20
      guard let image = NoteImage(decoding: damaged, build: "build-1"),
        let read = image.sourceRecord(at: "sources/rich.md", count: bytes.count, fingerprint: fingerprint)
      else { continue }
      // The keys' search index and the notes' maps come last, each checked only when it is read: a change there leaves
      // the source as it is, and gives no maps (or no index: none is kept here).
      #expect((image.noteMaps() == nil && !image.mapsAreIntact) || image.keyIndex() == nil, "byte \(offset)")
      #expect(read.document == parsed.document.releasingText() && read.key == parsed.key, "byte \(offset)")
      #expect(offset >= encoded.count - 35, "byte \(offset)")
      given += 1
    }
    // The maps' checksum and bytes (every map empty: its length and its count, after the number of maps), and the
    // checksum of the keys' search index (none kept), are all that can change so.
    #expect(given == 8 + 17 + 8)
  }
}
