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

  static let note = "# Trí nhớ 🧠\n\nBartlett: “an imaginative reconstitution” [@bartlett1932, § 1].\n"

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
        "quotation not found in 'bartlett1932'; closest: line 7 of sources/bartlett1932.md, "))
    // "Bartlett: “" is 11 UTF-16 units; the quotation is 29.
    #expect(diagnostic.range.start == Position(line: 2, character: 11))
    #expect(diagnostic.range.end == Position(line: 2, character: 40))
  }

  @Test func editingTheNoteToTheSourcesWordsClearsTheMismatch() throws {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start()
    fixture.open("notes/trí nhớ.md", Self.note)
    fixture.client.clearCollected()
    fixture.replace(
      "notes/trí nhớ.md", with: Self.note.replacingOccurrences(of: "reconstitution", with: "reconstruction"), version: 2
    )
    #expect(fixture.codes("notes/trí nhớ.md") == [])
  }
}
