import Foundation
import GlossIndex
import GlossSyntax
import Testing

@Suite struct ExportTests {
  static let files: [String: String] = [
    "references.bib": """
    @book{bartlett1932,
      author = {Bartlett, Frederic C.},
      title = {Remembering: A Study in Experimental and Social Psychology},
      year = {1932},
      publisher = {Cambridge University Press}
    }
    @article{nguyen2020,
      author = {Nguyễn, Thị Lan and Trần, Văn Minh},
      title = {Ký ức và tái tạo},
      journal = {Tạp chí Tâm lý học},
      volume = {12},
      pages = {45--67},
      year = {2020}
    }
    @book{unused2000,
      author = {Nobody, A.},
      title = {Never Cited},
      year = {2000}
    }
    """,
    "sources/loftus.md": """
    ---
    id: loftus1974
    title: Reconstruction of automobile destruction
    authors: [Elizabeth Loftus, John Palmer]
    year: 1974
    ---
    Memory is malleable and leading questions
    change what witnesses report.
    """,
    "notes/Mémoire.md": """
    ---
    title: Mémoire reconstruite
    tags: [mémoire]
    ---
    # Mémoire reconstruite

    Schemata shape recall [@bartlett1932, p. 213]. As @nguyen2020 [50] argues,
    it is *social*. See [[Other note]] and <script>alert(1)</script>.

    > "Memory is malleable" [@loftus1974, l. 7]

    [bad](javascript:alert(1)), [caps](JaVaScRiPt:alert(1)), <javascript:alert(2)> and [good](https://example.org/?a=1&b=2).
    """,
    "notes/Other note.md": "# Other note\n\nAlso #mémoire here [-@bartlett1932; @missing].\n",
    "notes/Zebra.md": "# Zebra\n\n#mémoire/sub [see @nguyen2020, pp. 45-50]\n",
  ]

  static func exported(
    _ selection: ExportSelection, _ format: ExportFormat, output: String? = nil
  ) throws -> ExportOutput {
    try Fixture.workspace(files).export(selection, format: format, output: output) { path in
      files[path].map { Array($0.utf8) }
    }
  }

  static func text(_ output: ExportOutput, _ index: Int = 0) -> String {
    String(decoding: output.files[index].bytes, as: UTF8.self)
  }

