import Foundation
import GlossIndex
import GlossServer
import GlossSyntax
import LanguageServerProtocol
import TestSupport
import Testing

/// Open at the page, literature notes and renamed keys through the server (docs/literature-notes.md): links, hover,
/// definition, `gloss.openSource`, the literature-note action written through the guarded writer, and a key renamed
/// between two runs reported with its rename across notes.
@Suite struct LiteratureNoteEndToEndTests {
  static let bib = """
    @article{smith2020, title = {Rivers}, author = {Smith, Ann}, year = {2020}, doi = {10.1000/river},
      file = {papers/Smith - 2020 - Rivers.pdf}}
    @book{tran2019, title = {Ký ức}, author = {Trần, Bình}, year = {2019}}

    """
  static let note = MarkedText("Tiếng Việt 日本語 🦉 [@smi1️⃣th2020, p. 2] và 😀 [@tr2️⃣an2019]\n")
  static let files = [
    "refs.bib": bib, "notes/a.md": note.text,
    "papers/Smith - 2020 - Rivers.pdf": "Page one.\n\u{0C}Page two.\n\u{0C}Page three.\n\u{0C}",
    "notes/tran2019.md": "---\ntitle: Trần\n---\nMy notes.\n",
  ]

  static let client = ClientCapabilities(
    workspace: .init(
      applyEdit: true, workspaceEdit: .init(documentChanges: true, resourceOperations: ["create", "rename", "delete"])),
    window: .init(showDocument: .init(support: true)))

  static func start(_ files: [String: String] = files) throws -> WorkspaceFixture {
    let fixture = WorkspaceFixture(files: files) { options in
      let fs = options.fileSystem
      options.extractText = { path, _ in
        (try? fs.contents(of: path)).map { .text($0) } ?? .noText(reason: "gone", isLasting: true)
      }
    }
    try fixture.start(capabilities: client)
    fixture.finishExtractions()
    return fixture
  }

  static func position(_ digit: String) -> Position {
    SourceText(note.text).lspPosition(of: note.cursors[digit] ?? 0, in: .utf16)
  }

