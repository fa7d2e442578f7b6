import Foundation
import GlossServer
import LanguageServerProtocol
import TestSupport
import Testing

/// What a real client announces decides how Gloss talks to it. The capabilities here are Neovim 0.12's, exactly as
/// `vim.lsp.protocol.make_client_capabilities()` returns them (`Tests/Fixtures/clients/neovim-0.12.json`): pull
/// diagnostics without `workspace.diagnostics.refreshSupport`, and `resourceOperations` without `documentChanges`.
@Suite struct ClientCapabilitiesTests {
  static let directory = Repository.url("Tests/Fixtures/clients")

  /// Neovim 0.12's announced capabilities.
  static func neovim() throws -> ClientCapabilities {
    let data = try Data(contentsOf: directory.appendingPathComponent("neovim-0.12.json"))
    return try JSONDecoder().decode(ClientCapabilities.self, from: data)
  }

  static let files: [String: String] = [
    "notes/trí nhớ.md": "# Trí nhớ\n\nTheo 🧠 [@smith2020, p. 4] và [[đường cong]].\n",
    "notes/đường cong.md": "# Đường cong\n\nCites @smith2020 and [@lê2021] and [[chưa có]].\n",
    "references.bib": "@book{smith2020, title = {Trí nhớ}, author = {Smith, Ann}, year = 2020}\n",
  ]

  @Test func theFixtureIsWhatNeovimAnnounces() throws {
    let capabilities = try Self.neovim()
    #expect(capabilities.textDocument?.diagnostic != nil)
    #expect(capabilities.workspace?.diagnostics?.refreshSupport != true)
    #expect(capabilities.workspace?.workspaceEdit?.resourceOperations == ["rename", "create", "delete"])
    #expect(capabilities.workspace?.workspaceEdit?.documentChanges == nil)
  }

  // MARK: Diagnostics: pull only with refresh, else push (never both)

  @Test func aPullClientThatCannotBeAskedToRefreshGetsPushedDiagnostics() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    let result = try fixture.client.initialize(
      InitializeRequest(
        capabilities: try Self.neovim(), workspaceFolders: [WorkspaceFolder(uri: fixture.uri("/w"), name: "w")]))
    // Neovim announces work-done progress: the first indexing waits for the token, or for the next event.
    fixture.tick()
    #expect(result.capabilities.diagnosticProvider == nil)
    #expect(fixture.codes("notes/đường cong.md") == ["unknown-source", "broken-link"])
  }

  @Test func aBibliographyFixedOnDiskIsPublishedToNeovim() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start(capabilities: try Self.neovim())
    fixture.open("notes/đường cong.md", Self.files["notes/đường cong.md"] ?? "")
    #expect(fixture.codes("notes/đường cong.md") == ["unknown-source", "broken-link"])
    fixture.fileSystem.setFile(
      "/w/references.bib",
      (Self.files["references.bib"] ?? "") + "@book{lê2021, title = {Đà Lạt}, author = {Lê, Chi}, year = 2021}\n")
    fixture.tick()
    #expect(fixture.codes("notes/đường cong.md") == ["broken-link"])
  }

  @Test(arguments: [true, false])
  func pullNeedsBothPullAndRefreshSupport(refreshSupport: Bool) throws {
    let fixture = WorkspaceFixture(files: Self.files)
    var capabilities = try Self.neovim()
    capabilities.workspace?.diagnostics = ClientCapabilities.RefreshSupport(refreshSupport: refreshSupport)
    let result = try fixture.client.initialize(
      InitializeRequest(
        capabilities: capabilities, workspaceFolders: [WorkspaceFolder(uri: fixture.uri("/w"), name: "w")]))
    fixture.tick()
    #expect((result.capabilities.diagnosticProvider != nil) == refreshSupport)
    #expect(fixture.published.isEmpty == refreshSupport)
  }

  // MARK: File operations: resource operations imply documentChanges

  @Test func renamingANoteFromNeovimMovesTheFile() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start(capabilities: try Self.neovim())
    let path = "notes/trí nhớ.md"
    let edit = try fixture.client.send(
      RenameRequest(
        textDocument: TextDocumentIdentifier(uri: fixture.uri(path)), position: Position(line: 2, character: 34),
        newName: "ký ức"))
    #expect(
      edit?.documentChanges?.last
        == .renameFile(
          RenameFile(
            oldUri: fixture.uri("notes/đường cong.md"), newUri: fixture.uri("notes/ký ức.md"),
            options: FileOperationOptions(overwrite: false, ignoreIfExists: false))))
  }

  @Test func neovimIsOfferedTheFixesThatCreateFiles() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start(capabilities: try Self.neovim())
    let path = "notes/đường cong.md"
    let actions = try fixture.client.send(
      CodeActionRequest(
        textDocument: TextDocumentIdentifier(uri: fixture.uri(path)),
        range: LSPRange(start: Position(line: 2, character: 0), end: Position(line: 2, character: 50)),
        context: CodeActionContext(diagnostics: [])))
    let titles = actions?.filter { $0.kind == "quickfix" }.map(\.title) ?? []
    #expect(titles.contains("create source document 'sources/lê2021.md'"))
    #expect(titles.contains { $0.hasPrefix("create note") })
  }
}
