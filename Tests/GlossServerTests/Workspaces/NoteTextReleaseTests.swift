import Foundation
import GlossServer
import GlossSyntax
import LanguageServerProtocol
import TestSupport
import Testing

/// Once a workspace is published, the server releases the texts of its closed notes: a position in one is found by
/// reading it from disk again, and only while the file still holds the text the index has offsets in.
@Suite struct NoteTextReleaseTests {
  static let note = "Tiếng Việt 🦉 [@nope] — voir [[h1️⃣ub#Deux étoiles ⭐]].\n"
  static let hub = "# Hub 🦉\n\nPremière ligne.\n\n## Deux étoiles ⭐\n\nFin.\n"
  static let bib = "@book{kept, title = {Kept}}\n@book{gone, title = {Gone}}\n"
  static let citing = "日本語 🧠 [@gone]\n"

  private func start() throws -> WorkspaceFixture {
    let fixture = WorkspaceFixture(files: [
      "notes/a.md": MarkedText(Self.note).text, "notes/hub.md": Self.hub, "notes/citing.md": Self.citing,
      "refs.bib": Self.bib,
    ])
    try fixture.start()
    return fixture
  }

  /// The line of the definition at cursor 1 of the note, nil when there is none.
  private func definitionLine(_ fixture: WorkspaceFixture) throws -> Int? {
    let marked = MarkedText(Self.note)
    let position = SourceText(marked.text).lspPosition(of: marked.cursors["1"] ?? -1, in: .utf16)
    let result = try fixture.client.send(
      DefinitionRequest(textDocument: TextDocumentIdentifier(uri: fixture.uri("notes/a.md")), position: position))
    switch result {
    case .location(let location)?: return location.range.start.line
    case .locations(let locations)?: return locations.first?.range.start.line
    case nil: return nil
    }
  }

