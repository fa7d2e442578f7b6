import Foundation
import GlossIndex
import GlossServer
import LanguageServerProtocol
import TestSupport
import Testing

@Suite struct ExecuteCommandTests {
  static let files = [
    "notes/Bartlett.md": "---\ntags: [mémoire]\n---\n# Bartlett\n\nSchemata shape recall.\nRest.\n",
    "notes/Idée.md": "# Idée\n",
    "sources/loftus.md": "---\nid: loftus1974\n---\nMemory is malleable.\nLeading questions change reports.\n",
  ]

  static let resourceClient = ClientCapabilities(
    workspace: .init(
      applyEdit: true, workspaceEdit: .init(documentChanges: true, resourceOperations: ["create", "rename", "delete"])),
    window: .init(showDocument: .init(support: true)))

  static func argument(_ members: [String: JSONValue]) -> [JSONValue] { [.object(members)] }

  @Test func commandsAreAdvertised() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    let result = try fixture.client.initialize(InitializeRequest(capabilities: ClientCapabilities()))
    #expect(
      result.capabilities.executeCommandProvider?.commands.sorted()
        == [
          "gloss.convertToSource", "gloss.createLiteratureNote", "gloss.export", "gloss.find", "gloss.newNote",
          "gloss.openSource", "gloss.reindex", "gloss.saveAsNote", "gloss.showReferences",
        ])
  }

  // An editor that applies `CreateFile` makes the file empty on disk and puts the contents in an unsaved buffer: the
  // note stayed empty on disk until saved. Gloss now writes the new note itself, whole, and asks the editor for the
  // link in the open origin only.
  @Test func saveAsNoteWritesTheNoteWholeAndAsksTheEditorForTheLinkOnly() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start(capabilities: Self.resourceClient)
    let text = Self.files["notes/Bartlett.md"] ?? ""
    fixture.open("notes/Bartlett.md", text)
    fixture.client.clearCollected()
    let range = LSPRange(start: Position(line: 5, character: 0), end: Position(line: 6, character: 0))
    let rangeValue = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(range))
    let id = fixture.client.enqueue(
      ExecuteCommandRequest(
        command: "gloss.saveAsNote",
        arguments: Self.argument(["uri": .string(fixture.uri("notes/Bartlett.md")), "range": rangeValue])))
    fixture.client.processQueue()
    let newURI = fixture.uri("notes/Schemata shape recall.md")
    #expect(fixture.client.answers[id] == nil)
    // On disk at once, with its contents.
    let written = String(
      decoding: try fixture.fileSystem.contents(of: "/w/notes/Schemata shape recall.md"), as: UTF8.self)
    #expect(written.contains("origin: \"[[Bartlett]]\""))
    #expect(written.contains("tags: [mémoire]"))

    let request = try #require(fixture.client.serverRequests.first { $0.method == ApplyWorkspaceEditRequest.method })
    let edit = try #require(request.params).decode(ApplyWorkspaceEditRequest.self).edit
    let changes = try #require(edit.documentChanges)
    guard changes.count == 1, case .textDocumentEdit(let replace) = changes[0] else {
      Issue.record("not the origin's edit alone: \(changes)")
      return
    }
    #expect(replace.textDocument.uri == fixture.uri("notes/Bartlett.md"))
    #expect(replace.textDocument.version == 1)
    #expect(replace.edits == [TextEdit(range: range, newText: "[[Schemata shape recall]]\n")])

    fixture.client.reply(to: request.id, result: ApplyWorkspaceEditResult(applied: true))
    #expect(try fixture.client.response(to: id, as: ExecuteCommandRequest.self) == .object(["uri": .string(newURI)]))
    #expect(fixture.client.serverRequests.contains { $0.method == ShowDocumentRequest.method })
  }

  @Test func clientWithoutResourceOperationsGetsTheFileWrittenAndNothingOverwritten() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start()
    // A file that is not indexed (ignored folder rules aside) still blocks its name.
    fixture.fileSystem.setFile("/w/notes/Idée-2.md", "déjà là\n")
    let id = fixture.client.enqueue(
      ExecuteCommandRequest(command: "gloss.newNote", arguments: Self.argument(["title": .string("Idée")])))
    fixture.client.processQueue()
    #expect(
      try fixture.client.response(to: id, as: ExecuteCommandRequest.self)
        == .object(["uri": .string(fixture.uri("notes/Idée-3.md"))]))
    #expect(try fixture.fileSystem.contents(of: "/w/notes/Idée.md") == Array("# Idée\n".utf8))
    #expect(try fixture.fileSystem.contents(of: "/w/notes/Idée-2.md") == Array("déjà là\n".utf8))
    let written = String(decoding: try fixture.fileSystem.contents(of: "/w/notes/Idée-3.md"), as: UTF8.self)
    #expect(written == "---\ntitle: Idée\ncreated: 2026-09-21T14:13:20Z\n---\n\n")
    #expect(fixture.client.serverRequests.isEmpty)
    // The new note is indexed at once.
    #expect(fixture.client.server.roots.first?.workspace.notes["notes/Idée-3.md"] != nil)
  }

  @Test func saveAsNoteFromASourceWritesABlockquoteCitingTheLines() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start()
    let range = LSPRange(start: Position(line: 3, character: 0), end: Position(line: 4, character: 34))
    let rangeValue = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(range))
    let id = fixture.client.enqueue(
      ExecuteCommandRequest(
        command: "gloss.saveAsNote",
        arguments: Self.argument([
          "uri": .string(fixture.uri("sources/loftus.md")), "range": rangeValue, "title": .string("Malléable"),
        ])))
    fixture.client.processQueue()
    #expect(
      try fixture.client.response(to: id, as: ExecuteCommandRequest.self)
        == .object(["uri": .string(fixture.uri("notes/Malléable.md"))]))
    let written = String(decoding: try fixture.fileSystem.contents(of: "/w/notes/Malléable.md"), as: UTF8.self)
    #expect(
      written.hasSuffix(
        "---\n\n> Memory is malleable.\n> Leading questions change reports.\n> — [@loftus1974, ll. 4-5]\n"))
    #expect(written.contains("origin: \"@loftus1974, ll. 4-5\""))
  }

  @Test func convertToSourceMovesTheNoteAndMakesItCitable() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start()
    let id = fixture.client.enqueue(
      ExecuteCommandRequest(
        command: "gloss.convertToSource", arguments: Self.argument(["uri": .string(fixture.uri("notes/Idée.md"))])))
    fixture.client.processQueue()
    #expect(
      try fixture.client.response(to: id, as: ExecuteCommandRequest.self)
        == .object(["uri": .string(fixture.uri("sources/Idée.md"))]))
    #expect(!fixture.fileSystem.fileExists("/w/notes/Idée.md"))
    #expect(try fixture.fileSystem.contents(of: "/w/sources/Idée.md") == Array("---\nid: idée\n---\n# Idée\n".utf8))
    #expect(fixture.client.server.roots.first?.workspace.hasSource("idée") == true)
  }

  @Test func convertToSourceWithResourceOperationsEditsThenRenames() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start(capabilities: Self.resourceClient)
    fixture.client.clearCollected()
    fixture.client.enqueue(
      ExecuteCommandRequest(
        command: "gloss.convertToSource", arguments: Self.argument(["uri": .string(fixture.uri("notes/Idée.md"))])))
    fixture.client.processQueue()
    let request = try #require(fixture.client.serverRequests.first { $0.method == ApplyWorkspaceEditRequest.method })
    let params = try #require(request.params)
    let changes = try #require(try params.decode(ApplyWorkspaceEditRequest.self).edit.documentChanges)
    #expect(changes.count == 2)
    guard case .renameFile(let rename) = changes.last else {
      Issue.record("no RenameFile: \(changes)")
      return
    }
    #expect(rename.newUri == fixture.uri("sources/Idée.md"))
    #expect(rename.options?.overwrite == false)
  }

  @Test func exportWritesTheFileAndAnswersItsURI() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start()
    let id = fixture.client.enqueue(
      ExecuteCommandRequest(
        command: "gloss.export",
        arguments: Self.argument(["uri": .string(fixture.uri("notes/Bartlett.md")), "format": .string("html")])))
    fixture.client.processQueue()
    #expect(
      try fixture.client.response(to: id, as: ExecuteCommandRequest.self)
        == .object(["uri": .string(fixture.uri("export/bartlett.html"))]))
    let html = String(decoding: try fixture.fileSystem.contents(of: "/w/export/bartlett.html"), as: UTF8.self)
    #expect(html.contains("<p>Schemata shape recall.\nRest.</p>"))
  }

  @Test func anExportWithUnknownSourcesSaysSo() throws {
    let fixture = WorkspaceFixture(
      files: Self.files.merging(["notes/Ma.md": "# Ma\n\nThấy [@ghost2001, p. 2] và [@loftus1974].\n"]) { $1 })
    try fixture.start()
    fixture.client.clearCollected()
    let id = fixture.client.enqueue(
      ExecuteCommandRequest(
        command: "gloss.export", arguments: Self.argument(["uri": .string(fixture.uri("notes/Ma.md"))])))
    fixture.client.processQueue()
    #expect(
      try fixture.client.response(to: id, as: ExecuteCommandRequest.self)
        == .object(["uri": .string(fixture.uri("export/ma.md")), "unknownKeys": .array([.string("ghost2001")])]))
    let shown = fixture.client.notifications(ShowMessageNotification.self)
    #expect(shown.map(\.message) == ["the export shows 1 cited key without a source as 'key?': 'ghost2001'"])
    #expect(shown.first?.type == .warning)
  }

  @Test func badArgumentsAreInvalidParams() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start()
    for request in [
      ExecuteCommandRequest(command: "gloss.unknown"),
      ExecuteCommandRequest(
        command: "gloss.newNote", arguments: Self.argument(["title": .string("x"), "dir": .string("../..")])),
      ExecuteCommandRequest(
        command: "gloss.export", arguments: Self.argument(["tag": .string("x"), "format": .string("docx")])),
      ExecuteCommandRequest(command: "gloss.saveAsNote"),
    ] {
      let id = fixture.client.enqueue(request)
      fixture.client.processQueue()
      #expect(fixture.client.errorCode(of: id) == .invalidParams)
    }
  }
}

