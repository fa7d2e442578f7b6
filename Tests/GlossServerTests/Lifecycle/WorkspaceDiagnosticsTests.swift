import Foundation
import GlossServer
import LanguageServerProtocol
import TestSupport
import Testing

@Suite struct WorkspaceDiagnosticsTests {
  static let files: [String: String] = [
    "notes/trí nhớ.md": "# Trí nhớ\n\nSee [@smith2020] and [[đường cong]].\n",
    "notes/đường cong.md": "# Đường cong\n\n## Lãng quên\n\nCites [@nobody2021] 🦉.\n",
    "notes/clean.md": "# Clean\n\nNothing to say.\n",
    "references.bib": "@book{smith2020, title = {Trí nhớ}, author = {Smith, Ann}, year = 2020}\n",
  ]

  @Test func everyNoteIsPublishedOnceAtStartEmptyOnesIncluded() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start()
    #expect(
      fixture.publishedPaths.sorted() == [
        "notes/clean.md", "notes/trí nhớ.md", "notes/đường cong.md", "references.bib",
      ])
    #expect(fixture.codes("notes/clean.md") == [])
    #expect(fixture.codes("notes/đường cong.md") == ["unknown-source"])
    let published = fixture.published.first { $0.uri == fixture.uri("notes/đường cong.md") }
    let diagnostic = try #require(published?.diagnostics.first)
    #expect(diagnostic.source == "gloss")
    #expect(diagnostic.severity == .error)
    // "Cites [@nobody2021] 🦉." — the key starts after "Cites [@" on line 4 (UTF-16 columns).
    #expect(diagnostic.range.start == Position(line: 4, character: 8))
  }

  @Test func anEditRepublishesTheNoteFirstThenTheNotesItAffects() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start()
    fixture.open("notes/đường cong.md", Self.files["notes/đường cong.md"] ?? "")
    fixture.client.clearCollected()
    fixture.replace("notes/đường cong.md", with: "# Đường cong\n\nCites [@smith2020].\n", version: 2)
    #expect(fixture.publishedPaths == ["notes/đường cong.md"])
    #expect(fixture.published.first?.version == 2)
    #expect(fixture.codes("notes/đường cong.md") == [])
  }

  @Test func anEditThatBreaksALinkElsewhereRepublishesThatNoteAfterTheEditedOne() throws {
    let files: [String: String] = [
      "a.md": "# A\n\nSee [B](b.md#lãng-quên).\n",
      "b.md": "# B\n\n## Lãng quên\n",
    ]
    let fixture = WorkspaceFixture(files: files)
    try fixture.start()
    #expect(fixture.codes("a.md") == [])
    fixture.open("b.md", files["b.md"] ?? "")
    fixture.client.clearCollected()
    fixture.replace("b.md", with: "# B\n\n## Nhớ lại\n", version: 2)
    #expect(fixture.publishedPaths == ["b.md", "a.md"])
    #expect(fixture.codes("a.md") == ["broken-anchor"])
  }

  @Test func aBibliographyRewrittenOnDiskRepublishesTheCitingNotes() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start()
    #expect(fixture.codes("notes/trí nhớ.md") == [])
    fixture.client.clearCollected()
    fixture.fileSystem.setFile("/w/references.bib", "@book{other2020, title = {Khác}, year = 2020}\n")
    fixture.tick()
    #expect(Set(fixture.publishedPaths) == ["references.bib", "notes/trí nhớ.md"])
    #expect(fixture.codes("notes/trí nhớ.md") == ["unknown-source"])
  }

  @Test func filesCreatedAndDeletedOnDiskArePickedUpByTheScan() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start()
    fixture.client.clearCollected()
    fixture.fileSystem.setFile("/w/notes/mới.md", "# Mới\n\n[@ghost2000]\n")
    fixture.tick()
    #expect(fixture.codes("notes/mới.md") == ["unknown-source"])
    fixture.client.clearCollected()
    try fixture.fileSystem.remove("/w/notes/đường cong.md")
    fixture.tick()
    #expect(fixture.codes("notes/đường cong.md") == [])
    #expect(fixture.codes("notes/trí nhớ.md") == ["broken-link"])
    fixture.client.clearCollected()
    fixture.tick()
    #expect(fixture.published.isEmpty)
  }

  @Test func theOpenBufferWinsOverTheDiskUntilClosed() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start()
    fixture.open("notes/clean.md", "# Clean\n\n[@smith2020]\n")
    fixture.fileSystem.setFile("/w/notes/clean.md", "# Clean\n\n[@ghost1999]\n")
    fixture.client.clearCollected()
    fixture.tick()
    #expect(fixture.codes("notes/clean.md") == nil)
    fixture.close("notes/clean.md")
    #expect(fixture.codes("notes/clean.md") == ["unknown-source"])
  }

  @Test func pullModeNeverPushesAndAnswersUnchangedReports() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    var capabilities = ClientCapabilities(
      textDocument: ClientCapabilities.TextDocument(diagnostic: ClientCapabilities.DynamicRegistration()))
    capabilities.workspace = ClientCapabilities.Workspace()
    capabilities.workspace?.diagnostics = ClientCapabilities.RefreshSupport(refreshSupport: true)
    try fixture.start(capabilities: capabilities)
    let uri = fixture.uri("notes/đường cong.md")
    let first = try fixture.client.send(DocumentDiagnosticRequest(textDocument: TextDocumentIdentifier(uri: uri)))
    #expect(first.kind == "full")
    #expect(first.items?.compactMap(\.code) == ["unknown-source"])
    let resultID = try #require(first.resultId)
    let second = try fixture.client.send(
      DocumentDiagnosticRequest(textDocument: TextDocumentIdentifier(uri: uri), previousResultId: resultID))
    #expect(second.kind == "unchanged")
    fixture.open("notes/đường cong.md", "# Đường cong\n\nCites [@smith2020].\n")
    let third = try fixture.client.send(
      DocumentDiagnosticRequest(textDocument: TextDocumentIdentifier(uri: uri), previousResultId: resultID))
    #expect(third.kind == "full")
    #expect(third.items == [])
    let workspace = try fixture.client.send(WorkspaceDiagnosticRequest())
    #expect(workspace.items.count == 4)
    let held = workspace.items.compactMap { item in
      item.report.resultId.map { PreviousResultID(uri: item.uri, value: $0) }
    }
    #expect(try fixture.client.send(WorkspaceDiagnosticRequest(previousResultIds: held)).items.isEmpty)
    #expect(fixture.published.isEmpty)
  }
}

