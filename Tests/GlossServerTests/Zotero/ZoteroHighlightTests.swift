import Foundation
import GlossIndex
import GlossServer
import GlossSyntax
import LanguageServerProtocol
import TestSupport
import Testing

/// Citing one's Zotero highlights, end to end from disk: a data folder built from Zotero's tables whose stored PDF
/// is a pdflatex document (`Tests/Fixtures/pdfs/matching/two-columns.pdf`, read by the real `pdftotext`), with
/// highlights on its first page; completion, hover, the code action and `gloss find` over them, and the quotation
/// they give checked against the PDF as any other.
@Suite struct ZoteroHighlightTests {
  static let sentence = "The classifier does not replace the botanist: it tells her where to look first."
  static var library: String {
    let pdf = Repository.url("Tests/Fixtures/pdfs/matching/two-columns.pdf").path
    return """
      {"items": [{"key": "ALPINE01", "fields": {"title": "Monitoring alpine vegetation", "citationKey": "alpine2020",
        "date": "2020-00-00 2020"}, "creators": [["author", "Ann", "Berg"]],
        "attachments": [{"key": "PDFALP01", "path": "storage:two-columns.pdf", "file": "\(pdf)", "annotations": [
          {"key": "HIGH0001", "type": 1, "text": "The classifier does not replace the\\nbotanist: it tells her where to look first.",
           "comment": "what the model is for", "pageLabel": "1", "pageIndex": 0, "sortIndex": "00000|000100|00300"},
          {"key": "HIGH0002", "type": 5, "text": "Field surveys of mountain plants are slow and costly.",
           "pageLabel": "1", "pageIndex": 0, "sortIndex": "00000|000010|00100"},
          {"key": "HIGH0003", "type": 1, "text": "a page this PDF does not have", "pageLabel": "99",
           "pageIndex": 98, "sortIndex": "00098|000010|00100"}]}]}]}
      """
  }

  /// A client on `<base>/notes` holding `note`, the library in `<base>/Zotero` (the default data folder of a user
  /// whose home is `<base>`), once the PDF's text is extracted.
  func start(_ zotero: ZoteroFixture, note: String) throws -> TestClient {
    try zotero.write(Array(note.utf8), to: "notes/alpine.md")
    try zotero.write(Array("{}".utf8), to: "notes/.gloss.json")
    var options = ServerOptions.silent
    options.fileSystem = LocalFileSystem()
    options.homeDirectory = zotero.base
    options.cacheDirectory = zotero.base + "/.cache/gloss"
    let client = TestClient(options: options)
    try client.initialize(
      InitializeRequest(
        workspaceFolders: [WorkspaceFolder(uri: FileURI(filePath: zotero.base + "/notes").string, name: "notes")]))
    client.server.extractions.waitUntilIdle()
    client.enqueue(event: .extracted)
    client.processQueue()
    return client
  }

  func uri(_ zotero: ZoteroFixture) -> String { FileURI(filePath: zotero.base + "/notes/alpine.md").string }

  func codes(_ client: TestClient, _ uri: String) -> [String]? {
    client.notifications(PublishDiagnosticsNotification.self).last { $0.uri == uri }?.diagnostics.compactMap(\.code)
  }

  @Test func aHighlightCompletesIntoAQuotationThatVerifiesAgainstThePDF() throws {
    let zotero = try ZoteroFixture(Self.library)
    defer { zotero.remove() }
    let marked = MarkedText("# Alpine\n\nAs Berg puts it, [@alpine2020, 1️⃣]\n")
    let before = zotero.contents()
    let client = try start(zotero, note: marked.text)
    let uri = uri(zotero)
    client.notify(
      DidOpenTextDocumentNotification(
        textDocument: TextDocumentItem(uri: uri, languageId: "markdown", version: 1, text: marked.text)))
    let position = SourceText(marked.text).lspPosition(of: try #require(marked.cursors["1"]), in: .utf16)
    let list = try client.send(
      CompletionRequest(textDocument: TextDocumentIdentifier(uri: uri), position: position))
    // Zotero's order (the page, then the place on it); the highlight on a missing page is offered as Zotero has it.
    #expect(
      list.items.map(\.textEdit?.newText) == [
        "\"Field surveys of mountain plants are slow and costly.\" [@alpine2020, p. 1]",
        "\"\(Self.sentence)\" [@alpine2020, p. 1]", "\"a page this PDF does not have\" [@alpine2020, p. 99]",
      ])
    #expect(list.items[1].detail == "p. 1 — what the model is for")
    // The citation typed so far, its closing bracket included, is what the completion replaces.
    let edit = try #require(list.items[1].textEdit)
    let text = SourceText(marked.text)
    #expect(text.range(of: edit.range, in: .utf16) == 27..<(marked.text.utf8.count - 1))
    // Words typed after the comma filter them, in the text or the comment.
    let typed = "# Alpine\n\nAs Berg puts it, [@alpine2020, model is for]\n"
    client.notify(
      DidChangeTextDocumentNotification(
        textDocument: VersionedTextDocumentIdentifier(uri: uri, version: 2),
        contentChanges: [TextDocumentContentChangeEvent(range: nil, text: typed)]))
    let filtered = try client.send(
      CompletionRequest(
        textDocument: TextDocumentIdentifier(uri: uri), position: Position(line: 2, character: 43)))
    #expect(filtered.items.map(\.label) == [Self.sentence])
    // Taken, the quotation verifies against the PDF's text on that page; the one on a missing page is flagged.
    let quoted =
      "# Alpine\n\nAs Berg puts it, \"\(Self.sentence)\" [@alpine2020, p. 1]\n\nAnd \"a page this PDF does not have\" [@alpine2020, p. 99].\n"
    client.notify(
      DidChangeTextDocumentNotification(
        textDocument: VersionedTextDocumentIdentifier(uri: uri, version: 3),
        contentChanges: [TextDocumentContentChangeEvent(range: nil, text: quoted)]))
    let published = client.notifications(PublishDiagnosticsNotification.self).last { $0.uri == uri }
    // Only the highlight on a page the PDF lacks: not found on any page, and a page past the end.
    #expect(published?.diagnostics.map(\.code) == ["quote-mismatch", "unresolved-locator"])
    #expect(published?.diagnostics.allSatisfy { $0.range.start.line == 4 } ?? false)
    #expect(zotero.contents() == before)
  }