@Suite struct RefactorCommandsTests {
  @Test func selectionInANoteOffersBothRefactors() throws {
    let fixture = WorkspaceFixture(files: ExecuteCommandTests.files)
    try fixture.start()
    let uri = fixture.uri("notes/Bartlett.md")
    let range = LSPRange(start: Position(line: 5, character: 0), end: Position(line: 5, character: 8))
    let actions = fixture.client.server.refactorCommands(at: uri, range: range)
    #expect(actions.map(\.kind) == ["refactor.extract", "refactor.rewrite"])
    #expect(actions.map(\.command.command) == ["gloss.saveAsNote", "gloss.convertToSource"])
    let argument = try #require(actions.first?.command.arguments?.first)
    #expect(try Server.decode(LSPRange.self, from: try #require(argument["range"])) == range)
    #expect(argument["uri"] == .string(uri))
  }

  @Test func emptySelectionOffersOnlyTheConversionAndSourcesOnlyTheExtraction() throws {
    let fixture = WorkspaceFixture(files: ExecuteCommandTests.files)
    try fixture.start()
    let empty = LSPRange(start: Position(line: 5, character: 3), end: Position(line: 5, character: 3))
    #expect(
      fixture.client.server.refactorCommands(at: fixture.uri("notes/Bartlett.md"), range: empty).map(\.kind) == [
        "refactor.rewrite"
      ])
    let line = LSPRange(start: Position(line: 3, character: 0), end: Position(line: 3, character: 6))
    #expect(
      fixture.client.server.refactorCommands(at: fixture.uri("sources/loftus.md"), range: line).map(\.kind) == [
        "refactor.extract"
      ])
  }
}