@Suite struct FileOperationTests {
  @Test func aNoteRenamedInTheEditorLeavesItsOldPath() throws {
    let fixture = WorkspaceFixture(files: WorkspaceDiagnosticsTests.files)
    try fixture.start()
    fixture.client.clearCollected()
    let old = "notes/đường cong.md"
    let new = "notes/lãng quên.md"
    fixture.fileSystem.setFile("/w/" + new, WorkspaceDiagnosticsTests.files[old] ?? "")
    try fixture.fileSystem.remove("/w/" + old)
    fixture.client.notify(
      DidRenameFilesNotification(files: [FileRename(oldUri: fixture.uri(old), newUri: fixture.uri(new))]))
    #expect(fixture.codes(old) == [])
    #expect(fixture.codes(new) == ["unknown-source"])
    // `[[đường cong]]` still resolves, by the note's title.
    #expect(fixture.codes("notes/trí nhớ.md") == [])
    fixture.client.clearCollected()
    fixture.tick()
    #expect(fixture.published.isEmpty)
  }

  @Test func filesCreatedAndDeletedInTheEditorAreReadAtOnce() throws {
    let fixture = WorkspaceFixture(files: WorkspaceDiagnosticsTests.files)
    try fixture.start()
    fixture.fileSystem.setFile("/w/notes/khác.md", "# Khác\n\n[@smith2020] [[trí nhớ]]\n")
    fixture.client.notify(DidCreateFilesNotification(files: [FileCreate(uri: fixture.uri("notes/khác.md"))]))
    #expect(fixture.codes("notes/khác.md") == [])
    fixture.fileSystem.setFile("/w/other.bib", "@book{other, title = {Other}}\n")
    fixture.client.notify(DidCreateFilesNotification(files: [FileCreate(uri: fixture.uri("other.bib"))]))
    try fixture.fileSystem.remove("/w/references.bib")
    fixture.client.notify(DidDeleteFilesNotification(files: [FileDelete(uri: fixture.uri("references.bib"))]))
    #expect(fixture.codes("references.bib") == [])
    #expect(fixture.codes("notes/khác.md") == ["unknown-source"])
  }
}

@Suite struct BackgroundScanTests {
  @Test func aScanMadeOffTheLoopIsAppliedUnlessTheFilesChangedMeanwhile() throws {
    let fixture = WorkspaceFixture(files: WorkspaceDiagnosticsTests.files)
    try fixture.start()
    let server = fixture.client.server
    fixture.client.clearCollected()
    fixture.fileSystem.setFile("/w/notes/mới.md", "# Mới\n\n[@ghost2000]\n")
    let results = server.scanning.board.scan(fileSystem: fixture.fileSystem)
    #expect(results.map(\.changes.created) == [["notes/mới.md"]])
    // A second, stale result for the same generation is dropped after the first one is applied.
    for result in results + results { fixture.client.enqueue(event: .scanned(result)) }
    fixture.client.processQueue()
    #expect(fixture.publishedPaths == ["notes/mới.md"])
    #expect(fixture.codes("notes/mới.md") == ["unknown-source"])
    #expect(server.scanning.board.scan(fileSystem: fixture.fileSystem).isEmpty)
  }
}
