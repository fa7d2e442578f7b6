import Foundation
import GlossServer
import GlossSyntax
import LanguageServerProtocol
import TestSupport
import Testing

@Suite struct WorkspaceRootsTests {
  static let files: [String: String] = [
    "một/ghi chú.md": "# Ghi chú\n\n[@smith2020] [[khác]]\n",
    "một/refs.bib": "@book{smith2020, title = {Trí nhớ}, year = 2020}\n",
    "hai/khác.md": "# Khác 漢字\n\n[@smith2020]\n",
    "hai/.gloss.json": #"{"diagnostics": {"unknown-source": "hint"}}"#,
    "hai/khác.bib": "@book{khac2021, title = {Khác}, year = 2021}\n",
  ]

  @Test func eachFolderIsIndexedOnItsOwnAndFoldersComeAndGo() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start(folders: ["/w/một"])
    #expect(fixture.codes("một/ghi chú.md") == ["broken-link"])
    #expect(fixture.codes("hai/khác.md") == nil)
    fixture.client.notify(
      DidChangeWorkspaceFoldersNotification(
        event: WorkspaceFoldersChangeEvent(
          added: [WorkspaceFolder(uri: fixture.uri("/w/hai"), name: "hai")], removed: [])))
    // The second root has its own config and bibliography: its citation is an unknown source, shown as a hint.
    let khac = try #require(fixture.published.last { $0.uri == fixture.uri("hai/khác.md") })
    #expect(khac.diagnostics.map(\.severity) == [.hint])
    #expect(fixture.client.server.roots.count == 2)
    fixture.client.clearCollected()
    fixture.client.notify(
      DidChangeWorkspaceFoldersNotification(
        event: WorkspaceFoldersChangeEvent(added: [], removed: [WorkspaceFolder(uri: fixture.uri("/w/một"), name: "")]))
    )
    #expect(fixture.publishedPaths == ["một/ghi chú.md"])
    #expect(fixture.codes("một/ghi chú.md") == [])
    #expect(fixture.client.server.roots.count == 1)
  }

  @Test func locateAndURIRoundTripThroughTheDeepestRoot() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start(folders: ["/w", "/w/hai"])
    let server = fixture.client.server
    let location = try #require(server.locate(fixture.uri("hai/khác.md")))
    #expect(location.path == "khác.md")
    #expect(server.root(location.root)?.path == "/w/hai")
    #expect(server.uri(for: "khác.md", in: location.root) == fixture.uri("hai/khác.md"))
    #expect(server.text(of: "khác.md", in: location.root)?.string == Self.files["hai/khác.md"])
    // "[@smith2020]" on line 2: its key starts at byte offset of "@" + 1 in the text.
    let text = try #require(server.text(of: "khác.md", in: location.root))
    let offset = text.offset(of: Position(line: 2, character: 2), in: .utf16)
    #expect(server.lspRange(of: offset..<(offset + 9), path: "khác.md", in: location.root)?.start.character == 2)
    #expect(server.locate("untitled:Untitled-1") == nil)
  }

  @Test func rootURIThenRootPathStandInForWorkspaceFolders() throws {
    for params in [
      InitializeRequest(rootUri: FileURI(filePath: "/w/một").string),
      InitializeRequest(rootPath: "/w/một"),
    ] {
      let fixture = WorkspaceFixture(files: Self.files)
      try fixture.client.initialize(params)
      #expect(fixture.client.server.roots.map(\.path) == ["/w/một"])
      #expect(Set(fixture.publishedPaths) == ["một/ghi chú.md", "một/refs.bib"])
    }
  }

  @Test func singleFileModeIndexesOpenDocumentsOnly() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start(folders: [])
    #expect(fixture.published.isEmpty)
    // Nothing marks a workspace around "ba/": the file is alone.
    fixture.open("ba/lẻ.md", "# Lẻ\n\n[[khác]] [@smith2020]\n")
    #expect(fixture.publishedPaths == ["ba/lẻ.md"])
    #expect(fixture.codes("ba/lẻ.md") == ["broken-link"])
    fixture.close("ba/lẻ.md")
    #expect(fixture.codes("ba/lẻ.md") == [])
    #expect(fixture.client.server.roots.isEmpty)
  }

  @Test func singleFileModeIndexesTheFolderOfTheFirstDocumentWhenItHoldsAConfig() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start(folders: [])
    fixture.open("hai/khác.md", Self.files["hai/khác.md"] ?? "")
    #expect(fixture.client.server.roots.map(\.path) == ["/w/hai"])
    #expect(Set(fixture.publishedPaths) == ["hai/khác.md", "hai/khác.bib", "hai/.gloss.json"])
  }

  @Test func theConfigFileWinsOverInitializationOptions() throws {
    var files = Self.files
    files["hai/.gloss.json"] = #"{"diagnostics": {"broken-link": "off"}}"#
    let fixture = WorkspaceFixture(files: files)
    let options = JSONValue.object([
      "diagnostics": .object(["broken-link": .string("warning"), "unknown-source": .string("off")])
    ])
    try fixture.start(initializationOptions: options, folders: ["/w/một", "/w/hai"])
    // Root "một" has no file: the editor's settings apply (broken link as a warning).
    let ghiChu = try #require(fixture.published.last { $0.uri == fixture.uri("một/ghi chú.md") })
    #expect(ghiChu.diagnostics.map(\.severity) == [.warning])
    // Root "hai": its file's `diagnostics` replaces the editor's whole (a key of the file wins as a whole), so the
    // unknown source is an error again.
    let khac = try #require(fixture.published.last { $0.uri == fixture.uri("hai/khác.md") })
    #expect(khac.diagnostics.map(\.severity) == [.error])
  }

  @Test func changedSettingsAndAMalformedConfigFileAreReportedOnTheFile() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start(folders: ["/w/một"])
    fixture.client.clearCollected()
    fixture.client.notify(
      DidChangeConfigurationNotification(
        settings: .object(["gloss": .object(["diagnostics": .object(["broken-link": .string("off")])])])))
    #expect(fixture.codes("một/ghi chú.md") == [])
    // The same settings again change nothing and publish nothing.
    fixture.client.clearCollected()
    fixture.client.notify(
      DidChangeConfigurationNotification(
        settings: .object(["gloss": .object(["diagnostics": .object(["broken-link": .string("off")])])])))
    #expect(fixture.published.isEmpty)
    fixture.fileSystem.setFile("/w/một/.gloss.json", #"{"notes": 3"#)
    fixture.tick()
    #expect(fixture.codes("một/.gloss.json") == ["malformed-config"])
  }

  @Test func unreadableFilesAreLoggedOnceAndSkipped() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    fixture.fileSystem.setFile("/w/một/more.bib", "@book{other, title = {Other}}\n")
    fixture.fileSystem.makeUnreadable("/w/một/refs.bib")
    try fixture.start(folders: ["/w/một"])
    fixture.tick()
    let logs = fixture.client.notifications(LogMessageNotification.self).map(\.message)
    #expect(logs.filter { $0.contains("refs.bib") }.count == 1)
    #expect(fixture.codes("một/ghi chú.md") == ["unknown-source", "broken-link"])
  }

  @Test func progressAndWatchersAreAskedForWhenTheClientAllowsThem() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    let capabilities = ClientCapabilities(
      workspace: ClientCapabilities.Workspace(
        didChangeWatchedFiles: ClientCapabilities.DynamicRegistration(dynamicRegistration: true)),
      window: ClientCapabilities.Window(workDoneProgress: true))
    try fixture.start(capabilities: capabilities, folders: ["/w/một"])
    let requests = fixture.client.serverRequests
    #expect(requests.map(\.method) == ["client/registerCapability", "window/workDoneProgress/create"])
    #expect(fixture.published.isEmpty)
    var written: [OutgoingMessage] = []
    fixture.client.server.outbox.writeNow = { written += $0 }
    fixture.client.reply(to: requests[1].id, result: VoidResponse())
    let progress = fixture.client.notifications(ProgressNotification.self).map(\.value)
    #expect(progress == [.begin(title: "Indexing"), .end(message: "1 notes indexed")])
    // The reports are written at once as each step starts, not with the rest once the indexing is over.
    let reports = written.map { String(decoding: $0.body, as: UTF8.self) }
    #expect(reports.count == 3)
    #expect(reports.allSatisfy { $0.contains(#""method":"$/progress""#) && $0.contains(#""kind":"report""#) })
    #expect(reports.first?.contains("looking for files") == true)
    #expect(reports[1].contains("indexing 2 files") && reports[1].contains(#""percentage":5"#))
    #expect(reports.last.map { $0.contains("checking 2 files") && $0.contains(#""percentage":65"#) } == true)
    // `begin` is sent before the indexing runs, `end` after everything is published.
    #expect(fixture.client.notifications.first?.method == ProgressNotification.method)
    #expect(fixture.client.notifications.last?.method == ProgressNotification.method)
    #expect(Set(fixture.publishedPaths) == ["một/ghi chú.md", "một/refs.bib"])
  }

  /// Neovim sends `didOpen` and its first requests before it answers `window/workDoneProgress/create`: the indexing
  /// cannot wait for the answer, and reports its progress all the same.
  @Test func aClientThatOpensANoteBeforeAnsweringTheTokenStillSeesTheIndexingProgress() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start(
      capabilities: ClientCapabilities(window: ClientCapabilities.Window(workDoneProgress: true)), folders: ["/w/một"])
    let create = try #require(fixture.client.serverRequests.first { $0.method == "window/workDoneProgress/create" })
    var written: [OutgoingMessage] = []
    fixture.client.server.outbox.writeNow = { written += $0 }
    fixture.open("một/ghi chú.md", Self.files["một/ghi chú.md"] ?? "")
    #expect(fixture.codes("một/ghi chú.md") == ["broken-link"])
    // `begin` and the steps' reports are written at once as the indexing goes; `end` follows everything published.
    let bodies = written.map { String(decoding: $0.body, as: UTF8.self) }.filter {
      $0.contains(#""method":"$/progress""#)
    }
    #expect(bodies.allSatisfy { $0.contains(#""token":"gloss-indexing""#) })
    let kinds = bodies.map { body in ["begin", "report", "end"].first { body.contains(#""kind":"\#($0)""#) } ?? "?" }
    #expect(kinds.first == "begin")
    #expect(kinds.count >= 4 && kinds.dropFirst().allSatisfy { $0 == "report" })
    #expect(bodies.first?.contains(#""title":"Indexing""#) == true)
    let progress = fixture.client.notifications(ProgressNotification.self)
    #expect(progress.map(\.value) == [.end(message: "1 notes indexed")])
    #expect(progress.map(\.token) == [.string("gloss-indexing")])
    // The answer that comes afterwards starts nothing again.
    let writtenBefore = written.count
    fixture.client.reply(to: create.id, result: VoidResponse())
    #expect(fixture.client.notifications(ProgressNotification.self).count == 1)
    #expect(written.count == writtenBefore)
  }

  @Test func manyFilesArePublishedInSlicesWrittenAsSoonAsEachIsEncoded() throws {
    var files: [String: String] = [:]
    for k in 0..<2_500 { files["notes/n\(k).md"] = "# Ghi chú \(k)\n[[missing\(k)]]\n" }
    let fixture = WorkspaceFixture(files: files)
    try fixture.start(capabilities: ClientCapabilities(window: ClientCapabilities.Window(workDoneProgress: true)))
    let create = try #require(fixture.client.serverRequests.first { $0.method == "window/workDoneProgress/create" })
    var batches: [[OutgoingMessage]] = []
    fixture.client.server.outbox.writeNow = { batches.append($0) }
    fixture.client.reply(to: create.id, result: VoidResponse())
    let publishes = batches.map { batch in
      batch.filter { $0.kind == .notification(method: PublishDiagnosticsNotification.method) }.count
    }
    #expect(publishes.filter { $0 > 0 } == [1_024, 1_024, 452])
    // Every note once, in path order, each with its broken link.
    let written = batches.joined().filter { $0.kind == .notification(method: PublishDiagnosticsNotification.method) }
    let uris = written.compactMap { message -> String? in
      let text = String(decoding: message.body, as: UTF8.self)
      guard text.contains("broken-link"), let start = text.range(of: #""uri":""#) else { return nil }
      return String(text[start.upperBound...].prefix { $0 != "\"" })
    }
    #expect(uris.count == 2_500)
    #expect(uris == uris.sorted { $0.utf8Precedes($1) })
  }
}