@Suite struct ReindexCommandTests {
  @Test func reindexReadsFilesChangedBehindTheServersBack() throws {
    let fixture = WorkspaceFixture(files: ExecuteCommandTests.files)
    try fixture.start()
    fixture.fileSystem.setFile("/w/notes/Nouvelle.md", "# Nouvelle\n[@loftus1974]\n")
    #expect(fixture.client.server.roots.first?.workspace.notes["notes/Nouvelle.md"] == nil)
    #expect(try fixture.client.send(ExecuteCommandRequest(command: "gloss.reindex")) == nil)
    #expect(fixture.client.server.roots.first?.workspace.notes["notes/Nouvelle.md"] != nil)
  }
}

@Suite struct SaveAsNoteFallbackTests {
  @Test func withoutResourceOperationsTheNoteIsWrittenAndTheOpenOriginEditedByTheClient() throws {
    let fixture = WorkspaceFixture(files: ExecuteCommandTests.files)
    // `applyEdit` without resource operations: the new file is Gloss's to write, the open note's edit the client's.
    try fixture.start(capabilities: ClientCapabilities(workspace: .init(applyEdit: true)))
    fixture.fileSystem.setFile("/w/notes/Schemata shape recall.md", "ancienne note\n")
    let text = ExecuteCommandTests.files["notes/Bartlett.md"] ?? ""
    fixture.open("notes/Bartlett.md", text)
    fixture.client.clearCollected()
    let range = LSPRange(start: Position(line: 5, character: 0), end: Position(line: 5, character: 22))
    let rangeValue = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(range))
    let id = fixture.client.enqueue(
      ExecuteCommandRequest(
        command: "gloss.saveAsNote",
        arguments: [.object(["uri": .string(fixture.uri("notes/Bartlett.md")), "range": rangeValue])]))
    fixture.client.processQueue()
    #expect(
      try fixture.fileSystem.contents(of: "/w/notes/Schemata shape recall.md") == Array("ancienne note\n".utf8))
    let written = String(
      decoding: try fixture.fileSystem.contents(of: "/w/notes/Schemata shape recall-2.md"), as: UTF8.self)
    #expect(written.hasSuffix("---\n\nSchemata shape recall.\n"))
    // The open note is not written behind the editor's back.
    #expect(try fixture.fileSystem.contents(of: "/w/notes/Bartlett.md") == Array(text.utf8))
    let request = try #require(fixture.client.serverRequests.first { $0.method == ApplyWorkspaceEditRequest.method })
    let params = try #require(request.params)
    let edit = try params.decode(ApplyWorkspaceEditRequest.self).edit
    #expect(edit.documentChanges == nil)
    #expect(
      edit.changes?[fixture.uri("notes/Bartlett.md")] == [
        TextEdit(range: range, newText: "[[Schemata shape recall-2]]")
      ])
    // The command answers once the editor has applied the link.
    #expect(fixture.client.answers[id] == nil)
    fixture.client.reply(to: request.id, result: ApplyWorkspaceEditResult(applied: true))
    let result = try fixture.client.response(to: id, as: ExecuteCommandRequest.self)
    #expect(result == .object(["uri": .string(fixture.uri("notes/Schemata shape recall-2.md"))]))
  }
}

@Suite struct ReindexRereadTests {
  @Test func reindexRereadsFilesWhoseSizeAndTimeLookUnchanged() throws {
    let fixture = WorkspaceFixture(files: ExecuteCommandTests.files)
    try fixture.start()
    let status = try fixture.fileSystem.status(of: "/w/notes/Idée.md")
    // Same size and modification time: only a forced read sees the new title.
    fixture.fileSystem.setFile("/w/notes/Idée.md", "# Ideé\n", modificationTime: status.modificationTime)
    _ = try fixture.client.send(ExecuteCommandRequest(command: "gloss.reindex"))
    #expect(fixture.client.server.roots.first?.workspace.notes["notes/Idée.md"]?.title == "Ideé")
  }
}
