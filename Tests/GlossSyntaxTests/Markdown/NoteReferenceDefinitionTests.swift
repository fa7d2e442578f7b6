import Testing

@testable import GlossSyntax

/// Link reference definitions (`[label]: url "title"`) are no prose, and wiki links inside citations are links too
/// (docs/pandoc-compatibility.md). The citation corpus (`CitationCorpusTests`) holds the same shapes against Pandoc's
/// reading.
@Suite struct NoteReferenceDefinitionTests {
  @Test func aDefinitionHoldsNoCitationTagOrWikiLink() {
    let source = """
      Bản đồ [map] và @smith2020 #ghi-chú.

      [map]: https://example.org/@mapkey "Bản đồ của @places, #thẻ và [[Ghi chú]]"
         [東京]: <https://example.org/東京/@tokyo> (地図 @jp #地図)
      > [quote]: https://example.org/@inquote
      > lazy @after
      - [item]: https://example.org/@initem
        'title @t'
      """
    #expect(
      NoteDump.citations(source) == """
        citation [22..32) in-text: @smith2020 in-text
        citation [250..256) in-text: @after in-text
        """)
    #expect(Note(parsing: Array(source.utf8)).tags.map(\.name) == ["ghi-chú"])
    // The definitions are (external) links, and the shortcut `[map]` uses the first.
    #expect(
      Note(parsing: Array(source.utf8)).links.map { "\($0.reference == .use ? "use" : "definition") \($0.target)" } == [
        "use https://example.org/@mapkey", "definition https://example.org/@mapkey",
        "definition https://example.org/東京/@tokyo", "definition https://example.org/@inquote",
        "definition https://example.org/@initem",
      ])
  }

  @Test func definitionsLeaveTheRestOfTheirParagraphAndNoBlockOfTheirOwn() {
    let source = "[a]: https://x/@k\n[b]: https://y/@l\nText @c here.\n\n[z]: https://z\n"
    #expect(NoteDump.blocks(source) == "paragraph [36..49)")
    #expect(NoteDump.citations(source) == "citation [41..43) in-text: @c in-text")
  }

  @Test func anIndentedLineAfterADefinitionIsCode() {
    let source = "[map]: https://x/@k\n    code @c\n"
    #expect(NoteDump.blocks(source) == "indentedCode [24..31)")
    #expect(NoteDump.citations(source) == "")
  }

  @Test func aLabelPandocReadsAsACitationMakesTheLineProse() {
    #expect(
      NoteDump.citations("[see @a]: https://x/@k\n") == """
        citation [0..8) bracketed: @a normal prefix "see"
        citation [20..22) in-text: @k in-text
        """)
  }

  @Test func aDefinitionJustUnderATermIsTheTerm() {
    // Pandoc tries definition lists before reference definitions.
    #expect(NoteDump.citations("[m]: http://x/@k\n:   defn @d\n").split(separator: "\n").count == 2)
  }

  @Test func aWikiLinkInsideACitationIsALinkAndTheCitationStaysAsPandocReadsIt() {
    let source = "Như @smith2000 [[Ý tưởng 🌱|ý]] nói; [xem [[Ghi chú#Phần]] @lê2020, tr. 4 [[Khác]]]."
    #expect(
      NoteDump.citations(source) == """
        citation [5..39) in-text: @smith2000 in-text suffix "[Ý tưởng 🌱|ý]"
        citation [46..97) bracketed: @lê2020 normal prefix "xem [[Ghi chú#Phần]]" suffix "tr. 4 [[Khác]]"
        """)
    #expect(
      NoteDump.links(source) == """
        wiki "Ý tưởng 🌱" label "ý" @"[[Ý tưởng 🌱|ý]]"
        wiki "Ghi chú" #"Phần" @"[[Ghi chú#Phần]]"
        wiki "Khác" @"[[Khác]]"
        """)
    #expect(Note(parsing: Array(source.utf8)).links.map(\.isInCitation) == [true, true, true])
    #expect(Note(parsing: Array("[[Ngoài]] @a".utf8)).links.map(\.isInCitation) == [false])
  }

  @Test func aDefinedLabelAfterAnInTextKeyIsALinkNotASuffix() {
    // Pandoc reads `@c [map]` as a citation and a reference link when the note defines `[map]`, before or after.
    let defined = "Sau @c [Bản  Đồ] và @d [khác].\n\n[bản đồ]: https://example.org\n"
    #expect(NoteDump.citations(defined).split(separator: "\n").map { $0.hasSuffix("in-text") } == [true, false])
    #expect(NoteDump.citations("Sau @c [Bản đồ].\n").hasSuffix("suffix \"Bản đồ\""))
  }

  @Test func aWikiLinkInACodeSpanInsideACitationIsNoLink() {
    #expect(NoteDump.links("x [@a, p. 4 `[[Not]]`] y") == "")
  }
}
