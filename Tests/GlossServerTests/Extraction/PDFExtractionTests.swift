import Foundation
import GlossIndex
import GlossServer
import GlossSyntax
import LanguageServerProtocol
import TestSupport
import Testing

/// The real `pdftotext` (Debian's poppler-utils, which `.ci/run` installs) on PDFs written by `MinimalPDF`, and a
/// Zotero library outside the notes folder read end to end from disk.
@Suite struct PDFExtractionTests {
  /// Three typeset pages of a journal article printed as pages 213–215: ligature glyphs, a word broken at a line end.
  static let article: [[String]] = [
    ["Rivers and memory", "The \u{FB01}rst o\u{FB03}cial survey of the \u{FB02}ow."],
    [
      "Remembering is not the re-excitation of innumerable \u{FB01}xed, lifeless and frag-",
      "mentary traces. It is an imaginative reconstruction, or construction.",
    ],
    ["The end."],
  ]

  /// A fresh folder under the system's temporary folder, removed by the caller.
  func temporaryFolder(_ name: String) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("gloss-\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
  }

  func write(_ bytes: [UInt8], to path: String) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  @Test func pdftotextGivesPagesAtFormFeedsWithLigaturesSpelledOutAndBrokenWordsJoined() throws {
    let folder = try temporaryFolder("pdf")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try write(MinimalPDF.document(pages: Self.article), to: folder + "/article.pdf")
    guard case .text(let bytes, _) = TextExtractor.extract(folder + "/article.pdf", format: .pdf) else {
      Issue.record("no text from pdftotext")
      return
    }
    let document = SourceDocument(parsing: bytes, format: .plainText)
    #expect(document.pageCount == 3)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains("The first official survey of the flow."))
    #expect(text.contains("fixed, lifeless and fragmentary traces"))
  }

  @Test func aFileWithoutTextOrNotAPDFSaysWhy() throws {
    let folder = try temporaryFolder("pdf")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try write(MinimalPDF.document(pages: [[], []]), to: folder + "/scan.pdf")
    try write(Array("not a PDF at all".utf8), to: folder + "/broken.pdf")
    #expect(
      TextExtractor.extract(folder + "/scan.pdf", format: .pdf)
        == .noText(reason: "the file has no text layer (scanned pages?)", isLasting: true))
    guard case .noText(let reason, true) = TextExtractor.extract(folder + "/broken.pdf", format: .pdf) else {
      Issue.record("a broken PDF gave text")
      return
    }
    #expect(reason.hasPrefix("'pdftotext' failed: "))
    #expect(
      TextExtractor.extract(folder + "/scan.pdf", format: .pdf, environment: ["PATH": folder])
        == .noText(reason: "'pdftotext' is not installed (Debian package poppler-utils)", isLasting: false))
  }

  /// A client started on `home/notes`, whose note cites a Zotero library in `home/Zotero` holding `article` as the
  /// PDF of an article printed as pages 213–215, once the PDF's text is extracted; and the PDF's path.
  private func zoteroClient(home: String) throws -> (TestClient, String) {
    let pdf = home + "/Zotero/storage/ABCD1234/Smith - 2020 - River.pdf"
    try write(MinimalPDF.document(pages: Self.article), to: pdf)
    try write(
      Array(
        """
        @article{smith2020,
          title = {Rivers and Memory},
          author = {Smith, Ann},
          journal = {Journal of Rivers},
          pages = {213--215},
          file = {Full Text PDF:\(pdf):application/pdf}
        }
        """.utf8), to: home + "/Zotero/library.bib")
    let root = home + "/notes"
    let note = """
      ---
      bibliography: ~/Zotero/library.bib
      ---
      Memory is "fixed, lifeless and fragmentary traces" [@smith2020, p. 214].

      And "an imaginary reconstruction" [@smith2020, p. 214], then [@smith2020, p. 230].
      """
    try write(Array(note.utf8), to: root + "/river.md")
    var options = ServerOptions.silent
    options.fileSystem = LocalFileSystem()
    options.homeDirectory = home
    options.cacheDirectory = home + "/.cache/gloss"
    let client = TestClient(options: options)
    try client.initialize(
      InitializeRequest(workspaceFolders: [WorkspaceFolder(uri: FileURI(filePath: root).string, name: "notes")]))
    client.server.extractions.waitUntilIdle()
    client.enqueue(event: .extracted)
    client.processQueue()
    return (client, pdf)
  }

  /// A Zotero export in `~/Zotero` (HOME is a temporary folder), its PDF in Zotero's storage, the notes elsewhere.
  @Test func aZoteroLibraryOutsideTheNotesGivesPrintedPagePassagesAndQuotationChecks() throws {
    let home = try temporaryFolder("home")
    defer { try? FileManager.default.removeItem(atPath: home) }
    let (client, pdf) = try zoteroClient(home: home)
    let uri = FileURI(filePath: home + "/notes/river.md").string
    let published = try #require(client.notifications(PublishDiagnosticsNotification.self).last { $0.uri == uri })
    // The first quotation spans a broken word and a ligature on printed page 214 (the PDF's second page); the second
    // is misquoted; page 230 is past the article's end.
    #expect(published.diagnostics.map(\.code) == ["quote-mismatch", "unresolved-locator"])
    #expect(
      published.diagnostics.last?.message
        == "cannot find 'p. 230' in 'smith2020': its 3 PDF pages are printed pages 213–215")
    let hover = try #require(
      try client.send(
        HoverRequest(textDocument: TextDocumentIdentifier(uri: uri), position: Position(line: 3, character: 55))))
    // The verdict first, the page as printed and as the PDF counts it, the file by its name, never a line number.
    let value = hover.contents.value
    #expect(
      value.hasPrefix("✓ quotation found in 'smith2020' (Smith - 2020 - River.pdf), p. 214 = PDF page 2\n\n> "),
      "\(value)")
    #expect(!value.contains(pdf) && !value.contains("line"), "\(value)")
    // The text is cached: the cache folder holds it, outside the notes.
    let cached = try FileManager.default.contentsOfDirectory(atPath: home + "/.cache/gloss/texts")
    #expect(cached.filter { $0.hasSuffix(".txt") }.count == 1)
  }

  /// What `gloss.find` answers for `phrase`: each place's citation and likeness in percent.
  private func find(_ phrase: String, _ client: TestClient) throws -> [String] {
    try client.foundPlaces(phrase)
  }

  @Test func findInAPDFCitesThePrintedPage() throws {
    let home = try temporaryFolder("home")
    defer { try? FileManager.default.removeItem(atPath: home) }
    let (client, _) = try zoteroClient(home: home)
    // The PDF's second page is printed page 214; the words run across a line-end hyphen and a ligature.
    #expect(try find("FIXED, lifeless and fragmentary traces", client) == ["[@smith2020, p. 214] 100%"])
    #expect(try find("the first official survey", client) == ["[@smith2020, p. 213] 100%"])
    let closest = try find("an imaginary reconstruction, or construction", client)
    #expect(closest.first?.hasPrefix("[@smith2020, p. 214] ") ?? false, "\(closest)")
    #expect(closest.first != "[@smith2020, p. 214] 100%")
  }
}
