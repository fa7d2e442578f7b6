import Foundation
import GlossServer
import LanguageServerProtocol
import TestSupport
import Testing

@Suite struct OutlineEndToEndTests {
  static let files: [String: String] = [
    "notes/trí nhớ.md": """
    ---
    title: Trí nhớ
    ---
    # Học 学习

    Đoạn 🦉 [@smith2020, p. 4] #ký-ức [[đường cong#Lãng quên]]

    ## Phương pháp
    chữ

    """,
    "notes/đường cong.md": "# Đường cong\n\n## Lãng quên\n",
    "references.bib": """
    @book{smith2020, title = {Trí nhớ}, author = {Smith, Ann}, year = 2020,
      doi = {10.1000/xyz}}

    """,
    ".gloss.json": #"{"inlayHints": true}"#,
  ]

  static func document(_ fixture: WorkspaceFixture, _ path: String) -> TextDocumentIdentifier {
    TextDocumentIdentifier(uri: fixture.uri(path))
  }

  static func range(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> LSPRange {
    LSPRange(start: Position(line: a, character: b), end: Position(line: c, character: d))
  }

  @Test func capabilitiesAdvertiseTheOutlineFeatures() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    let result = try fixture.client.initialize(InitializeRequest(capabilities: ClientCapabilities()))
    #expect(result.capabilities.documentSymbolProvider == true)
    #expect(result.capabilities.workspaceSymbolProvider == true)
    #expect(result.capabilities.foldingRangeProvider == true)
    #expect(result.capabilities.documentLinkProvider == DocumentLinkOptions(resolveProvider: false))
    #expect(result.capabilities.inlayHintProvider == true)
    #expect(result.capabilities.semanticTokensProvider?.legend.tokenTypes.first == "variable")
  }

