import Foundation
import GlossServer
import GlossSyntax
import LanguageServerProtocol
import TestSupport
import Testing

/// Hover, definition, references and code lenses through the test client, in UTF-16 positions.
@Suite struct NavigationEndToEndTests {
  static let note = "Tiếng Việt 日本語 🦉 ⏩[see @bart1️⃣lett1932, sec. 2.1]⏪ et [[h2️⃣ub]] #mé3️⃣moire 4️⃣.\n"
  static let source = """
    ---
    title: Remembering
    ---
    # Remembering

    ⏩## 2.1 Méthodes 👻

    Subjects read the story twice.⏪

    ## 2.2 Results

    """
  static let bib = "@book{⏩bartlett1932⏪, title = {Remembering}, author = {Bartlett, F. C.}, year = {1932}}\n"

  private func start() throws -> WorkspaceFixture {
    let fixture = WorkspaceFixture(files: [
      "notes/a.md": MarkedText(Self.note).text, "notes/hub.md": "# Hub 🦉\n\nPremière ligne.\n",
      "notes/b.md": "[[hub]] #Mémoire [@bartlett1932]\n", "sources/bartlett1932.md": MarkedText(Self.source).text,
      "refs.bib": MarkedText(Self.bib).text,
    ])
    try fixture.start()
    return fixture
  }

  private func position(_ digit: String, in marked: String) -> Position {
    let text = MarkedText(marked)
    return SourceText(text.text).lspPosition(of: text.cursors[digit] ?? -1, in: .utf16)
  }

  private func range(_ index: Int, in marked: String) -> LSPRange {
    let text = MarkedText(marked)
    return SourceText(text.text).lspRange(of: text.ranges[index], in: .utf16)
  }

  private func document(_ fixture: WorkspaceFixture, _ path: String) -> TextDocumentIdentifier {
    TextDocumentIdentifier(uri: fixture.uri(path))
  }

