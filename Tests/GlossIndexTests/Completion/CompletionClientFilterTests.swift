import GlossIndex
import GlossSyntax
import TestSupport
import Testing

/// Completion as the editors' own menus show it. Neovim (`vim.lsp.completion`, omnifunc) and eglot keep only the items
/// whose `filterText` starts with the text typed since the start of the edit range, case and accents included; VS Code
/// matches it fuzzily. So a key found by an author's name or a title word must carry a filter text that starts with
/// exactly what was typed, and the list must be incomplete so the editor asks again as the user types on.
@Suite struct CompletionClientFilterTests {
  /// The completions at `1️⃣` in `text` (as `notes/test.md` beside `CompletionTests.files`) and what was typed: the
  /// text from the start of the edit range to the cursor.
  func complete(_ text: String) throws -> (result: CompletionResult, typed: String) {
    var files = CompletionTests.files
    files["notes/test.md"] = text
    let marked = MarkedText(text)
    let cursor = try #require(marked.cursors["1"])
    let bytes = Array(marked.text.utf8)
    let result = Fixture.workspace(files).completions(at: cursor, in: "notes/test.md", text: bytes)
    let start = result.items.first?.replaceRange.lowerBound ?? cursor
    return (result, String(decoding: bytes[start..<cursor], as: UTF8.self))
  }

  /// The labels Neovim's menu shows: `filterText` (else the label) starts with the typed text, case-sensitively.
  static func prefixFiltered(_ result: CompletionResult, typed: String) -> [String] {
    result.items.filter { ($0.filterText ?? $0.label).hasPrefix(typed) }.map(\.label)
  }

  /// The labels a fuzzy menu shows (VS Code): the typed characters in order, ignoring case, the first at a word's start.
  static func fuzzyFiltered(_ result: CompletionResult, typed: String) -> [String] {
    result.items.filter { item in
      let filter = Array((item.filterText ?? item.label).lowercased())
      var wanted = Array(typed.lowercased())[...]
      guard let first = wanted.first else { return true }
      guard filter.indices.contains(where: { filter[$0] == first && ($0 == 0 || filter[$0 - 1] == " ") }) else {
        return false
      }
      for character in filter where character == wanted.first { wanted.removeFirst() }
      return wanted.isEmpty
    }.map(\.label)
  }

  @Test(
    arguments: [
      ("Như [@Loftus1️⃣", "loftus1974"),
      ("[@Palmer1️⃣]", "loftus1974"),
      ("[@pal1️⃣", "loftus1974"),
      ("[@Destruction1️⃣", "loftus1974"),
      ("[@Nguyễn1️⃣", "nguyen2019"),
      ("[@Trần1️⃣", "nguyen2019"),
      ("[@1932 1️⃣", nil),
      ("[@Halbwachs1️⃣", "halbwachs"),
      ("[@LOFTUS1️⃣", "loftus1974"),
    ] as [(String, String?)])
  func aKeyFoundByAuthorOrTitleWordIsShownByPrefixAndFuzzyMenus(text: String, key: String?) throws {
    let (result, typed) = try complete(text)
    guard let key else {
      #expect(result.items.isEmpty)
      return
    }
    #expect(Self.prefixFiltered(result, typed: typed).contains(key))
    #expect(Self.fuzzyFiltered(result, typed: typed).contains(key))
    #expect(result.isIncomplete)
    // The edit still replaces what was typed with the key.
    let item = try #require(result.items.first { $0.label == key })
    #expect(item.newText == key)
  }

  @Test func aKeyTypedInAnotherCaseIsShown() throws {
    let (result, typed) = try complete("[@Bartlett1️⃣")
    #expect(typed == "Bartlett")
    #expect(Self.prefixFiltered(result, typed: typed) == ["bartlett1932"])
    #expect(result.isIncomplete)
  }

  @Test func keysTypedAsSpelledKeepTheirFilterTextAndCompleteList() throws {
    let (result, typed) = try complete("[@lof1️⃣")
    #expect(typed == "lof")
    #expect(Self.prefixFiltered(result, typed: typed) == ["loftus1974"])
    #expect(result.items.first?.filterText == "loftus1974 Loftus Palmer 1974 Reconstruction of Automobile Destruction")
    #expect(!result.isIncomplete)
  }

  @Test func nothingTypedFiltersNothing() throws {
    let (result, typed) = try complete("[@1️⃣")
    #expect(typed == "")
    #expect(Self.prefixFiltered(result, typed: typed).count == result.items.count)
    #expect(!result.isIncomplete)
  }

  @Test func notesFoundByTitleAndTagsInAnotherCaseAreShownToo() throws {
    let (notes, typedNote) = try complete("[[Car1️⃣")
    #expect(Self.prefixFiltered(notes, typed: typedNote) == ["Carrefour"])
    let (byName, typedName) = try complete("[[hu1️⃣")
    #expect(Self.prefixFiltered(byName, typed: typedName) == ["Carrefour"])
    #expect(byName.isIncomplete)
    let (tags, typedTag) = try complete("#MÉM1️⃣")
    #expect(Self.prefixFiltered(tags, typed: typedTag).contains("mémoire"))
  }
}
