import Foundation
import GlossServer
import LanguageServerProtocol
import TestSupport
import Testing

/// The eleven ways writes went wrong before the guarded write path, one test each, through the built `gloss`
/// binary and through the language server on real folders (symbolic links, pipes and races made on purpose).
@Suite struct WriteCaseTests {
  static let bib = "@book{bartlett1932, author = {Bartlett, Frederic C.}, title = {Remembering}, year = {1932}}\n"
  static let files = [
    "references.bib": bib,
    ".gloss.json": "{}\n",
    "notes/a.md": "---\ntitle: A\ntags: [mémoire]\n---\n# A\n\nKeep this [@bartlett1932].\n",
    "notes/b.md": "# B\n\nThe user's note.\n",
  ]

  static let resourceClient = ClientCapabilities(
    workspace: .init(
      applyEdit: true, workspaceEdit: .init(documentChanges: true, resourceOperations: ["create", "rename", "delete"])))

  private static func export(_ fixture: WriteFixture, _ arguments: [String]) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    try GlossProcess.run(["export"] + arguments + ["--root", fixture.root], environment: fixture.environment)
  }

  // 1. `gloss export notes/a.md -o notes/b.md` replaced the note (also `-o references.bib`, `-o .gloss.json`).
  @Test(arguments: ["notes/b.md", "references.bib", ".gloss.json"])
  func case1_cliExportNeverReplacesAWorkspaceFile(output: String) throws {
    let fixture = try WriteFixture(files: Self.files)
    defer { fixture.remove() }
    let result = try Self.export(fixture, [fixture.root + "/notes/a.md", "-o", fixture.root + "/" + output])
    #expect(result.status == 1)
    #expect(result.stderr.contains("never replaces"), "\(result.stderr)")
    #expect(WriteFixture.text(fixture.root + "/" + output) == Self.files[output])
  }

  @Test func case1_cliExportReplacesItsOwnEarlierExport() throws {
    let fixture = try WriteFixture(files: Self.files)
    defer { fixture.remove() }
    let output = fixture.root + "/out/a.md"
    #expect(try Self.export(fixture, [fixture.root + "/notes/a.md", "-o", output]).status == 0)
    #expect(try Self.export(fixture, [fixture.root + "/notes/a.md", "-o", output, "--format", "html"]).status == 0)
    #expect(WriteFixture.text(output)?.hasPrefix("<!DOCTYPE html>") == true)
  }

  // 2. `gloss.export` with an absolute output naming a note overwrote it; `../outside/x.md` wrote outside; a
  // `file://` output made a folder named `file:`.
  @Test func case2_lspExportOutputsAreChecked() throws {
    let fixture = try WriteFixture(files: Self.files)
    defer { fixture.remove() }
    let server = DiskServer(fixture)
    try server.start()
    let note = JSONValue.string(server.uri("notes/a.md"))
    for output in [fixture.root + "/notes/b.md", "../outside/x.md", fixture.outside + "/y.md"] {
      let id = server.enqueue("gloss.export", ["uri": note, "output": .string(output)])
      #expect(server.errorMessage(of: id) != nil, "\(output) was accepted")
    }
    #expect(WriteFixture.text(fixture.root + "/notes/b.md") == Self.files["notes/b.md"])
    #expect(WriteFixture.names(under: fixture.outside).isEmpty)
    let uriOutput = FileURI(filePath: fixture.root + "/export/từ URI.md").string
    let result = try server.run("gloss.export", ["uri": note, "output": .string(uriOutput)])
    #expect(result == .object(["uri": .string(uriOutput)]))
    #expect(WriteFixture.text(fixture.root + "/export/từ URI.md")?.contains("Keep this") == true)
    #expect(!WriteFixture.names(under: fixture.root).contains { $0.hasPrefix("file:") })
  }

  // 3. A pandoc export whose sidecar matched the workspace's CSL-JSON bibliography replaced it.
  @Test func case3_pandocSidecarNeverReplacesABibliography() throws {
    var files = Self.files
    files["refs.csl.json"] = "[{\"id\": \"loftus1974\", \"type\": \"book\", \"title\": \"Eyewitness\"}]\n"
    let fixture = try WriteFixture(files: files)
    defer { fixture.remove() }
    let result = try Self.export(
      fixture, [fixture.root + "/notes/a.md", "--format", "pandoc", "-o", fixture.root + "/refs.md"])
    #expect(result.status == 1)
    #expect(WriteFixture.text(fixture.root + "/refs.csl.json") == files["refs.csl.json"])
    // Nothing of the export is written when one of its files is refused.
    #expect(WriteFixture.kind(fixture.root + "/refs.md") == nil)
  }

  // 4. `-o` naming a symbolic link replaced the link with a file; naming a device replaced the device.
  @Test func case4_cliExportNeverReplacesALinkADeviceOrAPipe() throws {
    let fixture = try WriteFixture(files: Self.files)
    defer { fixture.remove() }
    try WriteFixture.link(fixture.root + "/link.md", to: fixture.root + "/notes/b.md")
    try WriteFixture.link(fixture.root + "/null.md", to: "/dev/null")
    try WriteFixture.fifo(fixture.root + "/pipe.md")
    for name in ["link.md", "null.md", "pipe.md"] {
      let result = try Self.export(fixture, [fixture.root + "/notes/a.md", "-o", fixture.root + "/" + name])
      #expect(result.status == 1, "\(name): \(result.stderr)")
    }
    #expect(WriteFixture.kind(fixture.root + "/link.md") == .symbolicLink)
    #expect(WriteFixture.kind(fixture.root + "/null.md") == .symbolicLink)
    #expect(WriteFixture.kind(fixture.root + "/pipe.md") == .other)
    #expect(WriteFixture.text(fixture.root + "/notes/b.md") == Self.files["notes/b.md"])
  }

  // 5. `newNoteDir`, `exportDir` or `dir` linking outside put files outside; an absolute `newNoteDir` was silently
  // made a folder inside the workspace.
  @Test func case5_foldersLinkingOutsideAreRefused() throws {
    var files = Self.files
    files[".gloss.json"] = "{\"newNoteDir\": \"linked\", \"exportDir\": \"linked\"}\n"
    let fixture = try WriteFixture(files: files)
    defer { fixture.remove() }
    try WriteFixture.link(fixture.root + "/linked", to: fixture.outside)
    try WriteFixture.link(fixture.root + "/elsewhere", to: fixture.outside)
    let server = DiskServer(fixture)
    try server.start()
    let newNote = server.enqueue("gloss.newNote", ["title": .string("Mới")])
    let inDir = server.enqueue("gloss.newNote", ["title": .string("Mới"), "dir": .string("elsewhere")])
    let absoluteDir = server.enqueue("gloss.newNote", ["title": .string("Mới"), "dir": .string(fixture.outside)])
    let export = server.enqueue("gloss.export", ["uri": .string(server.uri("notes/a.md"))])
    for id in [newNote, inDir, absoluteDir, export] { #expect(server.errorMessage(of: id) != nil) }
    #expect(WriteFixture.names(under: fixture.outside).isEmpty)
    let cli = try Self.export(fixture, [fixture.root + "/notes/a.md"])
    #expect(cli.status == 1)
    #expect(WriteFixture.names(under: fixture.outside).isEmpty)
  }

  @Test func case5_absoluteNewNoteDirIsAConfigError() throws {
    let fixture = try WriteFixture(files: Self.files)
    defer { fixture.remove() }
    try WriteFixture.put("{\"newNoteDir\": \"\(fixture.outside)\"}\n", at: fixture.root + "/.gloss.json")
    let server = DiskServer(fixture)
    try server.start()
    let published = server.client.notifications(PublishDiagnosticsNotification.self)
    let config = published.last { $0.uri == server.uri(".gloss.json") }
    #expect(config?.diagnostics.contains { $0.code == "malformed-config" } == true)
    _ = try server.run("gloss.newNote", ["title": .string("Mới")])
    #expect(WriteFixture.names(under: fixture.outside).isEmpty)
    #expect(WriteFixture.kind(fixture.root + "/notes/Mới.md") == .regularFile)
    #expect(!WriteFixture.names(under: fixture.root).contains { $0.contains("outside") })
  }

  @Test func case5_aQuickFixNeverCreatesAFileThroughALinkLeadingOut() throws {
    var files = Self.files
    files["notes/c.md"] = "# C\n\nSee [[linked/Mới]] and [[inside/Mới]].\n"
    let fixture = try WriteFixture(files: files)
    defer { fixture.remove() }
    try WriteFixture.link(fixture.root + "/linked", to: fixture.outside)
    let server = DiskServer(fixture)
    try server.start(capabilities: Self.resourceClient)
    func titles(at character: Int) throws -> [String] {
      let actions = try server.client.send(
        CodeActionRequest(
          textDocument: TextDocumentIdentifier(uri: server.uri("notes/c.md")),
          range: LSPRange(at: Position(line: 2, character: character)), context: CodeActionContext(diagnostics: [])))
      return (actions ?? []).filter { $0.kind == "quickfix" }.map(\.title)
    }
    let outward = try titles(at: 8)
    #expect(outward.isEmpty, "\(outward)")
    #expect(try titles(at: 28).contains { $0.contains("inside/Mới") })
  }

  // 6. `gloss.convertToSource` on a note reached through a link to outside moved (deleted) the outside file.
  @Test func case6_convertToSourceNeverMovesAFileOutside() throws {
    let fixture = try WriteFixture(files: Self.files, outsideFiles: ["n.md": "# Outside note\n"])
    defer { fixture.remove() }
    try WriteFixture.link(fixture.root + "/notes/ext", to: fixture.outside)
    for capabilities in [ClientCapabilities(), Self.resourceClient] {
      let server = DiskServer(fixture)
      try server.start(capabilities: capabilities)
      server.open("notes/ext/n.md", "# Outside note\n")
      let id = server.enqueue("gloss.convertToSource", ["uri": .string(server.uri("notes/ext/n.md"))])
      #expect(server.errorMessage(of: id) != nil)
      #expect(!server.client.serverRequests.contains { $0.method == ApplyWorkspaceEditRequest.method })
    }
    #expect(WriteFixture.text(fixture.outside + "/n.md") == "# Outside note\n")
    #expect(WriteFixture.kind(fixture.root + "/sources") == nil)
  }

  // 7. A line appended on disk just before `gloss.saveAsNote` was lost: the origin was rewritten from a stale copy.
  @Test func case7_saveAsNoteNeverRewritesFromAStaleCopy() throws {
    let fixture = try WriteFixture(files: Self.files)
    defer { fixture.remove() }
    let server = DiskServer(fixture)
    try server.start()
    let original = Self.files["notes/a.md"] ?? ""
    try WriteFixture.put(original + "Appended by another program.\n", at: fixture.root + "/notes/a.md")
    let range = LSPRange(start: Position(line: 6, character: 0), end: Position(line: 7, character: 0))
    let id = server.enqueue(
      "gloss.saveAsNote", ["uri": .string(server.uri("notes/a.md")), "range": try Self.json(range)])
    let text = WriteFixture.text(fixture.root + "/notes/a.md") ?? ""
    #expect(text.contains("Appended by another program."))
    if server.errorMessage(of: id) == nil {
      #expect(text.contains("[[Keep this"))
    } else {
      #expect(text == original + "Appended by another program.\n")
    }
  }

  // 8. A client without `workspace/applyEdit`, unsaved edits in the origin: the unsaved buffer was written to disk.
  @Test func case8_anUnsavedBufferIsNeverWritten() throws {
    let fixture = try WriteFixture(files: Self.files)
    defer { fixture.remove() }
    let server = DiskServer(fixture)
    try server.start()
    let unsaved = "---\ntitle: A\n---\n# A\n\nUnsaved words.\n"
    server.open("notes/a.md", unsaved, version: 4)
    let range = LSPRange(start: Position(line: 5, character: 0), end: Position(line: 6, character: 0))
    let id = server.enqueue(
      "gloss.saveAsNote", ["uri": .string(server.uri("notes/a.md")), "range": try Self.json(range)])
    #expect(server.errorMessage(of: id) != nil)
    #expect(WriteFixture.text(fixture.root + "/notes/a.md") == Self.files["notes/a.md"])
    #expect(WriteFixture.kind(fixture.root + "/notes/Unsaved words.md") == nil)
  }

  // 9. When the client refused `workspace/applyEdit`, the command had already answered success.
  @Test(arguments: [true, false])
  func case9_aRefusedEditIsAnErrorResult(refuseWithError: Bool) throws {
    let fixture = try WriteFixture(files: Self.files)
    defer { fixture.remove() }
    let server = DiskServer(fixture)
    try server.start(capabilities: Self.resourceClient)
    let id = server.enqueue("gloss.convertToSource", ["uri": .string(server.uri("notes/b.md"))])
    #expect(server.client.answers[id] == nil, "answered before the client applied the edit")
    let request = try #require(
      server.client.serverRequests.first { $0.method == ApplyWorkspaceEditRequest.method })
    if refuseWithError {
      server.client.reply(to: request.id, error: ResponseError(code: .requestFailed, message: "disk is read-only"))
    } else {
      server.client.reply(
        to: request.id, result: ApplyWorkspaceEditResult(applied: false, failureReason: "disk is read-only"))
    }
    #expect(server.errorMessage(of: id)?.contains("disk is read-only") == true)
    #expect(server.client.answers[id]?.count == 1)
  }

  @Test func case9_anAppliedEditAnswersTheURI() throws {
    let fixture = try WriteFixture(files: Self.files)
    defer { fixture.remove() }
    let server = DiskServer(fixture)
    try server.start(capabilities: Self.resourceClient)
    let id = server.enqueue("gloss.convertToSource", ["uri": .string(server.uri("notes/b.md"))])
    let request = try #require(
      server.client.serverRequests.first { $0.method == ApplyWorkspaceEditRequest.method })
    server.client.reply(to: request.id, result: ApplyWorkspaceEditResult(applied: true))
    let result = try server.client.response(to: id, as: ExecuteCommandRequest.self)
    #expect(result == .object(["uri": .string(server.uri("sources/b.md"))]))
    // What moved, and how to undo it, is said once it is done.
    let said = server.client.notifications(ShowMessageNotification.self).map(\.message)
    #expect(
      said.contains {
        $0.hasPrefix("moved 'notes/b.md' to 'sources/b.md': it is now a source") && $0.contains("undo")
      }, "\(said)")
  }

  // A new note is written whole by Gloss, even for an editor that applies file creations: created by the editor it
  // stayed empty on disk until its buffer was saved.
  @Test func aNewNoteIsOnDiskWithItsContentsWhenTheCommandAnswers() throws {
    let fixture = try WriteFixture(files: Self.files)
    defer { fixture.remove() }
    let server = DiskServer(fixture)
    try server.start(capabilities: Self.resourceClient)
    let id = server.enqueue("gloss.newNote", ["title": .string("Mới 🦉")])
    let result = try server.client.response(to: id, as: ExecuteCommandRequest.self)
    #expect(result == .object(["uri": .string(server.uri("notes/Mới 🦉.md"))]))
    #expect(WriteFixture.text(fixture.root + "/notes/Mới 🦉.md")?.hasPrefix("---\ntitle: Mới 🦉\n") == true)
    #expect(!server.client.serverRequests.contains { $0.method == ApplyWorkspaceEditRequest.method })
  }

  // 10. A process killed while writing left its temporary file, and nothing cleaned it later.
  @Test func case10_leftoverTemporaryFilesAreRemovedAtStart() throws {
    let dead = TemporaryFile.name(for: "a.md", processID: 999_999_999)
    let exportLeftover = TemporaryFile.name(for: "a.html", processID: 999_999_998)
    var files = Self.files
    files["notes/" + dead] = "half a no"
    files["export/" + exportLeftover] = "<htm"
    let fixture = try WriteFixture(files: files)
    defer { fixture.remove() }
    let server = DiskServer(fixture)
    try server.start()
    #expect(WriteFixture.kind(fixture.root + "/notes/" + dead) == nil)
    #expect(WriteFixture.kind(fixture.root + "/export/" + exportLeftover) == nil)
    #expect(WriteFixture.text(fixture.root + "/notes/a.md") == Self.files["notes/a.md"])
  }

  @Test func case10_theCLIRemovesLeftoversToo() throws {
    let dead = TemporaryFile.name(for: "b.md", processID: 999_999_999)
    var files = Self.files
    files["notes/" + dead] = "half"
    let fixture = try WriteFixture(files: files)
    defer { fixture.remove() }
    #expect(try Self.export(fixture, [fixture.root + "/notes/a.md"]).status == 0)
    #expect(WriteFixture.kind(fixture.root + "/notes/" + dead) == nil)
  }

  // 11. A link inside the workspace to a folder outside was walked: outside files were indexed and diagnosed.
  @Test func case11_linksLeavingTheWorkspaceAreNotWalked() throws {
    let secret = "# Secret outside\n\nCites [@nobody2020].\n"
    let fixture = try WriteFixture(files: Self.files, outsideFiles: ["secret.md": secret])
    defer { fixture.remove() }
    try WriteFixture.link(fixture.root + "/notes/ext", to: fixture.outside)
    try WriteFixture.link(fixture.root + "/notes/alias.md", to: fixture.outside + "/secret.md")
    let server = DiskServer(fixture)
    try server.start()
    #expect(try server.client.send(WorkspaceSymbolRequest(query: "Secret")).isEmpty)
    #expect(!server.publishedPaths.contains("notes/ext/secret.md"))
    #expect(!server.publishedPaths.contains("notes/alias.md"))
    let check = try GlossProcess.run(["check", fixture.root])
    #expect(!check.stdout.contains("secret"), "\(check.stdout)")
    #expect(!check.stdout.contains("alias"), "\(check.stdout)")
  }

  private static func json(_ value: some Encodable) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
  }
}
