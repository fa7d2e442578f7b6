import Foundation
import GlossServer
import LanguageServerProtocol
import TestSupport
import Testing

@Suite struct QuotationEndToEndTests {
  static let source = """
    ---
    id: bartlett1932
    ---
    # 1 Introduction

    Remembering is not the re-excitation of innumerable fixed, lifeless and
    fragmentary traces. It is an imaginative reconstruction, or construction.

    """

  static let note = "# Trí nhớ 🧠\n\nBartlett: “an imaginary reconstruction” [@bartlett1932, § 1].\n"

  static let files: [String: String] = ["sources/bartlett1932.md": source, "notes/trí nhớ.md": note]

  @Test func mismatchIsPublishedOnTheQuotationWithTheClosestLines() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start()
    #expect(fixture.codes("notes/trí nhớ.md") == ["quote-mismatch"])
    let published = fixture.published.last { $0.uri == fixture.uri("notes/trí nhớ.md") }
    let diagnostic = try #require(published?.diagnostics.first)
    #expect(diagnostic.severity == .warning)
    #expect(
      diagnostic.message.hasPrefix(
        "quotation not found in 'bartlett1932' (bartlett1932.md); closest: § 1 Introduction, l. 7, "),
      "\(diagnostic.message)")
    // "Bartlett: “" is 11 UTF-16 units; the quotation is 27.
    #expect(diagnostic.range.start == Position(line: 2, character: 11))
    #expect(diagnostic.range.end == Position(line: 2, character: 38))
  }

  @Test func editingTheNoteToTheSourcesWordsClearsTheMismatch() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start()
    fixture.open("notes/trí nhớ.md", Self.note)
    fixture.client.clearCollected()
    fixture.replace(
      "notes/trí nhớ.md", with: Self.note.replacingOccurrences(of: "imaginary", with: "imaginative"), version: 2
    )
    #expect(fixture.codes("notes/trí nhớ.md") == [])
  }

  @Test func codeActionReplacesTheQuotationWithTheSourcesWordsAndTheWarningGoes() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start()
    let path = "notes/trí nhớ.md"
    let published = try #require(fixture.published.last { $0.uri == fixture.uri(path) }?.diagnostics.first)
    let actions = try #require(
      try fixture.client.send(
        CodeActionRequest(
          textDocument: TextDocumentIdentifier(uri: fixture.uri(path)), range: LSPRange(at: published.range.start),
          context: CodeActionContext(diagnostics: [published]))))
    let action = try #require(actions.first { $0.title == "replace with the source's words" })
    #expect(action.kind == "quickfix")
    #expect(action.diagnostics?.first?.code == "quote-mismatch")
    let edits = try #require(action.edit?.changes?[fixture.uri(path)])
    #expect(edits.map(\.newText) == ["an imaginative reconstruction"])
    #expect(edits.first?.range == published.range)
    let fixed = Self.applying(edits, to: Self.note)
    #expect(fixed == "# Trí nhớ 🧠\n\nBartlett: “an imaginative reconstruction” [@bartlett1932, § 1].\n")
    fixture.open(path, Self.note)
    fixture.replace(path, with: fixed, version: 2)
    #expect(fixture.codes(path) == [])
  }

  @Test func mismatchMessageQuotesTheClosestPassagesWords() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start()
    let published = fixture.published.last { $0.uri == fixture.uri("notes/trí nhớ.md") }
    let diagnostic = try #require(published?.diagnostics.first)
    #expect(diagnostic.message.hasSuffix("% alike: “an imaginative reconstruction”"), "\(diagnostic.message)")
  }

  static let river = "Bà Bình kể:\nthe current is faster now,\nand the river is wider.\n"
  static let riverNote = "# Sông\n\nShe said “the current is slower now” [@oral-binh].\n"

  @Test func editingAnOpenSourceRevalidatesTheQuotationsCitingIt() throws {
    let fixture = WorkspaceFixture(files: ["sources/oral-binh.txt": Self.river, "notes/sông.md": Self.riverNote])
    try fixture.start()
    #expect(fixture.codes("notes/sông.md") == ["quote-mismatch"])
    fixture.open("sources/oral-binh.txt", Self.river)
    fixture.replace(
      "sources/oral-binh.txt", with: Self.river.replacingOccurrences(of: "faster", with: "slower"), version: 2)
    #expect(fixture.codes("notes/sông.md") == [])
    // And back: the open buffer, not the file on disk, is what the quotation is checked against.
    fixture.replace("sources/oral-binh.txt", with: Self.river, version: 3)
    #expect(fixture.codes("notes/sông.md") == ["quote-mismatch"])
  }

  @Test func incrementalEditOfAnOpenSourceRevalidatesAnOpenNote() throws {
    let fixture = WorkspaceFixture(files: ["sources/oral-binh.txt": Self.river, "notes/sông.md": Self.riverNote])
    try fixture.start()
    fixture.open("notes/sông.md", Self.riverNote)
    fixture.open("sources/oral-binh.txt", Self.river)
    #expect(fixture.codes("notes/sông.md") == ["quote-mismatch"])
    // "faster" is at line 1, characters 15–21.
    fixture.client.notify(
      DidChangeTextDocumentNotification(
        textDocument: VersionedTextDocumentIdentifier(uri: fixture.uri("sources/oral-binh.txt"), version: 2),
        contentChanges: [
          TextDocumentContentChangeEvent(
            range: LSPRange(start: Position(line: 1, character: 15), end: Position(line: 1, character: 21)),
            text: "slower")
        ]))
    #expect(fixture.codes("notes/sông.md") == [])
  }

  @Test func editOfAnOpenSourceAsksAPullClientToPullTheClosedNotesCitingIt() throws {
    let fixture = WorkspaceFixture(files: ["sources/oral-binh.txt": Self.river, "notes/sông.md": Self.riverNote])
    var capabilities = ClientCapabilities(
      textDocument: ClientCapabilities.TextDocument(diagnostic: ClientCapabilities.DynamicRegistration()))
    capabilities.workspace = ClientCapabilities.Workspace()
    capabilities.workspace?.diagnostics = ClientCapabilities.RefreshSupport(refreshSupport: true)
    try fixture.start(capabilities: capabilities)
    let uri = fixture.uri("notes/sông.md")
    let before = try fixture.client.send(DocumentDiagnosticRequest(textDocument: TextDocumentIdentifier(uri: uri)))
    #expect(before.items?.compactMap(\.code) == ["quote-mismatch"])
    fixture.client.clearCollected()
    fixture.open("sources/oral-binh.txt", Self.river)
    fixture.replace(
      "sources/oral-binh.txt", with: Self.river.replacingOccurrences(of: "faster", with: "slower"), version: 2)
    // The note is not open: the client re-pulls only open documents after its own edits, so it must be asked.
    #expect(fixture.client.serverRequests.contains { $0.method == "workspace/diagnostic/refresh" })
    let after = try fixture.client.send(
      DocumentDiagnosticRequest(textDocument: TextDocumentIdentifier(uri: uri), previousResultId: before.resultId))
    #expect(after.items?.compactMap(\.code) == [])
  }

  /// `text` with LSP edits (UTF-16 columns, on distinct lines or in order) applied.
  static func applying(_ edits: [TextEdit], to text: String) -> String {
    var lines = text.components(separatedBy: "\n")
    for edit in edits.sorted(by: {
      ($0.range.start.line, $0.range.start.character) > ($1.range.start.line, $1.range.start.character)
    }) {
      let start = edit.range.start
      let end = edit.range.end
      let first = Array(lines[start.line].utf16)
      let last = Array(lines[end.line].utf16)
      let head = String(decoding: first[..<start.character], as: UTF16.self)
      let tail = String(decoding: last[end.character...], as: UTF16.self)
      lines.replaceSubrange(start.line...end.line, with: [head + edit.newText + tail])
    }
    return lines.joined(separator: "\n")
  }
}