  @Test func capabilitiesAdvertiseNavigation() throws {
    let fixture = WorkspaceFixture(files: [:])
    let result = try fixture.client.initialize()
    #expect(result.capabilities.hoverProvider == true)
    #expect(result.capabilities.definitionProvider == true)
    #expect(result.capabilities.referencesProvider == true)
    #expect(result.capabilities.codeLensProvider == CodeLensOptions(resolveProvider: false))
    #expect(
      result.capabilities.executeCommandProvider?.commands == [
        "gloss.showReferences", "gloss.saveAsNote", "gloss.newNote", "gloss.convertToSource", "gloss.reindex",
        "gloss.export", "gloss.find", "gloss.openSource", "gloss.createLiteratureNote",
      ])
  }

  @Test func hoverOnACitationInAClosedNoteShowsThePassageAndItsRange() throws {
    let fixture = try start()
    let hover = try #require(
      try fixture.client.send(
        HoverRequest(textDocument: document(fixture, "notes/a.md"), position: position("1", in: Self.note))))
    #expect(hover.contents.kind == .markdown)
    #expect(hover.contents.value.contains("section 2.1 Méthodes 👻 of `bartlett1932.md`"))
    #expect(hover.contents.value.contains("Subjects read the story twice."))
    var item = range(0, in: Self.note)
    item.start.character += 1
    item.end.character -= 1
    #expect(hover.range == item)
  }

  @Test func utf8ClientsGetByteColumns() throws {
    let fixture = WorkspaceFixture(files: [
      "notes/a.md": MarkedText(Self.note).text, "sources/bartlett1932.md": MarkedText(Self.source).text,
    ])
    try fixture.start(capabilities: ClientCapabilities(general: .init(positionEncodings: ["utf-8"])))
    let marked = MarkedText(Self.note)
    let text = SourceText(marked.text)
    let hover = try #require(
      try fixture.client.send(
        HoverRequest(
          textDocument: document(fixture, "notes/a.md"),
          position: text.lspPosition(of: marked.cursors["1"] ?? -1, in: .utf8))))
    let item = marked.ranges[0].lowerBound + 1..<marked.ranges[0].upperBound - 1
    #expect(hover.range == text.lspRange(of: item, in: .utf8))
    #expect(hover.range?.start.character == item.lowerBound)
  }

  @Test func aSourceDocumentsFirstLineHoversWithItsCitationCount() throws {
    let fixture = try start()
    let hover = try #require(
      try fixture.client.send(
        HoverRequest(
          textDocument: document(fixture, "sources/bartlett1932.md"), position: Position(line: 0, character: 1))))
    #expect(hover.contents.value.hasPrefix("**Remembering** · `bartlett1932`"))
    #expect(hover.contents.value.hasSuffix("\n\ncited 2 times"))
    #expect(hover.range == LSPRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 3)))
  }

  @Test func plainTextOnlyClientsGetPlainText() throws {
    let fixture = WorkspaceFixture(files: ["notes/a.md": MarkedText(Self.note).text])
    try fixture.start(
      capabilities: ClientCapabilities(textDocument: .init(hover: .init(contentFormat: ["plaintext"]))))
    let hover = try fixture.client.send(
      HoverRequest(textDocument: document(fixture, "notes/a.md"), position: position("1", in: Self.note)))
    #expect(hover?.contents.kind == .plaintext)
    #expect(hover?.contents.value.hasPrefix("unknown source 'bartlett1932'") == true)
  }

  @Test func hoverOnPlainTextAnswersNull() throws {
    let fixture = try start()
    let id = fixture.client.enqueue(
      HoverRequest(textDocument: document(fixture, "notes/a.md"), position: position("4", in: Self.note)))
    fixture.client.processQueue()
    #expect(try fixture.client.response(to: id, as: HoverRequest.self) == nil)
    #expect(fixture.client.answers[id]?.count == 1)
  }

  @Test func definitionLeadsToTheSectionInTheSourceFile() throws {
    let fixture = try start()
    let result = try fixture.client.send(
      DefinitionRequest(textDocument: document(fixture, "notes/a.md"), position: position("1", in: Self.note)))
    #expect(
      result == .location(Location(uri: fixture.uri("sources/bartlett1932.md"), range: range(0, in: Self.source))))
    let link = try fixture.client.send(
      DefinitionRequest(textDocument: document(fixture, "notes/a.md"), position: position("2", in: Self.note)))
    #expect(
      link
        == .location(Location(uri: fixture.uri("notes/hub.md"), range: LSPRange(at: Position(line: 0, character: 0)))))
  }

  @Test func referencesFollowTheOpenBufferAndHonourIncludeDeclaration() throws {
    let fixture = try start()
    let edited = "Mới: [@bartlett1932] 🦉 [@bart1️⃣lett1932, p. 1]\n"
    fixture.open("notes/c.md", MarkedText(edited).text)
    func references(_ declaration: Bool) throws -> [String] {
      let locations = try fixture.client.send(
        ReferencesRequest(
          textDocument: document(fixture, "notes/c.md"), position: position("1", in: edited),
          context: ReferenceContext(includeDeclaration: declaration)))
      return (locations ?? []).map { "\(FileURI($0.uri).filePath ?? $0.uri) \($0.range)" }
    }
    let citations = [
      "/w/notes/a.md 0:24-0:36", "/w/notes/b.md 0:19-0:31", "/w/notes/c.md 0:7-0:19", "/w/notes/c.md 0:26-0:38",
    ]
    let withoutDeclaration = try references(false)
    #expect(withoutDeclaration == citations)
    let withDeclaration = try references(true)
    #expect(
      withDeclaration == ["/w/refs.bib \(range(0, in: Self.bib))", "/w/sources/bartlett1932.md 0:0-0:0"] + citations)
  }

  @Test func codeLensesCarryTheirTitleAndTheReferencesCommand() throws {
    let fixture = try start()
    let lenses = try #require(try fixture.client.send(CodeLensRequest(textDocument: document(fixture, "refs.bib"))))
    #expect(lenses.count == 1)
    #expect(lenses.first?.range == range(0, in: Self.bib))
    #expect(lenses.first?.command?.title == "cited 2 times")
    #expect(lenses.first?.command?.command == "gloss.showReferences")
    #expect(
      lenses.first?.command?.arguments == [
        .string(fixture.uri("refs.bib")), .object(["line": .int(0), "character": .int(6)]),
      ])
    let hub = try fixture.client.send(CodeLensRequest(textDocument: document(fixture, "notes/hub.md")))
    #expect(hub?.map { $0.command?.title } == ["2 backlinks"])
    #expect(
      try fixture.client.send(
        ExecuteCommandRequest(command: "gloss.showReferences", arguments: lenses.first?.command?.arguments)) == nil)
    let outside = try fixture.client.send(CodeLensRequest(textDocument: TextDocumentIdentifier(uri: "file:///x/y.md")))
    #expect(outside == nil)
    let unknown = fixture.client.enqueue(ExecuteCommandRequest(command: "gloss.nope"))
    fixture.client.processQueue()
    #expect(fixture.client.errorCode(of: unknown) == .invalidParams)
  }
}
