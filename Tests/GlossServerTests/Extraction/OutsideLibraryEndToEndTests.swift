import Foundation
import GlossIndex
import GlossServer
import GlossSyntax
import LanguageServerProtocol
import TestSupport
import Testing

/// A Zotero library kept outside the notes folder, its PDFs in Zotero's storage, read through a stand-in for
/// `pdftotext` that counts its runs (the real tool is tested in `PDFExtractionTests`).
@Suite struct OutsideLibraryEndToEndTests {
  /// Counts extractions; the "PDF" in the in-memory file system is its own text, pages at form feeds.
  final class Extractor: @unchecked Sendable {
    let fileSystem: InMemoryFileSystem
    private let lock = NSLock()
    private var paths: [String] = []
    /// When held, every extraction waits until `release()`, so a test can see the state before any text arrives.
    private let gate: DispatchSemaphore?

    init(_ fileSystem: InMemoryFileSystem, held: Bool = false) {
      self.fileSystem = fileSystem
      gate = held ? DispatchSemaphore(value: 0) : nil
    }

    var runs: [String] { lock.withLock { paths } }

    func release() { gate?.signal() }

    func extract(_ path: String, _ format: ExtractedFormat) -> ExtractionOutcome {
      if let gate {
        gate.wait()
        gate.signal()
      }
      lock.withLock { paths.append(path) }
      guard let bytes = try? fileSystem.contents(of: path) else {
        return .noText(reason: "cannot open", isLasting: false)
      }
      if bytes.starts(with: Array("%PDF-encrypted".utf8)) {
        return .noText(reason: "the file is encrypted (Incorrect password)", isLasting: true)
      }
      return .text(bytes)
    }
  }

  static let root = "/home/user/notes"
  static let pdf = "/home/user/Zotero/storage/ABCD1234/Smith - 2020 - River.pdf"
  static let library = """
    @article{smith2020,
      title = {River},
      author = {Smith, Ann},
      journal = {Journal of Rivers},
      pages = {213--215},
      file = {Full Text PDF:~/Zotero/storage/ABCD1234/Smith - 2020 - River.pdf:application/pdf}
    }
    """
  /// Three PDF pages: the journal's pages 213 to 215.
  static let pdfText =
    "The river runs.\n\n\u{0C}The flow of the river is an imaginative reconstruction.\n\n\u{0C}End.\n\n\u{0C}"
  static let note = """
    # River

    Smith says the flow is "an imaginative reconstruction" [@smith2020, p. 2].
    """

