import GlossIndex
import GlossSyntax
import TestSupport
import Testing

/// Note paths completed after `](` in a Markdown link: relative to the note's folder, percent-encoded as CommonMark
/// needs (spaces and parentheses), accents and CJK written as they are.
@Suite struct CompletionNotePathTests {
  static let files: [String: String] = CompletionTests.files.merging([
    "notes/trí nhớ (2).md": "# Trí nhớ\n",
    "ideas/東京 ノート.md": "---\ntitle: Tokyo 🗼\n---\nText.\n",
  ]) { $1 }

  /// The candidates at `1️⃣` in `text` as `notes/test.md`, and the marked text.
  func complete(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> (
    CompletionResult, MarkedText
  ) {
    var files = Self.files
    files["notes/test.md"] = text
    return try CompletionTests().complete(files, in: "notes/test.md", sourceLocation: sourceLocation)
  }

  @Test func everyOtherNoteIsOfferedSameFolderFirstAndEncodedWhereNeeded() throws {
    let (result, marked) = try complete("Xem [ghi chú](⏩1️⃣⏪) 🙂")
    #expect(
      result.items.map { "\($0.label) | \($0.detail ?? "-") → \($0.newText)" } == [
        "cited.md | cited → cited.md",
        "hub.md | Carrefour → hub.md",
        "other.md | other → other.md",
        "trí nhớ (2).md | Trí nhớ → trí%20nhớ%20%282%29.md",
        "../ideas/東京 ノート.md | Tokyo 🗼 → ../ideas/東京%20ノート.md",
      ])
    #expect(result.items.allSatisfy { $0.replaceRange == marked.ranges.first && $0.kind == .note })
    #expect(result.items.allSatisfy { $0.filterText == $0.newText })
    #expect(!result.isIncomplete)
  }

  @Test(arguments: [
    ("[x](⏩tr1️⃣í⏪#phần)", ["trí nhớ (2).md"]),
    ("[x](⏩trí%20n1️⃣⏪)", ["trí nhớ (2).md"]),
    ("[x](⏩../1️⃣⏪", ["../ideas/東京 ノート.md"]),
    ("[x](⏩東1️⃣⏪)", ["../ideas/東京 ノート.md"]),
    ("[x](⏩H1️⃣u⏪)", ["hub.md"]),
  ])
  func whatWasTypedFiltersAndIsReplacedUpToTheAnchor(text: String, labels: [String]) throws {
    let (result, marked) = try complete(text)
    #expect(result.items.map(\.label) == labels)
    #expect(result.items.first?.replaceRange == marked.ranges.first)
  }

  @Test(arguments: [
    "[x](https://example.com 1️⃣)", "[x](<trí 1️⃣", "[x](hub.md) 1️⃣", "`[x](1️⃣`", "[x](hub.md#1️⃣)",
  ])
  func noPathIsOfferedOutsideADestinationBeingTyped(text: String) throws {
    #expect(try complete(text).0.items.allSatisfy { $0.kind != .note || $0.label == "Hub" })
  }

  @Test(arguments: [
    ("Xem [x][ghi chú].\n\n[ghi chú]: ⏩1️⃣⏪", 5),
    ("> [x]: ⏩tr1️⃣í⏪#phần", 1),
    ("- [東京 🗼]: <⏩東1️⃣⏪>", 1),
    ("1. [x]: ⏩H1️⃣u⏪ \"Hub\"", 1),
  ])
  func aLinkReferenceDefinitionsDestinationIsCompletedToo(text: String, count: Int) throws {
    let (result, marked) = try complete(text)
    #expect(result.items.count == count)
    #expect(result.items.allSatisfy { $0.replaceRange == marked.ranges.first && $0.kind == .note })
  }

  @Test func aLinkReferenceDefinitionsAnchorIsCompletedWithSlugs() throws {
    let (result, marked) = try complete("[x]: hub.md#⏩mé1️⃣th⏪\n")
    #expect(result.items.map(\.newText) == ["hub", "méthodes-"])
    #expect(result.items.last?.replaceRange == marked.ranges.first)
  }

  @Test(arguments: ["Text [x]: 1️⃣", "[x] 1️⃣", "[x]: hub.md \"t 1️⃣"])
  func noPathIsOfferedOutsideADefinitionsDestination(text: String) throws {
    #expect(try complete(text).0.items.allSatisfy { $0.kind != .note })
  }

  /// Each inserted destination resolves back to its note: no `broken-link` once written.
  @Test func everyInsertedDestinationResolves() throws {
    let (result, marked) = try complete("Xem [ghi chú](1️⃣) 🙂\n")
    #expect(result.items.count == 5)
    for item in result.items {
      var bytes = Array(marked.text.utf8)
      bytes.replaceSubrange(item.replaceRange, with: Array(item.newText.utf8))
      var files = Self.files
      files["notes/test.md"] = String(decoding: bytes, as: UTF8.self)
      let workspace = Fixture.workspace(files)
      #expect(workspace.diagnostics(for: "notes/test.md").map(\.code) == [], "\(item.newText)")
    }
  }
}
