import Foundation
import GlossServer
import LanguageServerProtocol
import TestSupport
import Testing

@Suite struct RenameEndToEndTests {
  static let files: [String: String] = [
    "notes/trí nhớ.md": "# Trí nhớ\n\nTheo 🧠 [@smith2020, p. 4] và [[đường cong]].\n",
    "notes/đường cong.md": "# Đường cong\n\n## Lãng quên\n\nCites @smith2020 and [@smith202].\n",
    "references.bib": "@book{smith2020, title = {Trí nhớ}, author = {Smith, Ann}, year = 2020}\n",
  ]

  static let fullSupport = ClientCapabilities(
    workspace: .init(workspaceEdit: .init(documentChanges: true, resourceOperations: ["create", "rename", "delete"])),
    textDocument: .init(rename: .init(prepareSupport: true)))

  static func started(_ capabilities: ClientCapabilities = fullSupport) throws -> WorkspaceFixture {
    let fixture = WorkspaceFixture(files: files)
    try fixture.start(capabilities: capabilities)
    return fixture
  }

  /// The position of the first `needle` in `path`, in UTF-16 columns.
  static func position(of needle: String, in path: String) -> Position {
    let text = files[path] ?? ""
    for (line, content) in text.components(separatedBy: "\n").enumerated() {
      if let range = content.range(of: needle) {
        return Position(line: line, character: content[..<range.lowerBound].utf16.count)
      }
    }
    return Position(line: 0, character: 0)
  }

