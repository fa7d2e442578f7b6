import Foundation
import GlossIndex
import GlossServer
import LanguageServerProtocol
import TestSupport
import Testing

/// Many source documents changed on disk at once (a sync, a `git pull`) are filed together.
@Suite struct SourcesChangedOnDiskTests {
  /// Twelve text sources, each quoted twice by one note: once by line, once by words that `version` 2 no longer
  /// has.
  static func sources(version: Int) -> [String: String] {
    var files: [String: String] = [:]
    for k in 0..<12 {
      files["sources/s\(k).txt"] = "Dòng một của nguồn \(k).\nPhiên bản \(version) nói: trí nhớ là tái tạo \(k) 🦉.\n"
    }
    return files
  }

  static let note = (0..<12).map { k in
    "\"trí nhớ là tái tạo \(k)\" [@s\(k), l. 2] và \"Phiên bản 1 nói\" [@s\(k)].\n\n"
  }.joined()

  @Test func manySourcesChangedOnDiskAreFiledAtOnceAndTheNoteIsCheckedOnceWhereItCitesThem() throws {
    var files = Self.sources(version: 1)
    files[".gloss.json"] = "{}"
    files["notes/đọc.md"] = "# Đọc\n\n" + Self.note
    let fixture = WorkspaceFixture(files: files)
    try fixture.start()
    #expect(fixture.codes("notes/đọc.md") == [])
    let server = fixture.client.server
    let id = try #require(server.roots.first?.id)
    let before = try #require(server.workspace(id))
    for (path, text) in Self.sources(version: 2) { fixture.fileSystem.setFile("/w/" + path, text) }
    fixture.tick()
    let after = try #require(server.workspace(id))
    #expect(fixture.codes("notes/đọc.md") == Array(repeating: "quote-mismatch", count: 12))
    // The note was checked again once, by key, not whole once per source (twelve times).
    #expect(after.keyScopedDiagnoses == before.keyScopedDiagnoses + 1)
    #expect(after.wholeDiagnoses - before.wholeDiagnoses <= 12)
    // What a fresh start on the changed files publishes.
    var changed = files.merging(Self.sources(version: 2)) { _, new in new }
    changed["notes/đọc.md"] = files["notes/đọc.md"]
    let fresh = WorkspaceFixture(files: changed)
    try fresh.start()
    for path in ["notes/đọc.md"] + (0..<12).map({ "sources/s\($0).txt" }) {
      let got = fixture.published.last { $0.uri == fixture.uri(path) }?.diagnostics
      let want = fresh.published.last { $0.uri == fresh.uri(path) }?.diagnostics
      #expect(got == want, "\(path)")
    }
    let hover = try fixture.client.send(
      HoverRequest(
        textDocument: TextDocumentIdentifier(uri: fixture.uri("notes/đọc.md")),
        position: Position(line: 2, character: 30)
      ))
    #expect(hover?.contents.value.contains("Phiên bản 2 nói") == true)
  }
}