  @Test func theCitedPageOpensFromTheLinkHoverAndCommand() throws {
    let fixture = try Self.start()
    let document = TextDocumentIdentifier(uri: fixture.uri("notes/a.md"))
    let links = try fixture.client.send(DocumentLinkRequest(textDocument: document))
    #expect(links.contains { $0.target == fixture.uri("papers/Smith - 2020 - Rivers.pdf") + "#page=2" })
    let hover = try #require(
      try fixture.client.send(HoverRequest(textDocument: document, position: Self.position("1"))))
    #expect(
      hover.contents.value.contains("[Open PDF at page 2](\(fixture.uri("papers/Smith - 2020 - Rivers.pdf"))#page=2)"))

    fixture.client.clearCollected()
    let position = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(Self.position("1")))
    let answer = try fixture.client.send(
      ExecuteCommandRequest(
        command: "gloss.openSource", arguments: [.object(["uri": .string(document.uri), "position": position])]))
    let pdf = fixture.uri("papers/Smith - 2020 - Rivers.pdf") + "#page=2"
    #expect(answer == .object(["uri": .string(pdf)]))
    let request = try #require(fixture.client.serverRequests.first { $0.method == ShowDocumentRequest.method })
    #expect(
      try #require(request.params).decode(ShowDocumentRequest.self) == ShowDocumentRequest(uri: pdf, external: true))
    // By key, with a locator; a source without a PDF says so.
    let byKey = try fixture.client.send(
      ExecuteCommandRequest(
        command: "gloss.openSource", arguments: [.object(["key": .string("smith2020"), "locator": .string("p. 3")])]))
    #expect(byKey == .object(["uri": .string(fixture.uri("papers/Smith - 2020 - Rivers.pdf") + "#page=3")]))
    let id = fixture.client.enqueue(
      ExecuteCommandRequest(command: "gloss.openSource", arguments: [.object(["key": .string("tran2019")])]))
    fixture.client.processQueue()
    #expect(fixture.client.errorCode(of: id) == .invalidParams)
  }

  @Test func definitionOffersTheLiteratureNoteAndTheActionCreatesOneOnDisk() throws {
    let fixture = try Self.start()
    let document = TextDocumentIdentifier(uri: fixture.uri("notes/a.md"))
    let definition = try fixture.client.send(DefinitionRequest(textDocument: document, position: Self.position("2")))
    guard case .locations(let places) = definition else {
      Issue.record("not two places: \(String(describing: definition))")
      return
    }
    // The entry (the source has no text), then the literature note.
    #expect(places.map(\.uri) == [fixture.uri("refs.bib"), fixture.uri("notes/tran2019.md")])

    let actions =
      try fixture.client.send(
        CodeActionRequest(
          textDocument: document, range: LSPRange(at: Self.position("1")), context: CodeActionContext(diagnostics: [])))
      ?? []
    let create = try #require(actions.first { $0.title == "Create literature note for 'smith2020'" })
    let command = try #require(create.command)
    let answer = try fixture.client.send(
      ExecuteCommandRequest(command: command.command, arguments: command.arguments))
    #expect(answer == .object(["uri": .string(fixture.uri("notes/smith2020.md"))]))
    let written = String(decoding: try fixture.fileSystem.contents(of: "/w/notes/smith2020.md"), as: UTF8.self)
    #expect(written.hasPrefix("---\ncitekey: smith2020\ntitle: Rivers\n"))
    // Made once: the next time the action opens it, and the command refuses to make another.
    fixture.client.enqueue(event: .tick(Date()))
    fixture.client.processQueue()
    let again =
      try fixture.client.send(
        CodeActionRequest(
          textDocument: document, range: LSPRange(at: Self.position("1")), context: CodeActionContext(diagnostics: [])))
      ?? []
    #expect(again.contains { $0.title == "Open literature note for 'smith2020'" })
    let id = fixture.client.enqueue(
      ExecuteCommandRequest(command: "gloss.createLiteratureNote", arguments: [.object(["key": .string("smith2020")])]))
    fixture.client.processQueue()
    #expect(fixture.client.errorCode(of: id) == .invalidParams)
    #expect(String(decoding: try fixture.fileSystem.contents(of: "/w/notes/smith2020.md"), as: UTF8.self) == written)
  }

  @Test func aKeyRenamedBetweenRunsIsReportedWithItsRenameAcrossNotes() throws {
    let cache = "/home/user/.cache/gloss"
    let other = "Ghi chú 🦉🦉 [see @smith2020; @tran2019]\n"
    let first = WorkspaceFixture(files: Self.files.merging(["notes/b.md": other]) { $1 }) {
      $0.restartCacheDirectory = cache
    }
    try first.start(capabilities: Self.client)
    first.client.server.restart.writes.wait()
    #expect(first.codes("notes/a.md") == [])
    // Between runs, the bibliography's export gives the work a new key.
    first.fileSystem.setFile("/w/refs.bib", Self.bib.replacingOccurrences(of: "smith2020,", with: "smithRivers2020,"))
    let second = WorkspaceFixture(root: "/w", fileSystem: first.fileSystem) { $0.restartCacheDirectory = cache }
    try second.start(capabilities: Self.client)
    let published = try #require(second.published.last { $0.uri == second.uri("notes/a.md") })
    let diagnostic = try #require(published.diagnostics.first)
    #expect(diagnostic.message == "unknown source 'smith2020': was 'smith2020', now 'smithRivers2020'?")
    // UTF-16 columns: "Tiếng Việt 日本語 🦉 [@" is 20 code units.
    #expect(
      diagnostic.range == LSPRange(start: Position(line: 0, character: 20), end: Position(line: 0, character: 29)))
    let actions =
      try second.client.send(
        CodeActionRequest(
          textDocument: TextDocumentIdentifier(uri: second.uri("notes/a.md")), range: diagnostic.range,
          context: CodeActionContext(diagnostics: [diagnostic])))
      ?? []
    let fix = try #require(actions.first { $0.title == "rename 'smith2020' to 'smithRivers2020' in every note" })
    var edits: [String: [TextEdit]] = [:]
    for change in fix.edit?.documentChanges ?? [] {
      if case .textDocumentEdit(let edit) = change { edits[edit.textDocument.uri, default: []] += edit.edits }
    }
    for (uri, list) in fix.edit?.changes ?? [:] { edits[uri, default: []] += list }
    #expect(
      edits[second.uri("notes/a.md")]
        == [TextEdit(range: diagnostic.range, newText: "smithRivers2020")])
    // "Ghi chú 🦉🦉 [see @" is 19 code units.
    #expect(
      edits[second.uri("notes/b.md")]
        == [
          TextEdit(
            range: LSPRange(start: Position(line: 0, character: 19), end: Position(line: 0, character: 28)),
            newText: "smithRivers2020")
        ])
  }
}