  @Test func documentSymbolsOfANoteOnDiskUseUTF16Columns() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    var capabilities = ClientCapabilities(textDocument: ClientCapabilities.TextDocument())
    capabilities.textDocument?.documentSymbol = .init(hierarchicalDocumentSymbolSupport: true)
    try fixture.start(capabilities: capabilities)
    let answer = try fixture.client.send(
      DocumentSymbolRequest(textDocument: Self.document(fixture, "notes/trí nhớ.md")))
    guard case .tree(let symbols) = answer else {
      Issue.record("expected a tree, got \(answer)")
      return
    }
    #expect(symbols.map(\.name) == ["Học 学习"])
    #expect(symbols.first?.kind == .string)
    #expect(symbols.first?.selectionRange == Self.range(3, 2, 3, 8))
    #expect(symbols.first?.range == Self.range(3, 0, 8, 3))
    #expect(symbols.first?.children?.map(\.name) == ["Phương pháp"])
    let entries = try fixture.client.send(DocumentSymbolRequest(textDocument: Self.document(fixture, "references.bib")))
    guard case .tree(let entrySymbols) = entries else {
      Issue.record("expected a tree, got \(entries)")
      return
    }
    #expect(entrySymbols.map { "\($0.name) \($0.detail ?? "")" } == ["smith2020 Trí nhớ"])
  }

  @Test func clientsWithoutTreesGetAFlatListWithContainers() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start()
    let uri = fixture.uri("notes/trí nhớ.md")
    let answer = try fixture.client.send(DocumentSymbolRequest(textDocument: TextDocumentIdentifier(uri: uri)))
    #expect(
      answer
        == .flat([
          SymbolInformation(name: "Học 学习", kind: .string, location: Location(uri: uri, range: Self.range(3, 0, 8, 3))),
          SymbolInformation(
            name: "Phương pháp", kind: .string, location: Location(uri: uri, range: Self.range(7, 0, 8, 3)),
            containerName: "Học 学习"),
        ]))
  }

  @Test func foldingRangesFollowTheOpenBuffer() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start()
    fixture.open("notes/đường cong.md", "# Đường cong\n\n## Lãng quên\nmột\n<!--\nhai\n-->\n")
    let folds = try fixture.client.send(
      FoldingRangeRequest(textDocument: Self.document(fixture, "notes/đường cong.md")))
    #expect(
      folds == [
        FoldingRange(startLine: 0, endLine: 6, kind: "region"), FoldingRange(startLine: 2, endLine: 6, kind: "region"),
        FoldingRange(startLine: 4, endLine: 6, kind: "comment"),
      ])
  }

  @Test func documentLinksLeadToNotesAndDOIs() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start()
    let links = try fixture.client.send(DocumentLinkRequest(textDocument: Self.document(fixture, "notes/trí nhớ.md")))
    #expect(links.map(\.target) == ["https://doi.org/10.1000/xyz", fixture.uri("notes/đường cong.md")])
    // "Đoạn 🦉 [@" is 10 UTF-16 units.
    #expect(links.first?.range == Self.range(5, 10, 5, 19))
  }

  @Test func inlayHintsAndSemanticTokensDecorateCitations() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start()
    let document = Self.document(fixture, "notes/trí nhớ.md")
    let hints = try fixture.client.send(InlayHintRequest(textDocument: document, range: Self.range(0, 0, 9, 0)))
    #expect(
      hints == [
        InlayHint(
          position: Position(line: 5, character: 19), label: "Smith 2020", tooltip: "Trí nhớ", paddingLeft: true)
      ])
    #expect(try fixture.client.send(InlayHintRequest(textDocument: document, range: Self.range(6, 0, 9, 0))).isEmpty)
    let tokens = try fixture.client.send(SemanticTokensRequest(textDocument: document))
    // Key, locator, tag, link target, link heading — all on line 5.
    #expect(
      tokens.data == [
        5, 10, 9, 0, 0, 0, 11, 4, 1, 0, 0, 6, 6, 2, 0, 0, 9, 10, 3, 0, 0, 11, 9, 4, 0,
      ])
  }

  @Test func workspaceSymbolsSearchEveryRoot() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start()
    let symbols = try fixture.client.send(WorkspaceSymbolRequest(query: "lang"))
    #expect(symbols.map(\.name) == ["Lãng quên"])
    #expect(
      symbols.first?.location == Location(uri: fixture.uri("notes/đường cong.md"), range: Self.range(2, 3, 2, 12)))
    #expect(symbols.first?.containerName == "Đường cong")
    let notes = try fixture.client.send(WorkspaceSymbolRequest(query: "trí"))
    #expect(notes.first?.kind == .file)
    #expect(notes.first?.location.range == Self.range(0, 0, 0, 0))
  }

  static var refreshingClient: ClientCapabilities {
    var workspace = ClientCapabilities.Workspace()
    workspace.semanticTokens = ClientCapabilities.RefreshSupport(refreshSupport: true)
    workspace.inlayHint = ClientCapabilities.RefreshSupport(refreshSupport: true)
    return ClientCapabilities(workspace: workspace)
  }

  @Test func editingABibliographyAsksClientsThatAllowItToRefreshDecorations() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start(capabilities: Self.refreshingClient)
    fixture.open("notes/trí nhớ.md", Self.files["notes/trí nhớ.md"] ?? "")
    fixture.open("references.bib", Self.files["references.bib"] ?? "")
    fixture.client.clearCollected()
    fixture.replace("notes/trí nhớ.md", with: "# Học\n\n[@smith2020]\n", version: 2)
    #expect(fixture.client.serverRequests.isEmpty)
    fixture.replace("references.bib", with: "@book{smith2020, author = {Nguyễn, An}, year = 2021}\n", version: 2)
    #expect(
      fixture.client.serverRequests.map(\.method) == [
        "workspace/semanticTokens/refresh", "workspace/inlayHint/refresh",
      ])
    let hints = try fixture.client.send(
      InlayHintRequest(textDocument: Self.document(fixture, "notes/trí nhớ.md"), range: Self.range(0, 0, 9, 0)))
    #expect(hints.map(\.label) == ["Nguyễn 2021"])
  }

  @Test func clientsWithoutRefreshSupportAreNotAsked() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start()
    fixture.open("references.bib", Self.files["references.bib"] ?? "")
    fixture.client.clearCollected()
    fixture.replace("references.bib", with: "@book{smith2020, author = {Nguyễn, An}, year = 2021}\n", version: 2)
    #expect(fixture.client.serverRequests.isEmpty)
  }
}