  @Test func hoverShowsTheHighlightsOnTheCitedPageAndTheCodeActionQuotesOne() throws {
    let zotero = try ZoteroFixture(Self.library)
    defer { zotero.remove() }
    let note = "# Alpine\n\nSee [@alpine2020, p. 1].\n"
    let client = try start(zotero, note: note)
    let uri = uri(zotero)
    let hover = try #require(
      try client.send(
        HoverRequest(textDocument: TextDocumentIdentifier(uri: uri), position: Position(line: 2, character: 8))))
    #expect(hover.contents.value.contains("Zotero highlights on p. 1:"), "\(hover.contents.value)")
    #expect(hover.contents.value.contains("\"\(Self.sentence)\" (p. 1) — what the model is for"))
    #expect(!hover.contents.value.contains("a page this PDF does not have"))
    let actions =
      try client.send(
        CodeActionRequest(
          textDocument: TextDocumentIdentifier(uri: uri), range: LSPRange(at: Position(line: 2, character: 8)),
          context: CodeActionContext(diagnostics: []))) ?? []
    let insert = try #require(actions.first { $0.title.hasPrefix("Insert a highlight as quotation: \"The classifier") })
    #expect(
      insert.title == "Insert a highlight as quotation: \"The classifier does not replace the botanist: it…\" (p. 1)")
    let edits = try #require(insert.edit?.changes?[uri])
    #expect(edits.map(\.newText) == ["\"\(Self.sentence)\" [@alpine2020, p. 1]"])
    #expect(
      edits.first?.range == LSPRange(start: Position(line: 2, character: 4), end: Position(line: 2, character: 23)))
  }

  @Test func inABlockquoteAHighlightOfACitedSourceCompletesIntoAQuotationWithItsCitationLine() throws {
    let zotero = try ZoteroFixture(Self.library)
    defer { zotero.remove() }
    let marked = MarkedText("# Alpine — Nguyễn 🌿\n\nBerg [@alpine2020] sums it up:\n\n> tells her1️⃣\n")
    let before = zotero.contents()
    let client = try start(zotero, note: marked.text)
    let uri = uri(zotero)
    client.notify(
      DidOpenTextDocumentNotification(
        textDocument: TextDocumentItem(uri: uri, languageId: "markdown", version: 1, text: marked.text)))
    let text = SourceText(marked.text)
    let list = try client.send(
      CompletionRequest(
        textDocument: TextDocumentIdentifier(uri: uri),
        position: text.lspPosition(of: try #require(marked.cursors["1"]), in: .utf16)))
    // The typed words filter the highlights of the sources the note cites; the words typed are replaced.
    #expect(list.items.map(\.textEdit?.newText) == ["\(Self.sentence)\n> — [@alpine2020, p. 1]"])
    #expect(list.items.first?.detail == "@alpine2020 — p. 1 — what the model is for")
    let edit = try #require(list.items.first?.textEdit)
    let start = marked.text.utf8.count - "tells her\n".utf8.count
    #expect(text.range(of: edit.range, in: .utf16) == start..<(start + "tells her".utf8.count))
    // Nested quotes keep their marks on the citation line; a citation line or a line with a citation offers none.
    for (line, expected) in [
      ("> > tells her", ["\(Self.sentence)\n> > — [@alpine2020, p. 1]"]), ("> — [@alpine2020", nil),
      ("> tells her [@alpine2020]", []), ("tells her", []),
    ] {
      let note = "# Alpine\n\nBerg [@alpine2020] and [@other].\n\n\(line)"
      client.notify(
        DidChangeTextDocumentNotification(
          textDocument: VersionedTextDocumentIdentifier(uri: uri, version: 2),
          contentChanges: [TextDocumentContentChangeEvent(range: nil, text: note)]))
      let items = try client.send(
        CompletionRequest(
          textDocument: TextDocumentIdentifier(uri: uri),
          position: SourceText(note).lspPosition(of: note.utf8.count, in: .utf16))
      ).items.filter { $0.kind == .text || $0.textEdit?.newText.contains("\n") == true }
      if let expected { #expect(items.map(\.textEdit?.newText) == expected, "\(line)") }
    }
    // Its citation line already written below: that source's highlights, the words alone.
    let cited = "# Alpine\n\nBerg [@alpine2020].\n\n> tells her\n> — [@alpine2020, p. 1]\n"
    client.notify(
      DidChangeTextDocumentNotification(
        textDocument: VersionedTextDocumentIdentifier(uri: uri, version: 2),
        contentChanges: [TextDocumentContentChangeEvent(range: nil, text: cited)]))
    let words = try client.send(
      CompletionRequest(textDocument: TextDocumentIdentifier(uri: uri), position: Position(line: 4, character: 11)))
    #expect(words.items.map(\.textEdit?.newText) == [Self.sentence])
    // Taken, the blockquote and its citation line make a quotation that verifies against the PDF's page.
    let quoted =
      "# Alpine — Nguyễn 🌿\n\nBerg [@alpine2020] sums it up:\n\n> \(Self.sentence)\n> — [@alpine2020, p. 1]\n"
    client.notify(
      DidChangeTextDocumentNotification(
        textDocument: VersionedTextDocumentIdentifier(uri: uri, version: 3),
        contentChanges: [TextDocumentContentChangeEvent(range: nil, text: quoted)]))
    #expect(codes(client, uri) == [])
    let wrong = quoted.replacingOccurrences(of: "look first", with: "look last")
    client.notify(
      DidChangeTextDocumentNotification(
        textDocument: VersionedTextDocumentIdentifier(uri: uri, version: 4),
        contentChanges: [TextDocumentContentChangeEvent(range: nil, text: wrong)]))
    #expect(codes(client, uri) == ["quote-mismatch"])
    #expect(zotero.contents() == before)
  }

  @Test func findSearchesHighlightsAndTheirComments() throws {
    let zotero = try ZoteroFixture(Self.library)
    defer { zotero.remove() }
    try zotero.write(Array("# Alpine\n".utf8), to: "notes/alpine.md")
    try zotero.write(Array(#"{"zotero": {"dataDir": "\#(zotero.dataDirectory)"}}"#.utf8), to: "notes/.gloss.json")
    let report = FindReport(
      root: zotero.base + "/notes", phrase: "MODEL is for", limit: 10, includingNotes: false,
      fileSystem: LocalFileSystem(), extract: { TextExtractor.extract($0, format: $1) },
      environment: GlossProcess.testEnvironment)
    #expect(report.isFound)
    #expect(
      report.textLines == ["zotero: [@alpine2020, p. 1] highlight \"\(Self.sentence)\" — what the model is for"])
  }

  @Test func theServersFindListsTheHighlightsAfterThePlacesAsTheCommandLineDoes() throws {
    let zotero = try ZoteroFixture(Self.library)
    defer { zotero.remove() }
    let client = try start(zotero, note: "# Alpine\n")
    // In the comment only: the highlight is the answer, placed where its words are in the PDF's extracted text.
    let id = client.enqueue(
      ExecuteCommandRequest(command: "gloss.find", arguments: [.object(["text": .string("MODEL is for")])]))
    client.processQueue()
    guard case .array(let items)? = try client.response(to: id, as: ExecuteCommandRequest.self) else {
      Issue.record("gloss.find gave no array")
      return
    }
    #expect(items.count == 1)
    let item = try #require(items.first)
    #expect(item["citation"]?.stringValue == "[@alpine2020, p. 1]")
    #expect(item["locator"]?.stringValue == "p. 1" && item["key"]?.stringValue == "alpine2020")
    #expect(item["context"]?.stringValue == "highlight \"\(Self.sentence)\" — what the model is for")
    #expect(item["highlight"]?["annotationKey"]?.stringValue == "HIGH0001")
    #expect(item["highlight"]?["comment"]?.stringValue == "what the model is for")
    #expect(item["highlight"]?["pageLabel"]?.stringValue == "1")
    let uri = try #require(item["uri"]?.stringValue)
    #expect(uri.hasSuffix(".txt"))
    let path = try #require(FileURI(uri).filePath)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let line = try #require(item["range"]?["start"]?["line"].flatMap { if case .int(let n) = $0 { n } else { nil } })
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.dropFirst(line).prefix(2).joined(separator: " ").contains("The classifier does not replace"))
    // In the text and in a highlight: the places first, then the highlight.
    #expect(
      try client.foundPlaces("tells her where to look first") == [
        "[@alpine2020, p. 1] 100%", "[@alpine2020, p. 1] 100%",
      ])
  }
}