  func makeFileSystem() -> InMemoryFileSystem {
    let fs = InMemoryFileSystem(
      root: Self.root, files: [".gloss.json": #"{"bibliography": ["~/Zotero/library.bib"]}"#, "river.md": Self.note])
    fs.setFile("/home/user/Zotero/library.bib", Self.library)
    fs.setFile(Self.pdf, Self.pdfText)
    return fs
  }

  func start(_ fs: InMemoryFileSystem, _ extractor: Extractor) throws -> WorkspaceFixture {
    let fixture = WorkspaceFixture(root: Self.root, fileSystem: fs) { options in
      options.extractText = { extractor.extract($0, $1) }
    }
    try fixture.start()
    return fixture
  }

  func hover(_ fixture: WorkspaceFixture, at needle: String) throws -> String? {
    let offset = try #require(Self.note.utf8Offset(of: needle))
    let position = SourceText(Self.note).lspPosition(of: offset, in: .utf16)
    return try fixture.client.send(
      HoverRequest(textDocument: TextDocumentIdentifier(uri: fixture.uri("river.md")), position: position))?.contents
      .value
  }

  @Test func pdfTextArrivesInTheBackgroundAndTheNotesDiagnosticsArePublishedAgain() throws {
    let fs = makeFileSystem()
    // Held until the first diagnostics are seen: an extraction that finished during start-up used to publish again
    // before the test looked (a flake seen in CI).
    let extractor = Extractor(fs, held: true)
    let fixture = try start(fs, extractor)
    // Ready before any extraction: the key is known, its text not yet. A text on its way is no problem to flag (no
    // `no-text` hint at every citation until it arrives); hover says why there is no passage yet.
    let first = try #require(fixture.published.last { $0.uri == fixture.uri("river.md") })
    #expect(first.diagnostics.map(\.code) == [])
    let waiting = try #require(try hover(fixture, at: "smith2020"))
    #expect(waiting.contains("has no text to find 'p. 2' in"))
    #expect(waiting.contains("its text is being extracted"))
    extractor.release()
    fixture.finishExtractions()
    #expect(extractor.runs == [Self.pdf])
    #expect(fixture.codes("river.md") == [])
    let hover = try #require(try hover(fixture, at: "smith2020"))
    // The verdict first, naming the PDF by its file name and the page; then the quoted sentence.
    let name = Self.pdf.split(separator: "/").last.map(String.init) ?? ""
    #expect(hover.hasPrefix("✓ quotation found in 'smith2020' (\(name)), p. 214 = PDF page 2\n"), "\(hover)")
    #expect(hover.contains("The flow of the river is **an imaginative reconstruction**."), "\(hover)")
    #expect(!hover.contains(Self.pdf), "\(hover)")
  }

  @Test func aRestartTakesTheTextFromTheCacheWithoutExtractingAgain() throws {
    let fs = makeFileSystem()
    let extractor = Extractor(fs)
    try start(fs, extractor).finishExtractions()
    #expect(extractor.runs.count == 1)
    let again = try start(fs, extractor)
    #expect(again.codes("river.md") == [])
    again.finishExtractions()
    #expect(extractor.runs.count == 1)
  }

  @Test func aCorruptOrStaleCacheEntryIsExtractedAgain() throws {
    let fs = makeFileSystem()
    let extractor = Extractor(fs)
    try start(fs, extractor).finishExtractions()
    let cache = ExtractionCache(directory: "/home/user/.cache/gloss", fileSystem: fs)
    let textFile = cache.textFile(of: Self.pdf)
    fs.setFile(textFile, "tampered text")
    try start(fs, extractor).finishExtractions()
    #expect(extractor.runs.count == 2)
    #expect(try fs.contents(of: textFile) == Array(Self.pdfText.utf8))
    // The PDF replaced by a newer version: its size and time no longer match the entry.
    fs.setFile(Self.pdf, Self.pdfText.replacingOccurrences(of: "End.", with: "The end."))
    try start(fs, extractor).finishExtractions()
    #expect(extractor.runs.count == 3)
  }

  @Test func anEncryptedPDFIsASourceWithoutTextAndSaysWhy() throws {
    let fs = makeFileSystem()
    fs.setFile(Self.pdf, "%PDF-encrypted")
    let extractor = Extractor(fs)
    let fixture = try start(fs, extractor)
    fixture.finishExtractions()
    let published = try #require(fixture.published.last { $0.uri == fixture.uri("river.md") })
    #expect(published.diagnostics.map(\.code) == ["no-text"])
    #expect(
      published.diagnostics.first?.message
        == "'smith2020' has no text to find 'p. 2' in ('Smith - 2020 - River.pdf': the file is encrypted"
        + " (Incorrect password))")
  }

  @Test func theOutsideLibraryIsWatchedByThePeriodicScan() throws {
    let fs = makeFileSystem()
    let extractor = Extractor(fs)
    let fixture = try start(fs, extractor)
    fixture.finishExtractions()
    fs.setFile("/home/user/Zotero/library.bib", Self.library.replacingOccurrences(of: "smith2020", with: "smith2021"))
    fixture.tick()
    #expect(fixture.codes("river.md") == ["unknown-source"])
    // The library's own diagnostics are published under its absolute path.
    #expect(fixture.publishedPaths.contains("/home/user/Zotero/library.bib"))
    // Never written: the library is exactly as the user left it.
    #expect(try fs.contents(of: "/home/user/Zotero/library.bib") != [])
  }

  @Test func definitionGoesIntoTheCachedTextAndTheLinkOpensThePDFAtThePrintedPage() throws {
    let fs = makeFileSystem()
    let extractor = Extractor(fs)
    let note = "The flow [@smith2020, p. 214].\n"
    fs.setFile(Self.root + "/river.md", note)
    let fixture = try start(fs, extractor)
    fixture.finishExtractions()
    let document = TextDocumentIdentifier(uri: fixture.uri("river.md"))
    let definition = try fixture.client.send(
      DefinitionRequest(textDocument: document, position: Position(line: 0, character: 12)))
    let cache = ExtractionCache(directory: "/home/user/.cache/gloss", fileSystem: fs)
    guard case .location(let location)? = definition else {
      Issue.record("no definition: \(String(describing: definition))")
      return
    }
    #expect(location.uri == FileURI(filePath: cache.textFile(of: Self.pdf)).string)
    #expect(location.range.start == Position(line: 2, character: 1))
    let links = try fixture.client.send(DocumentLinkRequest(textDocument: document))
    #expect(links.map(\.target) == [FileURI(filePath: Self.pdf).string + "#page=2"])
  }

  @Test func findAndTheQuotedSymbolQueryGoIntoTheCachedTextNotThePDF() throws {
    let fs = makeFileSystem()
    let extractor = Extractor(fs)
    let fixture = try start(fs, extractor)
    fixture.finishExtractions()
    let cached = FileURI(
      filePath: ExtractionCache(directory: "/home/user/.cache/gloss", fileSystem: fs).textFile(of: Self.pdf)
    ).string
    // "\u{0C}The flow of the river is an " is 29 UTF-16 units, on the extracted text's third line.
    let start = Position(line: 2, character: 29)
    let id = fixture.client.enqueue(
      ExecuteCommandRequest(
        command: "gloss.find", arguments: [.object(["text": .string("imaginative reconstruction")])]))
    fixture.client.processQueue()
    guard case .array(let places)? = try fixture.client.response(to: id, as: ExecuteCommandRequest.self),
      let place = places.first
    else {
      Issue.record("nothing found")
      return
    }
    #expect(place["uri"] == .string(cached))
    #expect(place["range"]?["start"] == .object(["line": .int(2), "character": .int(29)]))
    let symbols = try fixture.client.send(WorkspaceSymbolRequest(query: "\"imaginative reconstruction\""))
    #expect(symbols.map(\.location.uri) == [cached])
    #expect(symbols.first?.location.range.start == start)
  }
}

extension String {
  /// The UTF-8 offset of the first `needle`.
  fileprivate func utf8Offset(of needle: String) -> Int? {
    guard let range = range(of: needle) else { return nil }
    return utf8.distance(from: startIndex, to: range.lowerBound)
  }
}
