import Foundation
import GlossIndex
import GlossServer
import GlossSyntax
import LanguageServerProtocol
import TestSupport
import Testing

/// Changes that arrive in a burst are indexed once and their diagnostics published once, for the latest version;
/// the note the index holds after incremental changes is the one a whole parse of the buffer gives.
@Suite struct EditCoalescingTests {
  static let files = [
    "refs.bib": "@book{known, title = {Known}}\n",
    "notes/a.md": "# A\n\nSee [@known, p. 4].\n\nMore text.\n",
  ]

  private func change(
    _ fixture: WorkspaceFixture, _ path: String, version: Int, line: Int, character: Int, endCharacter: Int? = nil,
    text: String
  ) -> DidChangeTextDocumentNotification {
    DidChangeTextDocumentNotification(
      textDocument: VersionedTextDocumentIdentifier(uri: fixture.uri(path), version: version),
      contentChanges: [
        TextDocumentContentChangeEvent(
          range: LSPRange(
            start: Position(line: line, character: character),
            end: Position(line: line, character: endCharacter ?? character)),
          text: text)
      ])
  }

  @Test func aBurstOfChangesPublishesOnceForTheLatestVersion() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start()
    fixture.open("notes/a.md", Self.files["notes/a.md"] ?? "")
    fixture.client.clearCollected()
    // 100 characters typed into the paragraph, all read before the server handles the first.
    for k in 0..<100 {
      fixture.client.enqueue(change(fixture, "notes/a.md", version: 2 + k, line: 4, character: k, text: "x"))
    }
    fixture.client.processQueue()
    let published = fixture.published.filter { $0.uri == fixture.uri("notes/a.md") }
    #expect(published.count == 1)
    #expect(published.last?.version == 101)
  }

  @Test func aRequestAfterChangesSeesThemIndexed() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start()
    fixture.open("notes/a.md", Self.files["notes/a.md"] ?? "")
    fixture.client.clearCollected()
    // The key becomes unknown; the request queued behind the change must see that.
    fixture.client.enqueue(change(fixture, "notes/a.md", version: 2, line: 2, character: 6, text: "un"))
    let id = fixture.client.enqueue(
      DocumentDiagnosticRequest(textDocument: TextDocumentIdentifier(uri: fixture.uri("notes/a.md"))))
    fixture.client.processQueue()
    let report = try fixture.client.response(to: id, as: DocumentDiagnosticRequest.self)
    #expect(report.items?.compactMap(\.code) == ["unknown-source"])
  }

  @Test func incrementalChangesLeaveTheIndexAsAWholeParseWould() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start()
    let start = "# A\n\nSee [@known, p. 4].\n\n```\ncode [@x]\n\n- item [@y]\n"
    fixture.open("notes/a.md", start)
    var version = 1
    // Open a fence's end, break a key, add a list item, then close the fence: each edit changes blocks after it.
    let edits: [(Int, Int, Int?, String)] = [
      (2, 7, nil, "Q"), (7, 0, nil, "```\n\n"), (2, 7, 8, ""), (0, 0, nil, "---\ntitle: T\n---\n"),
      (9, 2, nil, "[@known] "),
    ]
    for (line, character, end, text) in edits {
      version += 1
      fixture.client.notify(
        change(fixture, "notes/a.md", version: version, line: line, character: character, endCharacter: end, text: text)
      )
      let buffer = try #require(fixture.client.server.documents[fixture.uri("notes/a.md")]?.text.bytes)
      let held = fixture.client.server.roots.first?.workspace.note(at: "notes/a.md")?.note
      #expect(held == Note(parsing: buffer))
    }
  }
}
