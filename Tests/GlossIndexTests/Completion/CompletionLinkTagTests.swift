import GlossIndex
import GlossSyntax
import TestSupport
import Testing

@Suite struct CompletionLinkTagTests {
  static let files = CompletionTests.files

  /// The candidates at `1️⃣` in `text`, added to the standard files as `notes/test.md`, and the marked text.
  func complete(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> (
    CompletionResult, MarkedText
  ) {
    var files = Self.files
    files["notes/test.md"] = text
    return try CompletionTests().complete(files, in: "notes/test.md", sourceLocation: sourceLocation)
  }

  /// `label detail → newText` per candidate.
  func dump(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
    try complete(text, sourceLocation: sourceLocation).0.items.map { "\($0.label) \($0.detail ?? "-") → \($0.newText)" }
  }

  @Test func tagsAfterAHashComeWithTheirNoteCounts() throws {
    #expect(
      try dump("Ghi chú 📝 #mé1️⃣") == [
        "mémoire 2 notes → mémoire", "mémoire/collective 1 note → mémoire/collective",
        "Mémoire/individuelle 1 note → Mémoire/individuelle",
      ])
    #expect(try dump("(#pro1️⃣)") == ["projet 1 note → projet"])
  }

  @Test func aNestedTagPrefixListsItsChildren() throws {
    let (result, marked) = try complete("中文 #⏩Mémoire/1️⃣col⏪ suite")
    #expect(result.items.map(\.label) == ["mémoire/collective", "Mémoire/individuelle"])
    #expect(result.items.first?.replaceRange == marked.ranges.first)
  }

  @Test(arguments: ["a#mé1️⃣", "`#mé1️⃣`", "https://example.com/page#mé1️⃣", "[[hub#mé1️⃣"])
  func aHashThatIsNoTagStartCompletesNoTag(text: String) throws {
    #expect(try complete(text).0.items.allSatisfy { $0.kind != .tag })
  }

  @Test(arguments: [
    "---\ntags: [projet, mé1️⃣]\n---\nTexte\n",
    "---\ntitle: Ký ức\ntags:\n  - projet\n  - mé1️⃣\n---\nTexte\n",
    "---\ntags: projet, mé1️⃣\n---\nTexte\n",
    "---\ntags: [\"#mé1️⃣\"]\n---\nTexte\n",
  ])
  func frontMatterTagsAreCompletedWithoutAHash(text: String) throws {
    let (result, marked) = try complete(text)
    #expect(result.items.map(\.label) == ["mémoire", "mémoire/collective", "Mémoire/individuelle"])
    let cursor = try #require(marked.cursors["1"])
    #expect(result.items.first?.replaceRange == (cursor - "mé".utf8.count)..<cursor)
  }

  @Test(arguments: ["---\ntitle: mé1️⃣\n---\n", "---\naliases:\n  - mé1️⃣\n---\n", "---\ntags: [a]\nid: x\n---\n[@1️⃣"])
  func otherFrontMatterValuesCompleteNothing(text: String) throws {
    let (result, _) = try complete(text)
    #expect(result.items.allSatisfy { $0.kind != .tag })
    if text.hasSuffix("[@1️⃣") { #expect(!result.items.isEmpty) } else { #expect(result.items.isEmpty) }
  }

  @Test func notesAfterDoubleBracketsInsertAUniqueNameAndCloseTheLink() throws {
    let (result, marked) = try complete("Xem 🔗 [[⏩Car1️⃣⏪")
    #expect(result.items.map(\.label) == ["Carrefour"])
    let item = try #require(result.items.first)
    #expect(item.newText == "hub]]")
    #expect(item.replaceRange == marked.ranges.first)
    #expect(item.filterText == "Carrefour Centre hub notes/hub.md")
    #expect(item.detail == "notes/hub.md")
  }

  @Test func anExistingClosingIsNotDoubled() throws {
    let (result, marked) = try complete("Xem [[⏩cen1️⃣tre⏪]] sau")
    #expect(result.items.map(\.newText) == ["hub"])
    #expect(result.items.first?.replaceRange == marked.ranges.first)
  }

  @Test func aNameSharedByTwoNotesIsInsertedAsAPath() throws {
    var files = Self.files
    files["archive/hub.md"] = "# Cũ\n"
    files["notes/test.md"] = "[[hu1️⃣"
    let (result, _) = try CompletionTests().complete(files, in: "notes/test.md")
    #expect(result.items.map(\.newText).sorted() == ["archive/hub]]", "notes/hub]]"])
  }

  @Test func noteHeadingsAfterAWikiAnchor() throws {
    #expect(try dump("[[hub#Mé1️⃣]]") == ["Hub # Carrefour → Hub", "Méthodes ✨ ## Carrefour → Méthodes ✨"])
    #expect(
      try dump("# Riêng\n\n## Phần hai\n\n[[#1️⃣") == ["Riêng # Riêng → Riêng]]", "Phần hai ## Riêng → Phần hai]]"])
  }

