import GlossIndex
import GlossSyntax
import TestSupport
import Testing

@Suite struct HoverTests {
  private func hoverAt(_ digit: String, in path: String, sourceLocation: SourceLocation = #_sourceLocation)
    -> HoverText?
  {
    let offset = NavigationFixture.cursor(digit, in: path, sourceLocation: sourceLocation)
    return NavigationFixture.workspace.hover(at: offset, in: path, fileBytes: NavigationFixture.bytes)
  }

  @Test func citationHoverShowsMetadataAndTheResolvedSection() throws {
    let hover = try #require(hoverAt("1", in: "notes/a.md"))
    #expect(
      hover.markdown == """
        **Remembering: A Study in Experimental \\*Psychology\\*** · `bartlett1932`

        Bartlett, Frederic C.; Piaget, Jean; Vygotsky, Lev et al. · 1932 · *Cambridge Review*

        [doi:10.1017/CBO9780511759185](<https://doi.org/10.1017/CBO9780511759185>)

        section 2.1 Methods of `bartlett1932.md`:

        ```text
        ## 2.1 Methods

        Subjects read the story twice.
        The war of the ghosts 👻.
        ```
        """)
    // The item's range: from the prefix to the suffix, inside the brackets.
    let citation = NavigationFixture.ranges(in: "notes/a.md")[0]
    #expect(hover.range == citation.lowerBound + 1..<citation.upperBound - 1)
  }

  @Test func pageLocatorShowsThatPageOfAPlainTextSource() throws {
    let hover = try #require(hoverAt("2", in: "notes/a.md"))
    #expect(hover.markdown.hasPrefix("*untitled* · `halbwachs`\n\npage 2 of `halbwachs.txt`:"))
    #expect(hover.markdown.hasSuffix("```text\nPage deux : la mémoire collective.\n```"))
  }

