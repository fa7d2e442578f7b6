import Testing

@testable import GlossSyntax

/// Block and inline shapes from real Pandoc documents (theses, manuals) where Gloss once read citations differently
/// from Pandoc 2.17. The citations themselves are compared with Pandoc in `CitationCorpusTests`; these tests pin the
/// structure behind them.
@Suite struct NoteFidelityTests {
  @Test func definitionBodyHoldsItsIndentedParagraphsAndCode() {
    let source = "Term\n:   First [@a].\n\n    Second [@b].\n\n        code @c\n\nAfter.\n"
    #expect(
      NoteDump.blocks(source) == """
        paragraph [0..4)
        definition [5..55)
          paragraph [9..20)
          paragraph [26..38)
          indentedCode [48..55)
        paragraph [57..63)
        """)
    #expect(Note(parsing: Array(source.utf8)).citations.flatMap(\.items).map(\.key) == ["a", "b"])
  }

  @Test func definitionNeedsAOneLineTerm() {
    // Under a two-line paragraph `: x` is a lazy continuation line, and four-space lines after it are code.
    #expect(
      NoteDump.blocks("one\ntwo\n\n: x\n\n    code\n") == """
        paragraph [0..7)
        paragraph [9..12)
        indentedCode [18..22)
        """)
  }

  @Test func laTeXEnvironmentIsRawUpToItsEndAcrossBlankLines() {
    let source = "\\begin{figure}\n[@a]\n\n\\begin{figure}\n\\end{figure}\n[@b]\n\\end{figure}\n\nafter [@c]\n"
    #expect(
      NoteDump.blocks(source) == """
        html [0..66)
        paragraph [68..78)
        """)
    #expect(Note(parsing: Array(source.utf8)).citations.flatMap(\.items).map(\.key) == ["c"])
  }

  @Test func unclosedLaTeXEnvironmentIsText() {
    let source = "\\begin{figure}\n[@a]\n"
    #expect(Note(parsing: Array(source.utf8)).citations.flatMap(\.items).map(\.key) == ["a"])
  }

  @Test func manyUnclosedEnvironmentsStayLinear() {
    // Each `\begin` would search the rest of the note for its `\end`; the first miss is remembered.
    let source = String(repeating: "\\begin{x} [@a]\n\n", count: 20_000)
    let note = Note(parsing: Array(source.utf8))
    #expect(note.citations.count == 20_000)
  }

  @Test func exampleListLabelsAreNotCitationsAnywhereInTheNote() {
    let source = "As (@good) shows.\n\n(@good) This is good.\n(@bad) This is bad.\n\nSee (@bad), (@other) and @good.\n"
    let keys = Note(parsing: Array(source.utf8)).citations.flatMap(\.items).map(\.key)
    #expect(keys == ["other", "good"])
  }

  @Test func linkDestinationMayHoldSpaces() {
    let source = "[How to install](@ref installation) and [t](a b \"title\")\n"
    let note = Note(parsing: Array(source.utf8))
    #expect(note.citations.isEmpty)
    #expect(note.links.map(\.target) == ["@ref installation", "a b"])
  }
}
