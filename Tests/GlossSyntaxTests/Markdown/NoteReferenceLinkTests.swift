import Testing

@testable import GlossSyntax

/// Reference links: each link reference definition whose destination is a path is a link of the note over the
/// destination as written, and `[text][label]`, `[label][]` and `[label]` are uses of it. What Pandoc reads as a
/// link is compared with Pandoc itself in `ReferenceLinkCorpusTests`; these pin the ranges.
@Suite struct NoteReferenceLinkTests {
  @Test func aDefinitionIsALinkOverItsDestinationAsWritten() {
    let source = """
      Xem [chương hai][ch2] và [Ghi chú khác][].

      [ch2]: notes/chương-2.md#phương-pháp
      [Ghi chú khác]: <ghi chú/khác 🌱.md> "Khác"
      [東京]: 地図/%E6%9D%B1%E4%BA%AC.md 'title'
      [web]: https://example.org/@x
      """
    #expect(
      NoteDump.links(source) == """
        link "notes/chương-2.md" #"phương-pháp" label "chương hai" use target@"ch2" @"[chương hai][ch2]"
        link "ghi chú/khác 🌱.md" label "Ghi chú khác" use target@"Ghi chú khác" @"[Ghi chú khác][]"
        link "notes/chương-2.md" #"phương-pháp" label "ch2" definition target@"notes/chương-2.md" \
        @"[ch2]: notes/chương-2.md#phương-pháp"
        link "ghi chú/khác 🌱.md" label "Ghi chú khác" definition target@"ghi chú/khác 🌱.md" \
        @"[Ghi chú khác]: <ghi chú/khác 🌱.md> "Khác""
        link "地図/東京.md" label "東京" definition target@"地図/%E6%9D%B1%E4%BA%AC.md" \
        @"[東京]: 地図/%E6%9D%B1%E4%BA%AC.md 'title'"
        link "https://example.org/@x" label "web" external definition target@"https://example.org/@x" \
        @"[web]: https://example.org/@x"
        """)
    let note = Note(parsing: Array(source.utf8))
    let bytes = Array(source.utf8)
    #expect(note.links[2].anchorRange.map { String(decoding: bytes[$0], as: UTF8.self) } == "phương-pháp")
  }

  @Test func aShortcutIsALinkOnlyWhenItsLabelIsDefinedCaseAndSpacingAside() {
    let source = "[Việt  Nam] và [VIỆT NAM][] nhưng [không có] và [chữ][không có].\n\n[việt nam]: vn.md\n"
    #expect(
      NoteDump.links(source) == """
        link "vn.md" label "Việt  Nam" use target@"Việt  Nam" @"[Việt  Nam]"
        link "vn.md" label "VIỆT NAM" use target@"VIỆT NAM" @"[VIỆT NAM][]"
        link "vn.md" label "việt nam" definition target@"vn.md" @"[việt nam]: vn.md"
        """)
  }

  @Test func theLastDefinitionOfALabelIsTheOneUsedAsInPandoc() {
    let source = "[dup]\n\n[dup]: first.md\n[DUP]: second.md\n"
    #expect(
      NoteDump.links(source).split(separator: "\n").first == #"link "second.md" label "dup" use target@"dup" @"[dup]""#)
  }

  @Test func definitionsOverLinesInQuotesListsAndCRLFMapToTheNote() {
    let source =
      "> [q]:\r\n>   quoted/ĐẦU.md#Đầu\r\n>   \"title\"\r\n\r\n- [l]: <list item.md>\r\n\r\n  [q] [l]\r\n"
    #expect(
      NoteDump.links(source) == """
        link "quoted/ĐẦU.md" #"Đầu" label "q" definition target@"quoted/ĐẦU.md" @"[q]:\r
        >   quoted/ĐẦU.md#Đầu\r
        >   "title""
        link "list item.md" label "l" definition target@"list item.md" @"[l]: <list item.md>"
        link "quoted/ĐẦU.md" #"Đầu" label "q" use target@"q" @"[q]"
        link "list item.md" label "l" use target@"l" @"[l]"
        """)
  }

  @Test func citationsStayAsPandocReadsThem() {
    let source = "@doe [map] và [xem @doe][map] và [map][see @roe].\n\n[map]: bản-đồ.md\n"
    #expect(
      NoteDump.citations(source) == """
        citation [0..4) in-text: @doe in-text
        citation [20..24) in-text: @doe in-text
        citation [40..50) bracketed: @roe normal prefix "see"
        """)
    #expect(
      NoteDump.links(source) == """
        link "bản-đồ.md" label "map" use target@"map" @"[map]"
        link "bản-đồ.md" label "xem @doe" use target@"map" @"[xem @doe][map]"
        link "bản-đồ.md" label "map" use target@"map" @"[map]"
        link "bản-đồ.md" label "map" definition target@"bản-đồ.md" @"[map]: bản-đồ.md"
        """)
  }

  @Test func anImageUsesADefinitionToo() {
    #expect(
      NoteDump.links("![Hình 1][fig]\n\n[fig]: hình/😀.png\n").split(separator: "\n").first
        == #"image "hình/😀.png" label "Hình 1" use target@"fig" @"![Hình 1][fig]""#)
  }
}