  @Test func lineLocatorsReadCRLFSourcesAsTheEditorNumbersThem() throws {
    let source = MarkedText("un\r\n⏩deux 🦉\r\ntrois⏪\r\nquatre\r\n")
    let note = MarkedText("Ba 三 [@cr1️⃣lf, ll. 2-3]\n")
    let workspace = Fixture.workspace(["sources/crlf.txt": source.text, "n.md": note.text])
    let offset = note.cursors["1"] ?? -1
    #expect(
      workspace.hover(at: offset, in: "n.md")?.markdown
        == "*untitled* · `crlf`\n\nlines 2–3 of `crlf.txt`:\n\n```text\ndeux 🦉\ntrois\n```")
    #expect(
      workspace.definition(at: offset, in: "n.md") == [FileLocation(path: "sources/crlf.txt", range: source.ranges[0])])
  }

  @Test func citationHoverStartsWithTheVerdictThenTheQuotedSentence() throws {
    let source = "---\ntitle: Remembering\n---\nMemory is an imaginative reconstruction of the past 🦉.\n"
    let note = MarkedText(
      "Bartlett: “an imaginative reconstruction” [@q1️⃣]. Ông nói \"a faithful copy of the past\" [@q2️⃣].\n")
    let workspace = Fixture.workspace(["sources/q.md": source, "n.md": note.text])
    #expect(
      workspace.hover(at: note.cursors["1"] ?? -1, in: "n.md")?.markdown == """
        ✓ quotation found in 'q' (q.md), l. 4

        > Memory is **an imaginative reconstruction** of the past 🦉.

        **Remembering** · `q`
        """)
    #expect(
      workspace.hover(at: note.cursors["2"] ?? -1, in: "n.md")?.markdown == """
        ✗ quotation not found in 'q' (q.md); closest: l. 4, 50% alike

        > Memory is **an imaginative reconstruction of the past** 🦉.

        **Remembering** · `q`
        """)
  }

  @Test func quotationInAPDFShowsItsSentenceAndPageNotThePageFromItsTop() throws {
    // A PDF's text as `pdftotext` gives it: running heads, a figure's debris, then the quoted sentence deep in page 3.
    let runningHead = "JOURNAL OF MEMORY · VOL. 12\n"
    let debris = (1...30).map { "Fig. \($0) — axis \($0 * 10)" }.joined(separator: "\n")
    let page3 =
      runningHead + debris + "\n\nThe subjects were tested twice. Remembering is an imaginative reconstruction, built "
      + "out of our attitude towards a whole mass of organised past experience. Then the war ended.\n"
    let text = runningHead + "Page one.\n\u{0C}" + runningHead + "Page two.\n\u{0C}" + page3 + "\u{0C}"
    let long = "Zotero/storage/ABCD1234/Bartlett - 1932 - Remembering a study in experimental and social psychology.pdf"
    let bib = "@book{bartlett1932, title = {Remembering}, file = {\(long)}}\n"
    let note = MarkedText("“an imaginative reconstruction, built out of our attitude” [@bartlett1932, p. 3️⃣3].\n")
    var workspace = Fixture.workspace(["refs.bib": bib, "n.md": note.text])
    _ = workspace.setExtractedText(path: long, text: Array(text.utf8))
    let markdown = try #require(workspace.hover(at: note.cursors["3"] ?? -1, in: "n.md")?.markdown)
    let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(
      lines.first
        == "✓ quotation found in 'bartlett1932' (Bartlett - 1932 - Remembering a study in experimental and social "
        + "psychology.pdf), p. 3")
    #expect(
      lines.dropFirst(2).first
        == "> Remembering is **an imaginative reconstruction, built out of our attitude** towards a whole mass of "
        + "organised past experience.")
    #expect(!markdown.contains("JOURNAL"), "\(markdown)")
    #expect(!markdown.contains("Fig. 1"), "\(markdown)")
    #expect(!markdown.contains("line"), "\(markdown)")
    #expect(!markdown.contains("Zotero/storage"), "\(markdown)")
  }

  @Test func theQuotedSentenceIsBoundedOnBothSides() throws {
    let filler = (1...80).map { "mot\($0)" }.joined(separator: " ")
    let source = filler + " the curve of forgetting " + filler + ".\n"
    let note = MarkedText("“the curve of forgetting” [@q1️⃣]\n")
    let workspace = Fixture.workspace(["sources/q.txt": source, "n.md": note.text])
    let markdown = try #require(workspace.hover(at: note.cursors["1"] ?? -1, in: "n.md")?.markdown)
    let quote = try #require(markdown.split(separator: "\n").first { $0.hasPrefix("> ") })
    #expect(quote.hasPrefix("> …mot"), "\(quote)")
    #expect(quote.hasSuffix("…"), "\(quote)")
    #expect(quote.contains(" **the curve of forgetting** "), "\(quote)")
    #expect(quote.utf8.count < 2 * 240 + 60, "\(quote)")
  }

  @Test func unresolvedLocatorsAndMissingTextAreExplained() throws {
    let workspace = NavigationFixture.workspace
    let marked = MarkedText("Ωmega [@halb1️⃣wachs, p. 40] [@nguy2️⃣en2020, p. 4] [@nguy3️⃣en2020] [@pa4️⃣ge, chap. 3]\n")
    var edited = workspace
    edited.setNote(path: "notes/c.md", bytes: Array(marked.text.utf8))
    func markdown(_ digit: String) -> String {
      edited.hover(at: marked.cursors[digit] ?? -1, in: "notes/c.md")?.markdown ?? "<none>"
    }
    #expect(
      markdown("1").hasSuffix(
        "cannot find 'p. 40' in 'halbwachs': page 40 is past the last page (3 pages)"))
    #expect(markdown("2").hasSuffix("'nguyen2020' has no text to find 'p. 4' in"))
    #expect(markdown("3").hasSuffix("'nguyen2020' has no text"))
    #expect(markdown("4").hasPrefix("**Une page** · `page`"))
    #expect(
      markdown("4").hasSuffix(
        "'chap. 3' is not resolved: Gloss resolves pages, lines, sections and paragraphs (text: `page.html`)"))
  }

  @Test func unknownKeyOffersTheNearestKeys() throws {
    var workspace = NavigationFixture.workspace
    let marked = MarkedText("[@bartlet1️⃣1932] [@zzzz2️⃣zzzz]\n")
    workspace.setNote(path: "c.md", bytes: Array(marked.text.utf8))
    #expect(
      workspace.hover(at: marked.cursors["1"] ?? -1, in: "c.md")?.markdown
        == "unknown source 'bartlet1932'\n\ndid you mean `bartlett1932`?")
    #expect(workspace.hover(at: marked.cursors["2"] ?? -1, in: "c.md")?.markdown == "unknown source 'zzzzzzzz'")
  }

  @Test func cslJSONSourceShowsItsURL() throws {
    let offset = NavigationFixture.cursor("8", in: "notes/a.md") - 4
    let hover = try #require(NavigationFixture.workspace.hover(at: offset, in: "notes/a.md"))
    #expect(
      hover.markdown == """
        **記憶の社会学** · `tanaka2019`

        田中, 花子 · 2019

        [https://example.org/tanaka](<https://example.org/tanaka>)

        'tanaka2019' has no text
        """)
  }

  @Test func linkHoverShowsTheHeadingsSection() throws {
    let hover = try #require(hoverAt("3", in: "notes/a.md"))
    #expect(hover.markdown == "**Carrefour** › Méthodes · `notes/hub.md`\n\n---\n\nSection text 🦉.")
  }

  @Test func linkHoverShowsTheNotesOpeningLinesWithoutFrontMatterOrTitle() throws {
    let hub = "---\ntitle: Hé\n---\n\n# Hé\n\n" + (1...12).map { "ligne \($0)" }.joined(separator: "\n")
    let marked = MarkedText("Ở đây [[h1️⃣ub]]\n")
    let workspace = Fixture.workspace(["x.md": marked.text, "hub.md": hub])
    let offset = marked.cursors["1"] ?? -1
    let hover = try #require(workspace.hover(at: offset, in: "x.md") { $0 == "hub.md" ? Array(hub.utf8) : nil })
    let tenLines = (1...10).map { "ligne \($0)" }.joined(separator: "\n")
    #expect(hover.markdown == "**Hé** · `hub.md`\n\n---\n\n" + tenLines + "\n\n*…*")
    #expect(hover.range == 10..<17)
    // Without the target's text, the title alone.
    #expect(workspace.hover(at: offset, in: "x.md")?.markdown == "**Hé** · `hub.md`")
  }

  @Test func brokenLinkSaysSo() throws {
    #expect(hoverAt("6", in: "notes/a.md")?.markdown == "broken link: no note matches 'nulle'")
  }

  @Test func tagHoverCountsNotesAndListsTitles() throws {
    let hover = try #require(hoverAt("4", in: "notes/a.md"))
    #expect(hover.markdown == "**#mémoire** · 2 notes\n- a · `notes/a.md`\n- Bê · `notes/b.md`")
  }

  @Test func tagHoverListsTenTitlesAtMost() throws {
    var files: [String: String] = [:]
    for n in 1...12 { files["n\(n < 10 ? "0" : "")\(n).md"] = "# Ghi chú \(n)\n\n#Đà-Lạt\n" }
    let workspace = Fixture.workspace(files)
    let markdown = try #require(workspace.hover(at: 18, in: "n01.md")?.markdown)
    let lines = markdown.split(separator: "\n")
    #expect(lines.first == "**#Đà-Lạt** · 12 notes")
    #expect(lines.count == 12)
    #expect(lines[1] == "- Ghi chú 1 · `n01.md`")
    #expect(lines[10] == "- Ghi chú 10 · `n10.md`")
    #expect(lines.last == "- …")
  }

  @Test func bibliographyKeyHoverShowsMetadataAndCitationCount() throws {
    let hover = try #require(hoverAt("1", in: "refs.bib"))
    #expect(hover.markdown == "**Ký ức và lịch sử** · `nguyen2020`\n\nNguyễn, Văn An · 2020\n\ncited 1 time")
    #expect(hover.range == NavigationFixture.ranges(in: "refs.bib")[2])
    // Away from a key, nothing.
    #expect(NavigationFixture.workspace.hover(at: 30, in: "refs.bib") == nil)
  }
}