  @Test func markdownRendersCitationsAuthorDateWithReferencesOfExactlyTheCitedSources() throws {
    let output = try Self.exported(.notes(["notes/Mémoire.md"]), .markdown)
    #expect(output.primaryPath == "export/mémoire-reconstruite.md")
    let text = Self.text(output)
    #expect(text.hasPrefix("---\ntitle: Mémoire reconstruite\n---\n\n# Mémoire reconstruite\n"))
    #expect(text.contains("Schemata shape recall (Bartlett 1932, p. 213). As Nguyễn and Trần (2020, p. 50) argues,"))
    #expect(text.contains("See Other note and"))
    #expect(text.contains("(Loftus and Palmer 1974, l. 7)"))
    #expect(!text.contains("tags:"))
    let references = text.components(separatedBy: "## References\n\n").last ?? ""
    #expect(
      references.split(separator: "\n", omittingEmptySubsequences: true) == [
        "Bartlett, Frederic C. 1932. *Remembering: A Study in Experimental and Social Psychology*. Cambridge University Press.",
        "Loftus, Elizabeth, and John Palmer. 1974. *Reconstruction of automobile destruction*.",
        "Nguyễn, Thị Lan, and Văn Minh Trần. 2020. “Ký ức và tái tạo.” *Tạp chí Tâm lý học*, 12, 45–67.",
      ])
  }

  @Test func notebookTakesEveryNoteWithTheTagInTitleOrder() throws {
    let output = try Self.exported(.tag("#mémoire"), .markdown)
    #expect(output.primaryPath == "export/mémoire.md")
    let text = Self.text(output)
    let titles = text.split(separator: "\n").filter { $0.hasPrefix("# ") }
    // Nested tags (`#mémoire/sub`) belong to the notebook too; a note's heading repeating its title goes.
    #expect(titles == ["# Mémoire reconstruite", "# Other note", "# Zebra", "# References"])
    #expect(text.contains("Also #mémoire here (1932; missing?)."))
    #expect(text.contains("(see Nguyễn and Trần 2020, pp. 45-50)"))
  }

  @Test func htmlEscapesNoteTextAndDropsUnsafeLinks() throws {
    let text = Self.text(try Self.exported(.notes(["notes/Mémoire.md"]), .html))
    #expect(text.hasPrefix("<!DOCTYPE html>"))
    #expect(!text.contains("<script"))
    #expect(text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(text.contains("<p>bad, caps, &lt;javascript:alert(2)&gt; and <a href"))
    #expect(!text.lowercased().contains("href=\"javascript"))
    #expect(text.contains("<a href=\"https://example.org/?a=1&amp;b=2\">good</a>"))
    #expect(text.contains("<em>social</em>"))
    #expect(text.contains("<blockquote>"))
  }

  @Test func htmlCitationsLinkToTheReferencesWithTheQuotationsVerdictAndSentenceAsTooltip() throws {
    let text = Self.text(try Self.exported(.notes(["notes/Mémoire.md"]), .html))
    #expect(
      text.contains(
        "<a class=\"citation\" href=\"#ref-loftus1974\" title=\"✓ quotation found in &#39;loftus1974&#39; (loftus.md), "
          + "l. 7\n“Memory is malleable and leading questions change what witnesses report.”\">"
          + "(Loftus and Palmer 1974, l. 7)</a>"), "\(text)")
    #expect(text.contains("<li id=\"ref-loftus1974\">"))
    #expect(text.contains("<li id=\"ref-bartlett1932\">"))
    #expect(!text.contains("unused2000"))
  }

  @Test func pandocKeepsCitationsAndWritesCSLJSONOfExactlyTheCitedSources() throws {
    let output = try Self.exported(.notes(["notes/Mémoire.md"]), .pandoc)
    #expect(
      output.files.map(\.path) == ["export/mémoire-reconstruite.pandoc.md", "export/mémoire-reconstruite.csl.json"])
    let text = Self.text(output)
    #expect(text.hasPrefix("---\ntitle: Mémoire reconstruite\nbibliography: mémoire-reconstruite.csl.json\n---\n"))
    #expect(text.contains("[@bartlett1932, p. 213]"))
    let notebook = Self.text(try Self.exported(.tag("mémoire"), .pandoc))
    #expect(notebook.contains("Also #mémoire here [-@bartlett1932]."))
    #expect(text.contains("See Other note and"))
    let items = try #require(
      try JSONSerialization.jsonObject(with: Data(output.files[1].bytes)) as? [[String: Any]])
    #expect(items.compactMap { $0["id"] as? String } == ["bartlett1932", "nguyen2020", "loftus1974"])
    #expect(items.compactMap { $0["type"] as? String } == ["book", "article-journal", "manuscript"])
  }

  @Test func jsonHoldsTheNoteModelWithResolvedPassages() throws {
    let output = try Self.exported(.notes(["notes/Mémoire.md"]), .json, output: "out/model.json")
    #expect(output.primaryPath == "out/model.json")
    let root = try #require(try JSONSerialization.jsonObject(with: Data(output.files[0].bytes)) as? [String: Any])
    let note = try #require((root["notes"] as? [[String: Any]])?.first)
    #expect(note["tags"] as? [String] == ["mémoire"])
    let citations = try #require(note["citations"] as? [[String: Any]])
    #expect(citations.count == 3)
    let loftus = try #require((citations[2]["items"] as? [[String: Any]])?.first)
    #expect(loftus["passage"] as? String == "line 7: Memory is malleable and leading questions")
    let links = try #require(note["links"] as? [[String: Any]])
    #expect(links.first?["note"] as? String == "notes/Other note.md")
  }

  @Test func anExportOfNothingIsRefused() {
    #expect(throws: CommandError.self) { try Self.exported(.tag("absent"), .markdown) }
    #expect(throws: CommandError.self) { try Self.exported(.notes(["nowhere.md"]), .html) }
  }
}
