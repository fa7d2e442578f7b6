import Foundation
import GlossIndex
import GlossServer
import GlossSyntax
import LanguageServerProtocol
import TestSupport
import Testing

/// `gloss.find`, the quoted `workspace/symbol` query, the citing code actions and completion after a quotation.
@Suite struct FindEndToEndTests {
  static let files: [String: String] = [
    "sources/bartlett1932.md": QuotationEndToEndTests.source,
    "sources/ebbinghaus1885.txt":
      "Memory fades along a curve of forgetting.\n\u{0C}Relearning saves time: the savings method.\n",
    "sources/trần2020.md": "# Ký ức\n\nKý ức là một sự tái tạo\nđầy tưởng tượng.\n",
    "notes/a.md": "# A\n\nPlain words.\n",
  ]

  static func argument(_ members: [String: JSONValue]) -> [JSONValue] { [.object(members)] }

  private func find(_ fixture: WorkspaceFixture, _ members: [String: JSONValue]) throws -> JSONValue? {
    let id = fixture.client.enqueue(ExecuteCommandRequest(command: "gloss.find", arguments: Self.argument(members)))
    fixture.client.processQueue()
    return try fixture.client.response(to: id, as: ExecuteCommandRequest.self)
  }

  @Test func findCommandReturnsEachPlaceWithItsCitationAndRange() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start()
    let result = try find(fixture, ["text": .string("SỰ TÁI TẠO đầy tưởng tượng")])
    guard case .array(let places) = result, let place = places.first else {
      Issue.record("no places: \(String(describing: result))")
      return
    }
    #expect(places.count == 1)
    #expect(place["citation"] == .string("[@trần2020, ll. 3-4]"))
    #expect(place["key"] == .string("trần2020"))
    #expect(place["locator"] == .string("ll. 3-4"))
    #expect(place["uri"] == .string(fixture.uri("sources/trần2020.md")))
    // "Ký ức là một " is 13 UTF-16 units.
    #expect(
      place["range"]
        == .object([
          "start": .object(["line": .int(2), "character": .int(13)]),
          "end": .object(["line": .int(3), "character": .int(15)]),
        ]))
    // 1.0 travels as the JSON number 1.
    #expect(place["likeness"] == .int(1) || place["likeness"] == .double(1))
  }

  @Test func findCommandGivesTheClosestPassageWhenNotFoundAndRefusesBadArguments() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start()
    let result = try find(fixture, ["text": .string("the savings methods"), "limit": .int(3)])
    guard case .array(let places) = result, let place = places.first, case .double(let likeness)? = place["likeness"]
    else {
      Issue.record("no closest: \(String(describing: result))")
      return
    }
    #expect(place["citation"] == .string("[@ebbinghaus1885, p. 2]"))
    #expect(likeness < 1 && likeness >= 0.5)
    #expect(throws: (any Error).self) { try find(fixture, ["limit": .int(3)]) }
    #expect(throws: (any Error).self) { try find(fixture, ["text": .string("x"), "limit": .int(0)]) }
  }

  @Test func quotedWorkspaceSymbolQuerySearchesTheSourcesText() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start()
    let symbols = try fixture.client.send(WorkspaceSymbolRequest(query: "\"curve of forgetting\""))
    #expect(symbols.count == 1)
    #expect(
      symbols.first?.name.hasPrefix(
        "[@ebbinghaus1885, p. 1] \"curve of forgetting\" Memory fades along a curve of forgetting.") == true)
    #expect(symbols.first?.location.uri == fixture.uri("sources/ebbinghaus1885.txt"))
    #expect(symbols.first?.location.range.start == Position(line: 0, character: 21))
    #expect(symbols.first?.containerName == "sources/ebbinghaus1885.txt")
    // Unquoted, the same words search names as before.
    let names = try fixture.client.send(WorkspaceSymbolRequest(query: "curve of forgetting"))
    #expect(!names.contains { $0.name.hasPrefix("[@") })
  }

  private func actions(_ fixture: WorkspaceFixture, _ path: String, at position: Position) throws -> [CodeAction] {
    try fixture.client.send(
      CodeActionRequest(
        textDocument: TextDocumentIdentifier(uri: fixture.uri(path)), range: LSPRange(at: position),
        context: CodeActionContext(diagnostics: []))) ?? []
  }

  @Test func quotationWithoutCitationGetsACiteActionForEachPlace() throws {
    let note = "# B\n\nHe wrote “an imaginative reconstruction” once.\n"
    let fixture = WorkspaceFixture(files: Self.files.merging(["notes/b.md": note]) { $1 })
    try fixture.start()
    fixture.open("notes/b.md", note)
    let found = try actions(fixture, "notes/b.md", at: Position(line: 2, character: 15))
    let cite = try #require(found.first { $0.title == "cite [@bartlett1932, l. 7]" })
    let edits = try #require(cite.edit?.changes?[fixture.uri("notes/b.md")])
    #expect(
      edits == [TextEdit(range: LSPRange(at: Position(line: 2, character: 40)), newText: " [@bartlett1932, l. 7]")])
    // Outside the quotation, no such action.
    #expect(
      try actions(fixture, "notes/b.md", at: Position(line: 2, character: 2)).allSatisfy { !$0.title.hasPrefix("cite") }
    )
  }

  @Test func mismatchFoundOnAnotherPageOffersToCiteThatInstead() throws {
    let note = "# C\n\nEbbinghaus: “the savings method” [@ebbinghaus1885, p. 1].\n"
    let fixture = WorkspaceFixture(files: Self.files.merging(["notes/c.md": note]) { $1 })
    try fixture.start()
    #expect(fixture.codes("notes/c.md") == ["quote-mismatch"])
    fixture.open("notes/c.md", note)
    let found = try actions(fixture, "notes/c.md", at: Position(line: 2, character: 16))
    let cite = try #require(found.first { $0.title == "cite [@ebbinghaus1885, p. 2] instead" })
    let edits = try #require(cite.edit?.changes?[fixture.uri("notes/c.md")])
    let fixed = QuotationEndToEndTests.applying(edits, to: note)
    #expect(fixed == "# C\n\nEbbinghaus: “the savings method” [@ebbinghaus1885, p. 2].\n")
    fixture.replace("notes/c.md", with: fixed, version: 2)
    #expect(fixture.codes("notes/c.md") == [])
  }

  @Test func completionAfterAQuotationOffersTheSourcesHoldingItFirst() throws {
    let marked = MarkedText("# D\n\n“a curve of forgetting” [@1️⃣\n")
    let fixture = WorkspaceFixture(files: Self.files.merging(["notes/d.md": marked.text]) { $1 })
    try fixture.start()
    fixture.open("notes/d.md", marked.text)
    let position = SourceText(marked.text).lspPosition(of: try #require(marked.cursors["1"]), in: .utf16)
    let list = try fixture.client.send(
      CompletionRequest(
        textDocument: TextDocumentIdentifier(uri: fixture.uri("notes/d.md")), position: position,
        context: CompletionContext(triggerKind: 2, triggerCharacter: "@")))
    #expect(list.items.first?.label == "ebbinghaus1885, p. 1")
    #expect(list.items.first?.textEdit?.newText == "ebbinghaus1885, p. 1")
    #expect(list.items.dropFirst().contains { $0.label == "bartlett1932" })
  }
  @Test func placeWithALocatorIsASnippetForClientsThatTakeThem() throws {
    // Neovim inserts a plain completion text only up to its first space (`ebbinghaus1885,`); a snippet whole.
    let marked = MarkedText("# D\n\n“a curve of forgetting” [@1️⃣\n")
    let fixture = WorkspaceFixture(files: Self.files.merging(["notes/d.md": marked.text]) { $1 })
    try fixture.start(
      capabilities: ClientCapabilities(
        textDocument: .init(completion: .init(completionItem: .init(snippetSupport: true)))))
    fixture.open("notes/d.md", marked.text)
    let position = SourceText(marked.text).lspPosition(of: try #require(marked.cursors["1"]), in: .utf16)
    let list = try fixture.client.send(
      CompletionRequest(
        textDocument: TextDocumentIdentifier(uri: fixture.uri("notes/d.md")), position: position,
        context: CompletionContext(triggerKind: 2, triggerCharacter: "@")))
    let first = try #require(list.items.first)
    #expect(first.label == "ebbinghaus1885, p. 1")
    #expect(first.insertTextFormat == .snippet)
    #expect(first.textEdit?.newText == "ebbinghaus1885, p. 1")
    // A key alone stays plain text.
    #expect(list.items.first { $0.label == "bartlett1932" }?.insertTextFormat == nil)
    #expect(CompletionItem.InsertTextFormat.snippet(of: "a $1 {b} c\\d") == "a \\$1 {b\\} c\\\\d")
  }

  @Test func searchOnTheLoopNeverBuildsTheWholeIndexAndAfterASourceEditOnlyBringsItUpToDate() throws {
    // More source text than a request may index itself (4 MB).
    var files = Self.files
    let filler = String(repeating: "Unrelated words fill this page of the archive. ", count: 12_000) + "\n"
    for k in 0..<9 { files["sources/filler\(k).txt"] = filler }
    // The background build is left to the test, so that the request before it is answered before it.
    let fixture = WorkspaceFixture(files: files) { $0.findPreparationDelay = nil }
    try fixture.start()
    let id = try #require(fixture.client.server.roots.first?.id)
    // Before the background build, the command says so rather than building it on the loop.
    let early = fixture.client.enqueue(
      ExecuteCommandRequest(command: "gloss.find", arguments: Self.argument(["text": .string("curve of forgetting")])))
    fixture.client.processQueue()
    #expect(fixture.client.errorCode(of: early) == .requestFailed)
    #expect(fixture.client.server.workspace(id)?.textSearchWasBuiltWhole == nil)
    // The background build (run here on the test's thread), then an edit of an open source.
    fixture.client.server.workspace(id)?.prepareFind()
    fixture.open("sources/ebbinghaus1885.txt", "Memory fades along a curve of forgetting.\n")
    fixture.client.notify(
      DidChangeTextDocumentNotification(
        textDocument: VersionedTextDocumentIdentifier(uri: fixture.uri("sources/ebbinghaus1885.txt"), version: 2),
        contentChanges: [TextDocumentContentChangeEvent(text: "Memory fades along a curve of remembering.\n")]))
    let result = try find(fixture, ["text": .string("a curve of remembering")])
    guard case .array(let places) = result else {
      Issue.record("no places: \(String(describing: result))")
      return
    }
    #expect(places.compactMap { $0["citation"] } == [.string("[@ebbinghaus1885, l. 1]")])
    // Brought up to date from the background build, not built whole again.
    #expect(fixture.client.server.workspace(id)?.textSearchWasBuiltWhole == false)
  }
}
