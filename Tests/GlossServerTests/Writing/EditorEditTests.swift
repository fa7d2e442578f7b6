import Foundation
import GlossServer
import LanguageServerProtocol
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The edits Gloss gives an editor to apply (a rename's answer, `willRenameFiles`) never touch a file Gloss would
/// not write itself: a bibliography outside the workspace (a Zotero export, named by an absolute path or reached
/// through a link), or a read-only file. Those edits are left out and the user is told (`window/showMessage`).
@Suite struct EditorEditTests {
  static let note = "# River\n\nSmith says the flow is 🌊 \"an imaginative reconstruction\" [@smith2020, p. 2].\n"
  static let library = "@article{smith2020,\n  title = {River},\n  author = {Smith, Ann},\n  date = {2020}\n}\n"
  static let client = ClientCapabilities(
    workspace: .init(
      applyEdit: true, workspaceEdit: .init(documentChanges: true, resourceOperations: ["create", "rename", "delete"])),
    textDocument: .init(rename: .init(prepareSupport: true)))

  /// Renames the key cited in `notes/river.md` to `smithRiver2020`.
  static func renameKey(_ server: DiskServer) -> RequestID {
    let id = server.client.enqueue(
      RenameRequest(
        textDocument: TextDocumentIdentifier(uri: server.uri("notes/river.md")),
        position: Position(line: 2, character: 62), newName: "smithRiver2020"))
    server.client.processQueue()
    return id
  }

  /// The URIs a workspace edit changes, sorted.
  static func uris(_ edit: WorkspaceEdit?) -> [String] {
    var uris = Array((edit?.changes ?? [:]).keys)
    for case .textDocumentEdit(let documentEdit) in edit?.documentChanges ?? [] {
      uris.append(documentEdit.textDocument.uri)
    }
    return uris.sorted()
  }

  /// The warnings shown about files left out of an edit.
  static func warnings(_ server: DiskServer) -> [String] {
    server.client.notifications(ShowMessageNotification.self).filter { $0.type == .warning }.map(\.message)
      .filter { $0.contains("not changed") }
  }

  @Test func aKeyRenameLeavesAZoteroExportOutsideTheWorkspaceAloneAndSaysSo() throws {
    let fixture = try WriteFixture(
      files: ["notes/river.md": Self.note, "notes/memory.md": "# Memory\n\nSee [@smith2020].\n"],
      outsideFiles: ["Zotero/library.bib": Self.library])
    defer { fixture.remove() }
    let library = fixture.outside + "/Zotero/library.bib"
    try WriteFixture.put(#"{"bibliography": ["\#(library)"]}"#, at: fixture.root + "/.gloss.json")
    let server = DiskServer(fixture)
    try server.start(capabilities: Self.client)
    let id = Self.renameKey(server)
    let edit = try server.client.response(to: id, as: RenameRequest.self)
    #expect(Self.uris(edit) == [server.uri("notes/memory.md"), server.uri("notes/river.md")])
    let warning = try #require(Self.warnings(server).first)
    #expect(warning.contains("'\(library)' is outside the workspace"))
    #expect(warning.contains("not changed"))
    #expect(warning.contains("rename 'smith2020' to 'smithRiver2020' there"))
    #expect(WriteFixture.text(library) == Self.library)
  }

  @Test func aKeyRenameLeavesABibliographyLinkedFromOutsideAlone() throws {
    let fixture = try WriteFixture(
      files: ["notes/river.md": Self.note, ".gloss.json": #"{"bibliography": ["library.bib"]}"#],
      outsideFiles: ["Zotero/library.bib": Self.library])
    defer { fixture.remove() }
    try WriteFixture.link(fixture.root + "/library.bib", to: fixture.outside + "/Zotero/library.bib")
    let server = DiskServer(fixture)
    try server.start(capabilities: Self.client)
    let edit = try server.client.response(to: Self.renameKey(server), as: RenameRequest.self)
    #expect(Self.uris(edit) == [server.uri("notes/river.md")])
    #expect(Self.warnings(server).first?.contains("'library.bib' leads outside the workspace") == true)
  }

  @Test func aKeyRenameLeavesAReadOnlyBibliographyAlone() throws {
    let fixture = try WriteFixture(files: ["notes/river.md": Self.note, "references.bib": Self.library])
    defer { fixture.remove() }
    chmod(fixture.root + "/references.bib", 0o444)
    let server = DiskServer(fixture)
    try server.start(capabilities: Self.client)
    let edit = try server.client.response(to: Self.renameKey(server), as: RenameRequest.self)
    #expect(Self.uris(edit) == [server.uri("notes/river.md")])
    #expect(Self.warnings(server).first?.contains("'references.bib' is read-only") == true)
  }

  @Test func aRenameWithEveryFileLeftOutIsRefusedWithTheReason() throws {
    let fixture = try WriteFixture(files: ["notes/river.md": Self.note], outsideFiles: ["library.bib": Self.library])
    defer { fixture.remove() }
    try WriteFixture.put(
      #"{"bibliography": ["\#(fixture.outside)/library.bib"]}"#, at: fixture.root + "/.gloss.json")
    chmod(fixture.root + "/notes/river.md", 0o444)
    let server = DiskServer(fixture)
    try server.start(capabilities: Self.client)
    let id = Self.renameKey(server)
    #expect(server.client.errorCode(of: id) == .requestFailed)
    let message = try #require(server.errorMessage(of: id))
    #expect(message.contains("'notes/river.md' is read-only"))
    #expect(message.contains("is outside the workspace"))
    #expect(message.contains("nothing was renamed"))
  }

  @Test func aTagRenameInsideTheWorkspaceIsUntouched() throws {
    let fixture = try WriteFixture(
      files: ["notes/a.md": "# A\n\n#memory\n", "notes/b.md": "# B\n\n#memory and #trí-nhớ\n"])
    defer { fixture.remove() }
    let server = DiskServer(fixture)
    try server.start(capabilities: Self.client)
    let edit = try server.client.send(
      RenameRequest(
        textDocument: TextDocumentIdentifier(uri: server.uri("notes/a.md")), position: Position(line: 2, character: 2),
        newName: "recall"))
    #expect(Self.uris(edit) == [server.uri("notes/a.md"), server.uri("notes/b.md")])
    #expect(Self.warnings(server).isEmpty)
  }

  @Test func movingANoteInTheEditorLeavesTheLinksOfAReadOnlyNoteAlone() throws {
    let fixture = try WriteFixture(
      files: [
        "notes/archive.md": "# Archive\n\nSee [[river]].\n", "notes/today.md": "# Hôm nay\n\nSee [[river]] 🌊.\n",
        "notes/river.md": Self.note,
      ])
    defer { fixture.remove() }
    chmod(fixture.root + "/notes/archive.md", 0o444)
    let server = DiskServer(fixture)
    try server.start(capabilities: Self.client)
    let edit = try server.client.send(
      WillRenameFilesRequest(
        files: [FileRename(oldUri: server.uri("notes/river.md"), newUri: server.uri("notes/sông.md"))]))
    #expect(Self.uris(edit) == [server.uri("notes/today.md")])
    let warning = try #require(Self.warnings(server).first)
    #expect(warning.contains("'notes/archive.md' is read-only"))
    #expect(warning.contains("it still names the old path"))
  }
}