  @Test func capabilitiesAnnounceRenameCodeActionsAndWillRename() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    let result = try fixture.client.initialize(
      InitializeRequest(
        capabilities: Self.fullSupport, workspaceFolders: [WorkspaceFolder(uri: fixture.uri("/w"), name: "w")]))
    #expect(result.capabilities.renameProvider == RenameOptions(prepareProvider: true))
    #expect(
      result.capabilities.codeActionProvider
        == CodeActionOptions(codeActionKinds: ["quickfix", "refactor.extract", "refactor.rewrite"]))
    #expect(result.capabilities.workspace?.fileOperations?.willRename != nil)
  }

  @Test func prepareRenameAnswersTheKeyRangeInUTF16() throws {
    let fixture = try Self.started()
    let path = "notes/trí nhớ.md"
    var position = Self.position(of: "smith2020", in: path)
    position.character += 3
    let result = try fixture.client.send(
      PrepareRenameRequest(textDocument: TextDocumentIdentifier(uri: fixture.uri(path)), position: position))
    #expect(result?.placeholder == "smith2020")
    // "Theo 🧠 [@" is 10 UTF-16 units: the emoji counts two.
    #expect(result?.range == LSPRange(start: Position(line: 2, character: 10), end: Position(line: 2, character: 19)))
    let prose = try fixture.client.send(
      PrepareRenameRequest(
        textDocument: TextDocumentIdentifier(uri: fixture.uri(path)), position: Position(line: 2, character: 1)))
    #expect(prose == nil)
  }

  @Test func renameAKeyEditsEveryCitationAndTheEntry() throws {
    let fixture = try Self.started()
    let path = "notes/trí nhớ.md"
    let edit = try fixture.client.send(
      RenameRequest(
        textDocument: TextDocumentIdentifier(uri: fixture.uri(path)),
        position: Self.position(of: "smith2020", in: path),
        newName: "nguyễn2020"))
    var edited: [String: [TextEdit]] = [:]
    for case .textDocumentEdit(let documentEdit) in edit?.documentChanges ?? [] {
      edited[documentEdit.textDocument.uri] = documentEdit.edits
      #expect(documentEdit.textDocument.version == nil)
    }
    #expect(
      edited == [
        fixture.uri("notes/trí nhớ.md"): [
          TextEdit(
            range: LSPRange(start: Position(line: 2, character: 10), end: Position(line: 2, character: 19)),
            newText: "nguyễn2020")
        ],
        fixture.uri("notes/đường cong.md"): [
          TextEdit(
            range: LSPRange(start: Position(line: 4, character: 7), end: Position(line: 4, character: 16)),
            newText: "nguyễn2020")
        ],
        fixture.uri("references.bib"): [
          TextEdit(
            range: LSPRange(start: Position(line: 0, character: 6), end: Position(line: 0, character: 15)),
            newText: "nguyễn2020")
        ],
      ])
  }

  @Test func aRefusedRenameIsRequestFailedWithTheReason() throws {
    let fixture = try Self.started()
    let path = "notes/trí nhớ.md"
    let id = fixture.client.enqueue(
      RenameRequest(
        textDocument: TextDocumentIdentifier(uri: fixture.uri(path)), position: Position(line: 2, character: 1),
        newName: "x"))
    fixture.client.processQueue()
    #expect(fixture.client.errorCode(of: id) == .requestFailed)
    #expect(throws: ResponseError(code: .requestFailed, message: "nothing to rename here")) {
      try fixture.client.response(to: id, as: RenameRequest.self)
    }
  }

  @Test func aRenameNeedingANoteThatChangedOnDiskIsRefusedNamingIt() throws {
    let fixture = try Self.started()
    // Changed on disk, not yet read again: the index's offsets in it no longer hold.
    fixture.fileSystem.setFile("/w/notes/đường cong.md", "# Đường cong\n\nMoved\ndown.\n\nCites @smith2020.\n")
    let id = fixture.client.enqueue(
      RenameRequest(
        textDocument: TextDocumentIdentifier(uri: fixture.uri("notes/trí nhớ.md")),
        position: Self.position(of: "smith2020", in: "notes/trí nhớ.md"), newName: "nguyễn2020"))
    fixture.client.processQueue()
    #expect(fixture.client.errorCode(of: id) == .requestFailed)
    #expect(
      throws: ResponseError(
        code: .requestFailed,
        message: "'notes/đường cong.md' cannot be read as Gloss indexed it (changed on disk since, or unreadable): "
          + "nothing was renamed; try again once Gloss has read it again")
    ) {
      try fixture.client.response(to: id, as: RenameRequest.self)
    }
    // Once the scan has read it again, the rename goes through, with the note's new positions.
    fixture.tick()
    let edit = try fixture.client.send(
      RenameRequest(
        textDocument: TextDocumentIdentifier(uri: fixture.uri("notes/trí nhớ.md")),
        position: Self.position(of: "smith2020", in: "notes/trí nhớ.md"), newName: "nguyễn2020"))
    var edited: [String: [TextEdit]] = [:]
    for case .textDocumentEdit(let documentEdit) in edit?.documentChanges ?? [] {
      edited[documentEdit.textDocument.uri] = documentEdit.edits
    }
    #expect(edited[fixture.uri("notes/đường cong.md")]?.map(\.range.start) == [Position(line: 5, character: 7)])
  }

  @Test func referencesSayWhichNotesCouldNotBeRead() throws {
    let fixture = try Self.started()
    fixture.fileSystem.setFile("/w/notes/đường cong.md", "# Đường cong\n\nMoved\ndown.\n\nCites @smith2020.\n")
    let locations = try fixture.client.send(
      ReferencesRequest(
        textDocument: TextDocumentIdentifier(uri: fixture.uri("notes/trí nhớ.md")),
        position: Self.position(of: "smith2020", in: "notes/trí nhớ.md"),
        context: ReferenceContext(includeDeclaration: false)))
    #expect(locations?.map(\.uri) == [fixture.uri("notes/trí nhớ.md")])
    let messages = fixture.client.notifications(LogMessageNotification.self).map(\.message)
    #expect(
      messages.contains(
        "references: 'notes/đường cong.md' cannot be read as Gloss indexed it (changed on disk since, or unreadable): "
          + "its places are not listed"))
  }

  @Test func renamingANoteFromALinkIsARenameFileOperation() throws {
    let fixture = try Self.started()
    let path = "notes/trí nhớ.md"
    let edit = try fixture.client.send(
      RenameRequest(
        textDocument: TextDocumentIdentifier(uri: fixture.uri(path)),
        position: Self.position(of: "đường cong]]", in: path), newName: "ký ức"))
    let changes = edit?.documentChanges ?? []
    #expect(
      changes.last
        == .renameFile(
          RenameFile(
            oldUri: fixture.uri("notes/đường cong.md"), newUri: fixture.uri("notes/ký ức.md"),
            options: FileOperationOptions(overwrite: false, ignoreIfExists: false))))
    #expect(changes.count == 2)
  }

  @Test func willRenameFilesReturnsTheLinkEdits() throws {
    let fixture = try Self.started()
    let edit = try fixture.client.send(
      WillRenameFilesRequest(files: [
        FileRename(oldUri: fixture.uri("notes/đường cong.md"), newUri: fixture.uri("notes/lãng quên.md"))
      ]))
    guard case .textDocumentEdit(let documentEdit)? = edit?.documentChanges?.first else {
      Issue.record("no text edit in \(String(describing: edit))")
      return
    }
    #expect(documentEdit.textDocument.uri == fixture.uri("notes/trí nhớ.md"))
    #expect(documentEdit.edits.map(\.newText) == ["lãng quên"])
    let unrelated = try fixture.client.send(
      WillRenameFilesRequest(files: [FileRename(oldUri: fixture.uri("x.png"), newUri: fixture.uri("y.png"))]))
    #expect(unrelated == nil)
  }

  @Test func codeActionsAreQuickFixesOfTheIndexedDiagnostics() throws {
    let fixture = try Self.started()
    let path = "notes/đường cong.md"
    let start = Self.position(of: "smith202]", in: path)
    let all = try fixture.client.send(
      CodeActionRequest(
        textDocument: TextDocumentIdentifier(uri: fixture.uri(path)), range: LSPRange(at: start),
        context: CodeActionContext(diagnostics: [])))
    // On a citation, the actions are about it: "Convert note to source" (a move of the whole note) is not among them.
    #expect(all?.contains { $0.title == "Convert note to source" } == false)
    // Elsewhere in the note it is offered, after the quick fixes (Server+Refactors.swift), never preferred.
    let elsewhere = try fixture.client.send(
      CodeActionRequest(
        textDocument: TextDocumentIdentifier(uri: fixture.uri(path)),
        range: LSPRange(at: Self.position(of: "Lãng", in: path)),
        context: CodeActionContext(diagnostics: [])))
    #expect(elsewhere?.last?.title == "Convert note to source")
    #expect(elsewhere?.last?.isPreferred == nil)
    let actions = all?.filter { $0.kind == "quickfix" }
    #expect(
      actions?.map(\.title) == ["replace with 'smith2020'", "create source document 'sources/smith202.md'"])
    #expect(actions?.allSatisfy { $0.kind == "quickfix" && $0.diagnostics?.first?.code == "unknown-source" } == true)
    #expect(actions?.first?.isPreferred == true)
    let stub = actions?.last?.edit?.documentChanges ?? []
    #expect(
      stub.first
        == .createFile(
          CreateFile(
            uri: fixture.uri("sources/smith202.md"),
            options: FileOperationOptions(overwrite: false, ignoreIfExists: false))
        ))
  }

  @Test func withoutResourceOperationsFileCreatingFixesAreLeftOut() throws {
    let fixture = try Self.started(ClientCapabilities())
    let path = "notes/đường cong.md"
    let actions = try fixture.client.send(
      CodeActionRequest(
        textDocument: TextDocumentIdentifier(uri: fixture.uri(path)),
        range: LSPRange(at: Self.position(of: "smith202]", in: path)), context: CodeActionContext()))
    #expect(actions?.map(\.title) == ["replace with 'smith2020'"])
    #expect(actions?.first?.edit?.changes?[fixture.uri(path)]?.first?.newText == "smith2020")
    let refactors = try fixture.client.send(
      CodeActionRequest(
        textDocument: TextDocumentIdentifier(uri: fixture.uri(path)),
        range: LSPRange(at: Self.position(of: "Lãng", in: path)), context: CodeActionContext(only: ["refactor"])))
    #expect(refactors?.map(\.kind) == ["refactor.rewrite"])
    #expect(refactors?.first?.command?.command == "gloss.convertToSource")
  }
}
