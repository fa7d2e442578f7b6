import Testing

@testable import GlossSyntax

@Suite struct NoteBlockTests {
  @Test func containersAndLeaves() {
    let source = """
      - a
      - b

        c
      * other list

      1. x
      1) y

      > q
      > > nested
      lazy

      ***
      - - -

          code

      [^n]: foot
          more

      | h | i |
      |:-:|---|
      | r | s |
      after

      > ```
      > code
      out
      """
    #expect(
      NoteDump.blocks(source) == """
        bulletList [0..12)
          item [0..3)
            paragraph [2..3)
          item [4..12)
            paragraph [6..7)
            paragraph [11..12)
        bulletList [13..25)
          item [13..25)
            paragraph [15..25)
        orderedList [27..31)
          item [27..31)
            paragraph [30..31)
        orderedList [32..36)
          item [32..36)
            paragraph [35..36)
        blockQuote [38..57)
          paragraph [40..41)
          blockQuote [44..57)
            paragraph [46..57)
        thematicBreak [59..62)
        thematicBreak [63..68)
        indentedCode [74..78)
        footnote "n" [80..99)
          paragraph [86..99)
        table [101..136)
        blockQuote [138..150)
          fencedCode "" [140..150)
        paragraph [151..154)
        """)
  }

  /// Pandoc's `markdown_in_html_blocks`: a block tag is raw only as far as its tags go (over lines too), the rest
  /// is Markdown; a line with text after a tag is a paragraph's.
  @Test func htmlDivsHoldMarkdown() {
    let source = """
      <div class="note"
        data-x="@attribute">
      @inDiv #tag [[link]]
      </div>
      <section><p>Đàn voi 🐘 [@inline]</p></section>

      """
    #expect(
      NoteDump.citations(source)
        == "citation [41..47) in-text: @inDiv in-text\ncitation [96..105) bracketed: @inline normal")
    #expect(NoteDump.tags(source) == "tag \"tag\" @\"tag\"")
    #expect(
      NoteDump.blocks(source) == """
        html [0..40)
        paragraph [41..61)
        html [62..68)
        paragraph [69..119)
        """)
  }

  /// Raw blocks as Pandoc keeps them raw: `<pre>`, comments, `<script>`; a `<div>`'s inside is Markdown (see
  /// `htmlDivsHoldMarkdown`).
  @Test func htmlBlocksAndCodeHideEverything() {
    let source = """
      <pre>
      @inPre #tag [[link]]
      </pre>

      <!-- @comment
      still comment -->

      <script>
      var x = "@s";

      @stillScript
      </script>

      ~~~~ python
      @fenced
      ~~~
      still @fenced
      ~~~~

          @indented

      text @visible
      <div>
      """
    #expect(NoteDump.citations(source) == "citation [180..188) in-text: @visible in-text")
    #expect(NoteDump.tags(source).isEmpty)
    #expect(NoteDump.links(source).isEmpty)
    #expect(
      NoteDump.blocks(source) == """
        html [0..33)
        html [35..66)
        html [68..114)
        fencedCode "python" [116..158)
        indentedCode [164..173)
        paragraph [175..188)
        html [189..194)
        """)
  }

  @Test func crlfAndFrontMatterBlocks() {
    let source = "---\r\ntitle: T\r\n---\r\n# Head\r\n\r\nPara @a\r\nline two\r\n"
    #expect(
      NoteDump.blocks(source) == """
        frontMatter [0..18)
        heading1 [20..26)
        paragraph [30..47)
        """)
    #expect(NoteDump.citations(source) == "citation [35..37) in-text: @a in-text")
  }

  @Test func listItemsNeedTheirContentIndent() {
    let source = "- one\n\n  two\n\n three\n"
    #expect(
      NoteDump.blocks(source) == """
        bulletList [0..12)
          item [0..12)
            paragraph [2..5)
            paragraph [9..12)
        paragraph [15..20)
        """)
  }

  @Test func taskItemsAreMarked() {
    let source = "- [ ] à faire @a\n- [x] fait\n- [y] not a task\n- [ ]\n"
    #expect(
      NoteDump.blocks(source) == """
        bulletList [0..51)
          item [ ] [0..17)
            paragraph [2..17)
          item [x] [18..28)
            paragraph [20..28)
          item [29..45)
            paragraph [31..45)
          item [46..51)
            paragraph [48..51)
        """)
    #expect(NoteDump.citations(source) == "citation [15..17) in-text: @a in-text")
  }

  @Test func orderedListInterruptingAParagraphMustStartAtOne() {
    #expect(NoteDump.blocks("text\n2. no list\n") == "paragraph [0..15)")
    #expect(
      NoteDump.blocks("text\n1. list\n") == """
        paragraph [0..4)
        orderedList [5..12)
          item [5..12)
            paragraph [8..12)
        """)
  }
}
