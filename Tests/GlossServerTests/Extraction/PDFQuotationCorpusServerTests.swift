import Foundation
import GlossIndex
import GlossServer
import GlossSyntax
import LanguageServerProtocol
import TestSupport
import Testing

/// The server on the PDFs of `Tests/Fixtures/pdfs/matching` (made by pdflatex, read with the real `pdftotext`): the
/// quotation checks it publishes, what hover says of a PDF whose text lost its ligatures, and `gloss.find` across a
/// page break.
@Suite struct PDFQuotationCorpusServerTests {
  /// A client on a copy of the corpus, once the PDFs' text is extracted; and the workspace's folder.
  private func client() throws -> (TestClient, URL) {
    let folder = try PDFQuotationCorpusTests.workspace()
    var options = ServerOptions.silent
    options.fileSystem = LocalFileSystem()
    options.cacheDirectory = folder.path + "/.cache/gloss"
    let client = TestClient(options: options)
    try client.initialize(
      InitializeRequest(workspaceFolders: [WorkspaceFolder(uri: FileURI(filePath: folder.path).string, name: "w")]))
    client.server.extractions.waitUntilIdle()
    client.enqueue(event: .extracted)
    client.processQueue()
    return (client, folder)
  }

  private func published(_ note: String, _ client: TestClient, in folder: URL) -> [LanguageServerProtocol.Diagnostic]? {
    let uri = FileURI(filePath: folder.path + "/" + note).string
    return client.notifications(PublishDiagnosticsNotification.self).last { $0.uri == uri }?.diagnostics
  }

  @Test func theServerAcceptsTheGenuineQuotationsAndCatchesThePlantedErrors() throws {
    let (client, folder) = try client()
    defer { try? FileManager.default.removeItem(at: folder) }
    let genuine = published("notes/genuine.md", client, in: folder)
    #expect(genuine?.map { $0.message } == [])
    let planted = try #require(published("notes/planted.md", client, in: folder))
    #expect(
      planted.map { $0.range.start.line }
        == (try PDFQuotationCorpusTests.quotationLines("notes/planted.md")).map { $0 - 1 })
    #expect(planted.allSatisfy { $0.code == "quote-mismatch" })
  }

  @Test func hoverSaysThePDFTextLostItsLigatures() throws {
    let (client, folder) = try client()
    defer { try? FileManager.default.removeItem(at: folder) }
    let uri = FileURI(filePath: folder.path + "/notes/genuine.md").string
    let lines = try String(contentsOf: folder.appendingPathComponent("notes/genuine.md"), encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false)
    func hover(onKey key: String, line: Int) throws -> String {
      let column = try #require(lines[line].range(of: "@" + key)).lowerBound.utf16Offset(in: lines[line])
      let hover = try client.send(
        HoverRequest(
          textDocument: TextDocumentIdentifier(uri: uri), position: Position(line: line, character: column + 2)))
      return hover?.contents.value ?? ""
    }
    let ligatures = try #require(lines.firstIndex { $0.contains("The first figure shows") })
    let lost = try hover(onKey: "lost-ligatures", line: ligatures)
    #expect(lost.contains("✓ quotation found"), "\(lost)")
    #expect(lost.contains("lost ligatures"), "\(lost)")
    let twoColumns = try #require(lines.firstIndex { $0.contains("The method we describe") })
    let kept = try hover(onKey: "two-columns", line: twoColumns)
    #expect(kept.contains("✓ quotation found"), "\(kept)")
    #expect(!kept.contains("lost ligatures"), "\(kept)")
  }

  /// What `gloss.find` answers for `phrase`: each place's citation and likeness in percent.
  private func find(_ phrase: String, _ client: TestClient) throws -> [String] {
    try client.foundPlaces(phrase)
  }

  @Test func findReadsAcrossPageBreaksAndLostLigatures() throws {
    let (client, folder) = try client()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try find("monitoring endemic and vulnerable alpine vegetation", client) == ["[@two-columns, pp. 1-2] 100%"])
    #expect(try find("the integrity con-straints", client) == ["[@two-columns, p. 1] 100%"])
    #expect(try find("the integrity constraints of the survey", client) == ["[@two-columns, p. 1] 100%"])
    #expect(try find("approximates the black-box classifier", client) == ["[@two-columns, p. 1] 100%"])
    #expect(try find("conformance test suite before it was stored", client) == ["[@two-columns, p. 2] 100%"])
    #expect(try find("reconstructed archive", client) == ["[@two-columns, pp. 3-4] 100%"])
    let lost = try find("the effect of different fluid flows", client)
    #expect(lost == ["[@lost-ligatures, l. 1] 100%"], "\(lost)")
  }
}
