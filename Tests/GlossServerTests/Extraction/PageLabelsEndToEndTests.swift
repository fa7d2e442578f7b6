import Foundation
import GlossIndex
import GlossServer
import GlossSyntax
import LanguageServerProtocol
import TestSupport
import Testing

/// Printed page numbers from the page labels of PDFs made by pdflatex + hyperref (`Tests/Fixtures/pdfs/page-labels`),
/// read with the real `pdftotext`, through `gloss check` and the server, with no configuration.
@Suite struct PageLabelsEndToEndTests {
  static let fixtures = Repository.url("Tests/Fixtures/pdfs/page-labels")

  /// Genuine quotations of the thesis (front matter i–vi, body 1–14 from PDF page 7) and the report (I–II, 1–4,
  /// a–b), and planted errors: a wrong printed page, a page no page is labelled with.
  static let note = """
    # Meadows

    The shepherds "shared their notebooks without asking anything back" [@thesis, p. iii].
    "The wettest plots held sedges" [@thesis, p. 9], and "Permanent plots must be marked" [@thesis, pp. 12-13].
    "The second table gives the wind speed" [@prefixed, p. A-2]; "A pup is a seal" [@prefixed, p. b].
    "Dwarf willows spread uphill" [@thesis, p. 9]. See also [@thesis, p. 15] and [@prefixed, p. A-4].

    """

  /// A workspace folder with the two PDFs in `sources/` and the note; removed by the caller.
  func workspace() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gloss-labels-\(UUID().uuidString)")
    let sources = folder.appendingPathComponent("sources")
    try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
    for name in ["thesis.pdf", "prefixed.pdf"] {
      try FileManager.default.copyItem(
        at: Self.fixtures.appendingPathComponent(name), to: sources.appendingPathComponent(name))
    }
    try Data(Self.note.utf8).write(to: folder.appendingPathComponent("meadows.md"))
    return folder
  }

  @Test func glossCheckResolvesPrintedPagesFromThePDFsLabels() throws {
    let folder = try workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try GlossProcess.run(["check", folder.path])
    #expect(
      result.stdout.split(separator: "\n").map(String.init) == [
        "meadows.md:6:2: warning: quotation not found in 'thesis' (thesis.pdf) [quote-mismatch]",
        "meadows.md:6:67: warning: cannot find 'p. 15' in 'thesis': its 20 PDF pages are printed i–vi, 1–14"
          + " [unresolved-locator]",
        "meadows.md:6:90: warning: cannot find 'p. A-4' in 'prefixed': its 11 PDF pages are printed I–II, 1–4,"
          + " A-1–A-3, a–b [unresolved-locator]",
        "0 errors, 3 warnings, 0 hints in 1 note",
      ], "\(result.stdout)\(result.stderr)")
  }

  /// A client on the workspace once the PDFs' texts are extracted (by the real `pdftotext`), caching in `cache`.
  func client(_ folder: URL, cache: String, extract: (@Sendable (String, ExtractedFormat) -> ExtractionOutcome)? = nil)
    throws -> TestClient
  {
    var options = ServerOptions.silent
    options.fileSystem = LocalFileSystem()
    options.cacheDirectory = cache
    if let extract { options.extractText = extract }
    let client = TestClient(options: options)
    try client.initialize(
      InitializeRequest(workspaceFolders: [WorkspaceFolder(uri: FileURI(filePath: folder.path).string, name: "w")]))
    client.server.extractions.waitUntilIdle()
    client.enqueue(event: .extracted)
    client.processQueue()
    return client
  }

  func hover(_ client: TestClient, _ folder: URL, line: Int, character: Int) throws -> String {
    let uri = FileURI(filePath: folder.appendingPathComponent("meadows.md").path).string
    let hover = try client.send(
      HoverRequest(textDocument: TextDocumentIdentifier(uri: uri), position: Position(line: line, character: character))
    )
    return hover?.contents.value ?? ""
  }

  /// What `gloss.find` cites for `phrase`.
  func find(_ phrase: String, _ client: TestClient) throws -> [String] {
    let id = client.enqueue(
      ExecuteCommandRequest(command: "gloss.find", arguments: [.object(["text": .string(phrase)])]))
    client.processQueue()
    guard case .array(let places)? = try client.response(to: id, as: ExecuteCommandRequest.self) else { return [] }
    return places.map { $0["citation"]?.stringValue ?? "-" }
  }

  @Test func theServerShowsPrintedAndPDFPagesAndCitesPrintedPages() throws {
    let folder = try workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    let cache = folder.appendingPathComponent(".cache").path
    let client = try client(folder, cache: cache)
    let uri = FileURI(filePath: folder.appendingPathComponent("meadows.md").path).string
    let published = try #require(client.notifications(PublishDiagnosticsNotification.self).last { $0.uri == uri })
    #expect(published.diagnostics.map(\.code) == ["quote-mismatch", "unresolved-locator", "unresolved-locator"])
    // `[@thesis, p. iii]` on line 3, `[@thesis, p. 9]` and `pp. 12-13` on line 4, `p. A-2` on line 5.
    #expect(
      try hover(client, folder, line: 2, character: 75).contains(
        "✓ quotation found in 'thesis' (thesis.pdf), p. iii = PDF page 3"))
    #expect(
      try hover(client, folder, line: 3, character: 40).contains(
        "✓ quotation found in 'thesis' (thesis.pdf), p. 9 = PDF page 15"))
    #expect(
      try hover(client, folder, line: 3, character: 95).contains(
        "✓ quotation found in 'thesis' (thesis.pdf), p. 13 = PDF page 19"))
    #expect(
      try hover(client, folder, line: 4, character: 50).contains(
        "✓ quotation found in 'prefixed' (prefixed.pdf), p. A-2 = PDF page 8"))
    #expect(try find("snowbed communities shrank", client) == ["[@thesis, p. 11]"])
    #expect(try find("the question of this work came from a walk", client) == ["[@thesis, p. vi]"])
    #expect(try find("the wind speed measured at the lighthouse", client) == ["[@prefixed, p. A-2]"])
    #expect(try find("A haul-out is a place where seals rest", client) == ["[@prefixed, p. a]"])
    #expect(try find("the harbour seals of the northern estuary", client) == ["[@prefixed, p. I]"])

    // A restart takes the texts and their labels from the cache: nothing is extracted again.
    let again = try self.client(folder, cache: cache) { _, _ in .noText(reason: "not extracted", isLasting: false) }
    #expect(
      try hover(again, folder, line: 3, character: 40).contains(
        "✓ quotation found in 'thesis' (thesis.pdf), p. 9 = PDF page 15"))
    #expect(try find("the wind speed measured at the lighthouse", again) == ["[@prefixed, p. A-2]"])
  }
}
