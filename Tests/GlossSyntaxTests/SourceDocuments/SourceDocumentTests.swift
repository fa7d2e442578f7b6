import Testing

@testable import GlossSyntax

@Suite struct SourceDocumentTests {
  static let markdown = """
    ---
    id: nguyen2021
    title: "Trí nhớ và tái tạo"
    author: ["Nguyễn, Thị Lan", "Bartlett, Frederic C."]
    date: 2021-03-04
    url: https://example.org/tri-nho
    tags: [memory, "#vietnam"]
    ---

    # Trí nhớ

    Đoạn mở đầu nói về trí nhớ.
    Vẫn là đoạn một.

    ## 2.1 Phương pháp

    Wir untersuchten das Gedächtnis.

    ```
    # not a heading
    ```

    ### 2.1.1 細節

    記憶は再構成である。

    Setext Überschrift
    ------------------

    Letzter Absatz.
    """

  static func document(_ source: String, _ format: SourceFormat = .markdown) -> SourceDocument {
    SourceDocument(parsing: Array(source.utf8), format: format)
  }

  /// `description: «passage text»`, or `unresolved: reason`, or `not resolvable`.
  static func lookup(_ document: SourceDocument, _ suffix: String) -> String {
    guard let locator = Locator.first(in: suffix) else { return "no locator" }
    switch document.passage(for: locator) {
    case .resolved(let passage):
      #expect(document.fileRange(ofText: passage.textRange) == passage.fileRange || document.format == .html)
      return "\(passage.description): «\(document.string(passage.textRange))»"
    case .unresolved(let reason): return "unresolved: \(reason)"
    case .notResolvable: return "not resolvable"
    }
  }

  @Test func markdownMetadataComesFromFrontMatter() {
    let document = Self.document(Self.markdown)
    let metadata = document.metadata
    #expect(metadata.id == "nguyen2021")
    #expect(metadata.title == "Trí nhớ và tái tạo")
    #expect(metadata.year == "2021")
    #expect(metadata.url == "https://example.org/tri-nho")
    #expect(metadata.tags == ["memory", "vietnam"])
    #expect(metadata.authors.first == PersonName(family: "Nguyễn", given: "Thị Lan"))
    #expect(metadata.authors.last == PersonName(family: "Bartlett", given: "Frederic C."))
    #expect(document.text == Array(Self.markdown.utf8))
  }

  @Test func markdownHeadingsSkipCodeAndKeepNumbers() {
    let document = Self.document(Self.markdown)
    let dump = document.headings.map { "h\($0.level) '\($0.text)' \($0.number ?? "-") \($0.slug)" }
    #expect(
      dump == [
        "h1 'Trí nhớ' - trí-nhớ", "h2 '2.1 Phương pháp' 2.1 21-phương-pháp", "h3 '2.1.1 細節' 2.1.1 211-細節",
        "h2 'Setext Überschrift' - setext-überschrift",
      ])
    for heading in document.headings { #expect(document.string(heading.textRange) == heading.text) }
  }

  @Test(arguments: [
    (
      "sec. Phương pháp",
      "section 2.1 Phương pháp: «## 2.1 Phương pháp\n\nWir untersuchten das Gedächtnis.\n\n```\n# not a heading\n```\n\n### 2.1.1 細節\n\n記憶は再構成である。»"
    ),
    ("§ 2.1.1", "section 2.1.1 細節: «### 2.1.1 細節\n\n記憶は再構成である。»"),
    (
      "section 21-phương-pháp",
      "section 2.1 Phương pháp: «## 2.1 Phương pháp\n\nWir untersuchten das Gedächtnis.\n\n```\n# not a heading\n```\n\n### 2.1.1 細節\n\n記憶は再構成である。»"
    ),
    (
      "sec. setext überschrift",
      "section Setext Überschrift: «Setext Überschrift\n------------------\n\nLetzter Absatz.»"
    ),
    ("sec. Ergebnisse", "unresolved: no section 'Ergebnisse' in the source"),
    ("para. 1", "paragraph 1: «Đoạn mở đầu nói về trí nhớ.\nVẫn là đoạn một.»"),
    ("¶ 2", "paragraph 2: «Wir untersuchten das Gedächtnis.»"),
    ("paras. 4-5", "paragraphs 4–5: «記憶は再構成である。\n\nSetext Überschrift\n------------------\n\nLetzter Absatz.»"),
    ("para. 9", "unresolved: paragraph 9 is past the last paragraph (5 paragraphs)"),
    ("l. 12", "line 12: «Đoạn mở đầu nói về trí nhớ.»"),
    ("ll. 12-13", "lines 12–13: «Đoạn mở đầu nói về trí nhớ.\nVẫn là đoạn một.»"),
    ("ll. 30-40", "unresolved: lines 30–40 run past the last line (30 lines)"),
    ("p. 1", "page 1: «\(markdown)»"),
    ("p. 2", "unresolved: page 2 is past the last page (1 page); the text has no page breaks (form feeds)"),
    ("chap. 2", "not resolvable"),
  ])
  func markdownPassagesResolve(suffix: String, expected: String) {
    #expect(Self.lookup(Self.document(Self.markdown), suffix) == expected)
  }