  @Test func markdownAnchorsInsertSlugs() throws {
    let (result, marked) = try complete("Voir [lien](hub.md#⏩mé1️⃣th⏪) 🙂")
    #expect(result.items.map(\.newText) == ["hub", "méthodes-"])
    #expect(result.items.last?.replaceRange == marked.ranges.first)
    #expect(try complete("# Đầu\n\n[ici](#1️⃣)").0.items.map(\.newText) == ["đầu"])
  }

  @Test func aSectionLocatorOffersTheSourceHeadings() throws {
    let (result, marked) = try complete("Như đã nói [@halbwachs, sec. ⏩Mé1️⃣⏪]")
    #expect(result.items.map(\.label) == ["1 Introduction", "2 Méthodes"])
    #expect(result.items.map(\.newText) == ["1", "2"])
    #expect(result.items.first?.replaceRange == marked.ranges.first)
    #expect(try complete("[see @halbwachs, § 1️⃣").0.items.count == 2)
    #expect(try complete("[@loftus1974; @halbwachs, section 1️⃣]").0.items.count == 2)
    #expect(try complete("[@halbwachs, p. 1️⃣]").0.items.isEmpty)
    #expect(try complete("[@bartlett1932, sec. 1️⃣]").0.items.isEmpty)
  }
}

extension CompletionLinkTagTests {
  @Test func aTagIsOfferedAsWritten() throws {
    var files = Self.files
    files["notes/x.md"] = "#Phương_pháp #Méthode\n"
    files["notes/y.md"] = "#Phương_pháp\n"
    files["notes/test.md"] = "Đây #ph1️⃣"
    let (result, _) = try CompletionTests().complete(files, in: "notes/test.md")
    #expect(result.items.map(\.newText) == ["Phương_pháp"])
    #expect(result.items.map(\.detail) == ["2 notes"])
  }
}

extension CompletionLinkTagTests {
  @Test func theTagUnderTheCursorComesFirstAsWritten() throws {
    var files = Self.files
    files["notes/x.md"] = "#projet #projet/a #projet/b\n"
    files["notes/test.md"] = "Xem #⏩1️⃣Projet⏪ nhé"
    let (result, marked) = try CompletionTests().complete(files, in: "notes/test.md")
    #expect(
      result.items.map(\.label) == [
        "Projet", "mémoire", "mémoire/collective", "Mémoire/individuelle", "projet/a", "projet/b",
      ])
    // The note's own use is not counted: it may be the one being typed.
    #expect(result.items.first?.detail == "2 notes")
    #expect(result.items.first?.replaceRange == marked.ranges.first)
  }
}

extension CompletionLinkTagTests {
  @Test func aWordInsideANoteNameFindsItAfterWholeNames() throws {
    var files = Self.files
    files["notes/curve.md"] = "# Đường cong lãng quên\n"
    files["notes/lãng.md"] = "# Lãng\n"
    files["notes/test.md"] = "[[lãng1️⃣"
    let (result, _) = try CompletionTests().complete(files, in: "notes/test.md")
    #expect(result.items.map(\.label) == ["Lãng", "Đường cong lãng quên"])
  }

  @Test func aRenamedTitleIsSeenByTheNextCompletion() throws {
    var workspace = Fixture.workspace(Self.files)
    let marked = MarkedText("[[1️⃣")
    let cursor = try #require(marked.cursors["1"])
    let bytes = Array(marked.text.utf8)
    workspace.setNote(path: "t.md", bytes: bytes)
    #expect(workspace.completions(at: cursor, in: "t.md", text: bytes).items.map(\.label).contains("Carrefour"))
    workspace.setNote(path: "notes/hub.md", bytes: Array("# Giao lộ\n".utf8))
    let labels = workspace.completions(at: cursor, in: "t.md", text: bytes).items.map(\.label)
    #expect(labels.contains("Giao lộ") && !labels.contains("Carrefour"))
  }
}