  @Test func closedNotesTextsAreReleasedOncePublishedWithTheirPositions() throws {
    let fixture = try start()
    let root = try #require(fixture.client.server.roots.first)
    #expect(root.texts["notes/a.md"] == nil)
    #expect(root.releasedTexts["notes/a.md"] != nil)
    #expect(root.texts["refs.bib"] != nil)
    let published = try #require(fixture.published.last { $0.uri == fixture.uri("notes/a.md") })
    // "Tiếng Việt 🦉 [@" is 16 UTF-16 units.
    #expect(
      published.diagnostics.first?.range
        == LSPRange(start: Position(line: 0, character: 16), end: Position(line: 0, character: 20)))
    #expect(try definitionLine(fixture) == 4)
  }

  @Test func aBibliographyChangeRepublishesClosedNotesAtPositionsReadFromDisk() throws {
    let fixture = try start()
    #expect(fixture.codes("notes/citing.md") == [])
    fixture.fileSystem.setFile("/w/refs.bib", "@book{kept, title = {Kept}}\n")
    fixture.tick()
    let published = try #require(fixture.published.last { $0.uri == fixture.uri("notes/citing.md") })
    #expect(published.diagnostics.map(\.code) == ["unknown-source"])
    // "日本語 🧠 [@" is 9 UTF-16 units.
    #expect(
      published.diagnostics.first?.range
        == LSPRange(start: Position(line: 0, character: 9), end: Position(line: 0, character: 13)))
  }

  @Test func aClosedNoteChangedOnDiskIsNotPositionedAtItsOldOffsets() throws {
    let fixture = try start()
    fixture.open("notes/a.md", MarkedText(Self.note).text)
    fixture.fileSystem.setFile(
      "/w/notes/hub.md", Self.hub.replacingOccurrences(of: "Première", with: "Deux lignes\najoutées.\n\nPremière"))
    // The index still has the old offsets; the file's new text is not read at them.
    #expect(try definitionLine(fixture) == nil)
    fixture.tick()
    #expect(try definitionLine(fixture) == 7)
  }

  /// Twenty closed notes citing one key, each at a different line and column after non-ASCII text, read together
  /// (`texts(of:in:)`).
  static func manyCiting() -> [String: String] {
    var files = ["refs.bib": bib]
    for index in 0..<20 {
      files["notes/c\(index).md"] = String(repeating: "Dòng 🦉\n", count: index) + "日本語 \(index) [@gone]\n"
    }
    return files
  }

  @Test func referencesAndRenameInManyClosedNotesAreAtTheirPositions() throws {
    let fixture = WorkspaceFixture(files: Self.manyCiting())
    try fixture.start()
    #expect(fixture.client.server.roots.first?.releasedTexts.count == 20)
    // "日本語 0 [@" is 8 UTF-16 units, "日本語 10 [@" 9.
    func expected(_ index: Int) -> String {
      "/w/notes/c\(index).md \(index):\(index < 10 ? 8 : 9)-\(index):\(index < 10 ? 12 : 13)"
    }
    let position = Position(line: 0, character: 10)
    let edit = try fixture.client.send(
      RenameRequest(
        textDocument: TextDocumentIdentifier(uri: fixture.uri("notes/c0.md")), position: position, newName: "went"))
    var renamed: [String] = []
    for (uri, edits) in edit?.changes ?? [:] {
      for textEdit in edits where uri.hasSuffix(".md") {
        renamed.append("\(FileURI(uri).filePath ?? uri) \(textEdit.range)")
      }
    }
    for case .textDocumentEdit(let documentEdit) in edit?.documentChanges ?? [] {
      let uri = documentEdit.textDocument.uri
      for textEdit in documentEdit.edits where uri.hasSuffix(".md") {
        renamed.append("\(FileURI(uri).filePath ?? uri) \(textEdit.range)")
      }
    }
    #expect(renamed.sorted() == (0..<20).map(expected).sorted())
    // One note changed on disk since it was indexed is left out rather than placed at its old offsets.
    fixture.fileSystem.setFile("/w/notes/c3.md", "changed [@gone]\n")
    let locations = try fixture.client.send(
      ReferencesRequest(
        textDocument: TextDocumentIdentifier(uri: fixture.uri("notes/c0.md")), position: position,
        context: ReferenceContext(includeDeclaration: false)))
    #expect(
      (locations ?? []).map { "\(FileURI($0.uri).filePath ?? $0.uri) \($0.range)" }.sorted()
        == (0..<20).filter { $0 != 3 }.map(expected).sorted())
  }

  /// References in closed notes are placed from the position table kept with each released text: none is read again
  /// (here none but the asking note can be), and each place is the one its text gives.
  @Test func referencesInClosedNotesArePlacedWithoutReadingThem() throws {
    let fixture = WorkspaceFixture(files: Self.manyCiting())
    try fixture.start()
    for index in 1..<20 where index != 5 { fixture.fileSystem.makeUnreadable("/w/notes/c\(index).md") }
    // A note written again with the same text has another status: it is read again, and still holds the text.
    fixture.fileSystem.setFile("/w/notes/c5.md", Self.manyCiting()["notes/c5.md"] ?? "")
    let locations = try fixture.client.send(
      ReferencesRequest(
        textDocument: TextDocumentIdentifier(uri: fixture.uri("notes/c0.md")),
        position: Position(line: 0, character: 10),
        context: ReferenceContext(includeDeclaration: false)))
    // "日本語 0 [@" is 8 UTF-16 units, "日本語 10 [@" 9; note k's citation is on line k.
    #expect(
      (locations ?? []).map { "\(FileURI($0.uri).filePath ?? $0.uri) \($0.range)" }.sorted()
        == (0..<20).map { "/w/notes/c\($0).md \($0):\($0 < 10 ? 8 : 9)-\($0):\($0 < 10 ? 12 : 13)" }.sorted())
  }

  /// With the declaration, the bibliography (a kept text) is named first and again last (an entry inheriting from the
  /// key), the closed notes between: each place is where its own file's text puts it, in the index's order.
  @Test func referencesNamingAFileAgainAfterOthersPlaceEveryLocationInOrder() throws {
    var files = Self.manyCiting()
    let bib = Self.bib + "@incollection{phần, crossref = {gone}}\n"
    files["refs.bib"] = bib
    let fixture = WorkspaceFixture(files: files)
    try fixture.start()
    let locations = try fixture.client.send(
      ReferencesRequest(
        textDocument: TextDocumentIdentifier(uri: fixture.uri("notes/c0.md")),
        position: Position(line: 0, character: 10),
        context: ReferenceContext(includeDeclaration: true)))
    // "@book{gone" is on line 1, "@incollection{phần, crossref = {" (32 UTF-16 units) on line 2.
    let notes = (0..<20).map { "notes/c\($0).md" }.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    let expected =
      ["/w/refs.bib 1:6-1:10"]
      + notes.map { path -> String in
        let index = Int(path.dropFirst(7).dropLast(3)) ?? -1
        return "/w/\(path) \(index):\(index < 10 ? 8 : 9)-\(index):\(index < 10 ? 12 : 13)"
      } + ["/w/refs.bib 2:32-2:36"]
    #expect((locations ?? []).map { "\(FileURI($0.uri).filePath ?? $0.uri) \($0.range)" } == expected)
  }

  /// The server never holds a closed note's text: each is dropped on the core that read and parsed it, and only its
  /// stamp is kept, with its position table, from which the first publishing places the diagnostics (a workspace of
  /// many notes is published in slices, each written as soon as it is encoded).
  @Test func closedNotesTextsAreNotHeldWhileTheirDiagnosticsArePublished() throws {
    var files = ["refs.bib": Self.bib]
    for k in 0..<1_100 { files["notes/n\(k).md"] = "Ghi chú \(k) 🦉 [@nope]\n" }
    let fixture = WorkspaceFixture(files: files)
    try fixture.start(capabilities: ClientCapabilities(window: ClientCapabilities.Window(workDoneProgress: true)))
    let create = try #require(fixture.client.serverRequests.first { $0.method == "window/workDoneProgress/create" })
    let server = fixture.client.server
    let publish = OutgoingMessage.Kind.notification(method: PublishDiagnosticsNotification.method)
    // For each write holding notifications, how many notes' texts the root holds.
    var heldWhenWritten: [Int] = []
    var written: [OutgoingMessage] = []
    server.outbox.writeNow = { messages in
      written += messages
      guard messages.contains(where: { $0.kind == publish }) else { return }
      heldWhenWritten.append(server.roots.first?.texts.keys.filter { $0.hasSuffix(".md") }.count ?? -1)
    }
    fixture.client.reply(to: create.id, result: VoidResponse())
    #expect(heldWhenWritten == [0, 0])
    #expect(server.roots.first?.releasedTexts.count == 1_100)
    #expect(server.roots.first?.texts.keys.sorted() == ["refs.bib"])
    // Each note's diagnostic at its position: "Ghi chú 5 🦉 [@" is 15 UTF-16 units.
    let bodies = written.filter { $0.kind == publish }.map { String(decoding: $0.body, as: UTF8.self) }
    #expect(bodies.count == 1_101)
    let five = try #require(bodies.first { $0.contains("/w/notes/n5.md\"") })
    let message = try #require(
      try JSONSerialization.jsonObject(with: Data(five.utf8)) as? [String: Any])
    let params = try #require(message["params"] as? [String: Any])
    let diagnostics = try #require(params["diagnostics"] as? [[String: Any]])
    let range = try #require(diagnostics.first?["range"] as? [String: [String: Int]])
    #expect(range["start"] == ["line": 0, "character": 15])
    #expect(range["end"] == ["line": 0, "character": 19])
  }

  /// The first publishing does not read the closed notes again: their diagnostics are placed from the position tables
  /// kept with their stamps while their files are as indexed. Once the first slice is written, every note not yet
  /// published is made unreadable (each still placed, at the column its accents and emoji give) but one, written
  /// again with other text, which is not placed at its old offsets (the scan that indexes it again publishes it).
  @Test func theFirstPublishingPlacesClosedNotesDiagnosticsWithoutReadingThem() throws {
    var files = ["refs.bib": Self.bib]
    for k in 0..<1_100 {
      files["notes/n\(k).md"] = String(repeating: "Dòng 🦉\r\n", count: k % 3) + "Ghi chú \(k) 🦉 [@nope]\n"
    }
    let fixture = WorkspaceFixture(files: files)
    try fixture.start(capabilities: ClientCapabilities(window: ClientCapabilities.Window(workDoneProgress: true)))
    let create = try #require(fixture.client.serverRequests.first { $0.method == "window/workDoneProgress/create" })
    let server = fixture.client.server
    let publish = OutgoingMessage.Kind.notification(method: PublishDiagnosticsNotification.method)
    var written: [OutgoingMessage] = []
    var rewritten: String?
    server.outbox.writeNow = { messages in
      written += messages
      guard rewritten == nil, messages.contains(where: { $0.kind == publish }) else { return }
      let sent = Set(written.map { String(decoding: $0.body, as: UTF8.self) }.compactMap(Self.publishedPath))
      let later = (0..<1_100).map { "notes/n\($0).md" }.filter { !sent.contains($0) }
      rewritten = later.first
      for path in later.dropFirst() { fixture.fileSystem.makeUnreadable("/w/" + path) }
      if let rewritten { fixture.fileSystem.setFile("/w/" + rewritten, "Other text [@nope]\n") }
    }
    fixture.client.reply(to: create.id, result: VoidResponse())
    let unreadLater = try #require(rewritten)
    var ranges: [String: String] = [:]
    for message in written where message.kind == publish {
      let object = try #require(try JSONSerialization.jsonObject(with: message.body) as? [String: Any])
      let params = try #require(object["params"] as? [String: Any])
      let uri = try #require(params["uri"] as? String)
      let diagnostics = try #require(params["diagnostics"] as? [[String: Any]])
      guard let range = diagnostics.first?["range"] as? [String: [String: Int]],
        let start = range["start"], let end = range["end"]
      else { continue }
      ranges[uri] = "\(start["line"] ?? -1):\(start["character"] ?? -1)-\(end["line"] ?? -1):\(end["character"] ?? -1)"
    }
    // Every note but the one written again, each on its last line: "Ghi chú 5 🦉 [@" is 15 UTF-16 units.
    #expect(ranges[fixture.uri(unreadLater)] == nil)
    for k in 0..<1_100 where "notes/n\(k).md" != unreadLater {
      let (line, column) = (k % 3, 15 + String(k).count - 1)
      #expect(ranges[fixture.uri("notes/n\(k).md")] == "\(line):\(column)-\(line):\(column + 4)")
    }
  }

  /// The note path (`notes/….md`) a publishDiagnostics body is about.
  static func publishedPath(_ body: String) -> String? {
    guard let range = body.range(of: "/w/notes/") else { return nil }
    let rest = body[range.upperBound...]
    guard let end = rest.firstIndex(of: "\"") else { return nil }
    return "notes/" + rest[..<end]
  }
}