  @Test func paragraphsExcludeFrontMatterHeadingsAndFences() {
    let document = Self.document(Self.markdown)
    #expect(
      document.paragraphs.map { document.string($0) } == [
        "Đoạn mở đầu nói về trí nhớ.\nVẫn là đoạn một.", "Wir untersuchten das Gedächtnis.",
        "```\n# not a heading\n```", "記憶は再構成である。", "Letzter Absatz.",
      ])
  }

  static let pdfText =
    "Journal of Memory\n\n1. Introduction\n\nErste Seite, Zeile drei.\n\u{0C}Journal of Memory\n\n"
    + "2.1 Methods\n\nWe asked 20 people.\nThey recalled 12 stories.\n\n2.2 Résultats\n\nTout est là.\n\u{0C}"
    + "III. Discussion\n\n記憶は再構成である。\n\u{0C}"

  @Test func plainTextHeadingsAreNumberedLinesStandingAlone() {
    let document = Self.document(Self.pdfText, .plainText)
    #expect(
      document.headings.map { "h\($0.level) \($0.number ?? "-") \($0.title)" } == [
        "h1 1 Introduction", "h2 2.1 Methods", "h2 2.2 Résultats", "h1 III Discussion",
      ])
    #expect(document.pageCount == 3)
  }

  @Test(arguments: [
    (
      "p. 2",
      "page 2: «Journal of Memory\n\n2.1 Methods\n\nWe asked 20 people.\nThey recalled 12 stories.\n\n2.2 Résultats\n\nTout est là.\n»"
    ),
    (
      "pp. 1-2",
      "pages 1–2: «Journal of Memory\n\n1. Introduction\n\nErste Seite, Zeile drei.\n\u{0C}Journal of Memory\n\n2.1 Methods\n\nWe asked 20 people.\nThey recalled 12 stories.\n\n2.2 Résultats\n\nTout est là.\n»"
    ),
    ("p. 3", "page 3: «III. Discussion\n\n記憶は再構成である。\n»"),
    ("pp. 3, 1", "pages 1–3: «\(pdfText.dropLast())»"),
    ("p. 40", "unresolved: page 40 is past the last page (3 pages)"),
    ("pp. 2-5", "unresolved: pages 2–5 run past the last page (3 pages)"),
    ("p. iv", "unresolved: page 'iv' is not a page number or range"),
    ("sec. 2.1", "section 2.1 Methods: «2.1 Methods\n\nWe asked 20 people.\nThey recalled 12 stories.»"),
    ("sec. methods", "section 2.1 Methods: «2.1 Methods\n\nWe asked 20 people.\nThey recalled 12 stories.»"),
    ("§ III", "section III. Discussion: «III. Discussion\n\n記憶は再構成である。»"),
    (
      "sec. 1",
      "section 1. Introduction: «1. Introduction\n\nErste Seite, Zeile drei.\n\u{0C}Journal of Memory\n\n2.1 Methods\n\nWe asked 20 people.\nThey recalled 12 stories.\n\n2.2 Résultats\n\nTout est là.»"
    ),
    ("¶ 3", "paragraph 3: «Journal of Memory»"),
    ("l. 11", "line 11: «They recalled 12 stories.»"),
  ])
  func plainTextPassagesResolve(suffix: String, expected: String) {
    #expect(Self.lookup(Self.document(Self.pdfText, .plainText), suffix) == expected)
  }

  @Test func crlfLinesAreTheFilesLines() {
    let source = "Zeile eins\r\nDòng hai\r\n\r\n第三行\r\n"
    let document = Self.document(source, .plainText)
    #expect(document.lineCount == 5)
    #expect(Self.lookup(document, "ll. 2-4") == "lines 2–4: «Dòng hai\r\n\r\n第三行»")
    #expect(document.paragraphs.map { document.string($0) } == ["Zeile eins\r\nDòng hai", "第三行"])
  }

  @Test func crlfMarkdownSectionsAndParagraphs() {
    let source = "# Einleitung\r\n\r\nErster Absatz.\r\n\r\n## 1.2 Phương pháp\r\n\r\n方法の説明。\r\nZweite Zeile.\r\n"
    let document = Self.document(source)
    #expect(document.headings.map(\.text) == ["Einleitung", "1.2 Phương pháp"])
    #expect(
      Self.lookup(document, "sec. 1.2")
        == "section 1.2 Phương pháp: «## 1.2 Phương pháp\r\n\r\n方法の説明。\r\nZweite Zeile.»")
    #expect(Self.lookup(document, "¶ 2") == "paragraph 2: «方法の説明。\r\nZweite Zeile.»")
    #expect(Self.lookup(document, "l. 7") == "line 7: «方法の説明。»")
  }

  @Test func repeatedHeadingsGetNumberedSlugs() {
    let document = Self.document("# Methoden\n\neins\n\n# Methoden\n\nzwei\n")
    #expect(document.headings.map(\.slug) == ["methoden", "methoden-1"])
    #expect(Self.lookup(document, "sec. methoden-1") == "section Methoden: «# Methoden\n\nzwei»")
    #expect(Self.lookup(document, "sec. Methoden") == "section Methoden: «# Methoden\n\neins»")
  }

  @Test func invalidUTF8IsReplacedAndMapsBack() {
    var bytes = Array("Größe ".utf8)
    bytes += [0xFF, 0xC3]
    bytes += Array(" Ende\nzweite".utf8)
    let document = SourceDocument(parsing: bytes, format: .plainText)
    #expect(document.string(0..<document.text.count) == "Größe \u{FFFD}\u{FFFD} Ende\nzweite")
    let ende = document.text.count - 12..<document.text.count - 7
    #expect(document.string(ende) == " Ende")
    #expect(document.fileRange(ofText: ende) == 10..<15)
    #expect(Self.lookup(document, "l. 2") == "line 2: «zweite»")
    #expect(document.problems.isEmpty)
    #expect(document.textWarnings == [SyntaxProblem(range: 8..<9, message: "invalid utf-8 replaced by U+FFFD")])
  }

  @Test(arguments: [
    ("2-8", 2...8), ("123-8", 123...128), ("1995-97", 1995...1997), ("4, 7-9", 4...9), ("4 & 7", 4...7),
    ("33--35", 33...35), ("33–35", 33...35),
  ])
  func numberSpansCoverListsAndRanges(value: String, expected: ClosedRange<Int>) {
    #expect(SourceDocument.numberSpan(value) == expected)
  }

  @Test func sourceFormatFollowsExtension() {
    #expect(SourceFormat(pathExtension: "MD") == .markdown)
    #expect(SourceFormat(pathExtension: "markdown") == .markdown)
    #expect(SourceFormat(pathExtension: "txt") == .plainText)
    #expect(SourceFormat(pathExtension: "htm") == .html)
    #expect(SourceFormat(pathExtension: "pdf") == nil)
  }

  @Test(arguments: [
    ("Bartlett, Frederic C.", PersonName(family: "Bartlett", given: "Frederic C.")),
    ("Ludwig van Beethoven", PersonName(family: "van Beethoven", given: "Ludwig")),
    ("Nguyễn Thị Lan", PersonName(family: "Lan", given: "Nguyễn Thị")),
    ("{World Health Organization}", PersonName(literal: "World Health Organization")),
    ("Platon", PersonName(family: "Platon")),
  ])
  func authorNamesAreSplit(written: String, expected: PersonName) {
    #expect(SourceMetadata.person(written) == expected)
  }
}
