import Foundation
import GlossIndex
import GlossSyntax
import TestSupport
import Testing

/// `As @smith2000 [[Missing idea]] says.`: Pandoc reads `[Missing idea]` as the in-text citation's suffix, and
/// Gloss keeps that citation while treating `[[Missing idea]]` as a wiki link.
@Suite struct WikiLinkInCitationTests {
  static let bib = "@book{smith2000, title = {Ideas}, author = {Smith, Ann}, year = 2000}\n"
  static let target = "---\ntitle: Ý tưởng\n---\n# Ý tưởng 🌱\n\n## Phần một\n\nMở đầu.\n"
  static let note = """
    Như @smith2000 [[⏩Thiếu ý⏪]] nói; @smith2000 [[Ý tưởng#⏩Không có⏪]]; [xem [[⏩Ý t1️⃣ưởng⏪]] @smi2️⃣th2000, tr. 4].

    """

  static var files: [String: String] {
    ["refs.bib": bib, "notes/ý tưởng.md": target, "notes/a.md": note]
  }

  @Test func brokenLinksAndAnchorsInsideCitationsAreReported() {
    checkDiagnostics(
      [
        "refs.bib": Self.bib, "notes/ý tưởng.md": Self.target,
        "notes/a.md": Self.note.replacingOccurrences(
          of: "⏩Ý t1️⃣ưởng⏪", with: "Ý tưởng"
        ).replacingOccurrences(of: "2️⃣", with: ""),
      ],
      ["notes/a.md": ["broken-link", "broken-anchor"]])
  }

  @Test func theLinkCountsAsABacklinkAndTheCitationStillCites() {
    let workspace = Fixture.workspace(Self.files)
    #expect(workspace.backlinks(to: "notes/ý tưởng.md") == ["notes/a.md"])
    #expect(
      workspace.note(at: "notes/a.md")?.note.citations.map { $0.items.map(\.key) } == [
        ["smith2000"], ["smith2000"], ["smith2000"],
      ])
  }

  @Test func definitionAndHoverOnTheLinkGoToTheNoteAndOnTheKeyToTheSource() {
    let workspace = Fixture.workspace(Self.files)
    let marked = MarkedText(Self.note)
    let onLink = marked.cursors["1"] ?? -1
    #expect(workspace.definition(at: onLink, in: "notes/a.md").map(\.description) == ["notes/ý tưởng.md [0..<0)"])
    let hover = workspace.hover(at: onLink, in: "notes/a.md")?.markdown ?? ""
    #expect(hover.contains("notes/ý tưởng.md") && !hover.contains("Ideas"), "\(hover)")
    let onKey = marked.cursors["2"] ?? -1
    #expect(workspace.definition(at: onKey, in: "notes/a.md").first?.path == "refs.bib")
  }

  @Test func renamingTheNoteRenamesTheLinkInsideTheCitation() throws {
    let workspace = Fixture.workspace(Self.files)
    let change = try workspace.renameNote(at: "notes/ý tưởng.md", to: "ý mới")
    let linkTarget = MarkedText(Self.note).ranges[2]
    #expect(change.edits["notes/a.md"]?.contains { $0.range == linkTarget && $0.newText == "ý mới" } == true)
  }

  @Test func completionAfterDoubleBracketsInACitationOffersNotes() {
    var workspace = Fixture.workspace(Self.files)
    let bytes = Array("Như @smith2000 [[Ý t".utf8)
    workspace.setNote(path: "notes/a.md", bytes: bytes)
    let labels = workspace.completions(at: bytes.count, in: "notes/a.md", text: bytes).items.map(\.label)
    #expect(labels.contains("Ý tưởng"))
  }

  @Test func thePandocExportKeepsWhatPandocReads() throws {
    let workspace = Fixture.workspace(Self.files)
    let text = Array(MarkedText(Self.note).text.utf8)
    let output = try workspace.export(.notes(["notes/a.md"]), format: .pandoc, output: "out.md") { _ in text }
    let exported = String(decoding: output.files.first?.bytes ?? [], as: UTF8.self)
    #expect(exported.contains("Như @smith2000 [[Thiếu ý]] nói; @smith2000 [[Ý tưởng#Không có]];"))
    #expect(exported.contains("[xem [[Ý tưởng]] @smith2000, tr. 4]"))
  }
}
