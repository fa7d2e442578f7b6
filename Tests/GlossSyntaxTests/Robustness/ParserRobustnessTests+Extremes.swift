import Testing

@testable import GlossMatching
@testable import GlossSyntax

/// Deep nesting, very long lines, invalid UTF-8 and unterminated constructs.
extension ParserRobustnessTests {
  static let depth = 10_000

  static func repeated(_ piece: String, _ count: Int) -> String { String(repeating: piece, count: count) }

  // MARK: Deep nesting

  @Test func deeplyNestedListsAndQuotesOnOneLineStayShallow() {
    for marker in ["- ", "> ", "1. ", "* > ", "> - "] {
      let bytes = Array((Self.repeated(marker, Self.depth) + "text @deep and [@deeper, p. 4]\n").utf8)
      let note = ParserInvariants.checkNote(bytes)
      #expect(
        note.citations.map { $0.items.map(\.key) } == [["deep"], ["deeper"]], "marker \(marker.debugDescription)")
    }
  }

  @Test func tenThousandLinesOfChangingNestingKeepEveryCitation() {
    // Line k nests k % 120 levels deep (past the parser's cap), so containers open and close on every line.
    var lines: [String] = []
    for k in 0..<Self.depth {
      let level = k % 120
      lines.append(
        k % 2 == 0 ? Self.repeated(">", level) + " quoted [@q\(k)]" : Self.repeated("  ", level) + "- item [@l\(k)]")
    }
    let bytes = Array(lines.joined(separator: "\n").utf8)
    let note = ParserInvariants.checkNote(bytes)
    #expect(note.citations.count == Self.depth)
    #expect(note.citations.last?.items.first?.key == "l\(Self.depth - 1)")
  }

  @Test func deeplyNestedBracketsInANoteAreReadAsPandocDoes() {
    // 5,000 rather than 10,000: each `[` may look up to `InlineScanner.bracketReach` (4,096) bytes ahead, so this
    // already runs past the reach, and the cost grows with depth × reach (slow in a debug build).
    let depth = 5_000
    let open = Array((Self.repeated("[", depth) + "@key").utf8)
    // As in Pandoc, the unmatched brackets are text and the key after them an in-text citation.
    let inText = ParserInvariants.checkNote(open).citations
    #expect(inText.map { $0.items.map(\.key) } == [["key"]] && inText.first?.isBracketed == false)
    let balanced = Array((Self.repeated("[", depth) + "@key" + Self.repeated("]", depth)).utf8)
    ParserInvariants.checkNote(balanced)
    let shallow = Array((Self.repeated("[", 100) + "@key" + Self.repeated("]", 100)).utf8)
    #expect(ParserInvariants.checkNote(shallow).citations.map { $0.items.map(\.key) } == [["key"]])
    let links = Array((Self.repeated("[[", depth) + "x" + Self.repeated("](y)", depth)).utf8)
    ParserInvariants.checkNote(links)
    // With a link reference definition, each `[` may be a reference link: only labels within reach are read.
    let references = Self.repeated("[", depth) + "x" + Self.repeated("][x]", depth) + "\n\n[x]: y.md\n"
    #expect(ParserInvariants.checkNote(Array(references.utf8)).links.contains { $0.reference == .use })
    let backticks = Array((Self.repeated("`", depth) + " [@code] " + Self.repeated("`", depth - 1)).utf8)
    #expect(ParserInvariants.checkNote(backticks).citations.map { $0.items.map(\.key) } == [["code"]])
  }

  @Test func deeplyNestedBracesInBibTeX() {
    let nested = Self.repeated("{", Self.depth) + "Ký ức" + Self.repeated("}", Self.depth)
    let balanced = Array("@book{deep, title = {\(nested)}, year = 2020}\n@misc{next, title = {Next}}".utf8)
    let bibliography = ParserInvariants.checkBibliography(BibTeX.parse(balanced), bytes: balanced, isBibTeX: true)
    #expect(bibliography.entries.map(\.key) == ["deep", "next"])
    #expect(bibliography.entries.first?.title == "Ký ức")
    #expect(bibliography.problems.isEmpty)

    let unbalanced = Array(
      ("@book{deep, title = {" + Self.repeated("{", Self.depth) + "x\n@misc{next, title = {Next}}").utf8)
    let broken = ParserInvariants.checkBibliography(BibTeX.parse(unbalanced), bytes: unbalanced, isBibTeX: true)
    #expect(!broken.problems.isEmpty)
    #expect(broken.entries.map(\.key).contains("next"))

    let names = Array(("@book{names, author = {" + Self.repeated("{", Self.depth) + "A and B}").utf8)
    let partial = ParserInvariants.checkBibliography(BibTeX.parse(names), bytes: names, isBibTeX: true)
    #expect(!partial.problems.isEmpty)
  }

  @Test func deeplyNestedArraysInCSLJSON() {
    for text in [
      Self.repeated("[", Self.depth) + Self.repeated("]", Self.depth),
      "[{\"id\": \"a\", \"author\": " + Self.repeated("[", Self.depth) + Self.repeated("]", Self.depth) + "}]",
      "{\"items\": " + Self.repeated("{\"x\": ", Self.depth) + "1" + Self.repeated("}", Self.depth) + "}",
      Self.repeated("[", Self.depth),
    ] {
      let bytes = Array(text.utf8)
      let bibliography = ParserInvariants.checkBibliography(CSLJSON.parse(bytes), bytes: bytes, isBibTeX: false)
      #expect(!bibliography.problems.isEmpty, "\(text.prefix(20))")
    }
  }

  @Test(arguments: ["div", "b", "p", "li", "h2", "table"])
  func deeplyNestedHTMLTags(tag: String) {
    let bytes = Array(
      ("<html><body>" + Self.repeated("<\(tag)>", Self.depth) + "Trí nhớ" + Self.repeated("</\(tag)>", Self.depth))
        .utf8)
    let document = SourceDocument(parsing: bytes, format: .html)
    SourceDocumentRobustnessTests.checkInvariants(document, fileLength: bytes.count)
    #expect(String(decoding: document.text, as: UTF8.self).contains("Trí nhớ"))
    let unclosed = Array((Self.repeated("<\(tag) class=\"a\">x ", Self.depth)).utf8)
    SourceDocumentRobustnessTests.checkInvariants(
      SourceDocument(parsing: unclosed, format: .html), fileLength: unclosed.count)
  }

  // MARK: Long lines

  @Test func aVeryLongLineIsReadByEveryParser() {
    let words = "Ký ức là sự tái tạo [@key1, p. 4] #tag 中文 "
    let line = Array(Self.repeated(words, 4_000_000 / words.utf8.count).utf8)
    let note = ParserInvariants.checkNote(line)
    #expect(note.citations.count == 4_000_000 / words.utf8.count)
    let bib = Array(("@misc{long, title = {" + Self.repeated("ab ", 1_300_000) + "}}").utf8)
    #expect(BibTeX.parse(bib).entries.first?.title?.utf8.count == 3_900_000 - 1)
    let json = Array(("[{\"id\": \"long\", \"title\": \"" + Self.repeated("ab ", 1_300_000) + "\"}]").utf8)
    #expect(CSLJSON.parse(json).entries.first?.key == "long")
    for format in [SourceFormat.markdown, .plainText, .html] {
      let document = SourceDocument(parsing: line, format: format)
      #expect(document.lineCount == 1 && document.text.count > 3_000_000)
    }
    let index = QuoteIndex(text: line)
    guard case .found(let range) = index.match("sự tái tạo", within: nil) else {
      Issue.record("quotation not found in the long line")
      return
    }
    #expect(range.upperBound <= 200)
    let text = SourceText(bytes: Array(repeating: UInt8(ascii: "a"), count: 5_000_000) + [0x0A, 0x62])
    #expect(text.lineCount == 2 && text.lineRange(1) == 5_000_001..<5_000_002)
    #expect(text.position(of: 4_999_999, in: .utf16) == TextPosition(line: 0, column: 4_999_999))
  }

  // MARK: Invalid UTF-8

  @Test func invalidUTF8IsReadByEveryParser() {
    for sequence in Fixtures.invalidUTF8 {
      let bytes =
        Array("---\ntitle: a".utf8) + sequence + Array("\n---\n# H".utf8) + sequence
        + Array(" [@key, p. 4] @ké".utf8) + sequence + Array(" #tag".utf8) + sequence
      let note = ParserInvariants.checkNote(bytes)
      #expect(note.citations.first?.items.first?.key == "key")
      let bib = Array("@book{k".utf8) + sequence + Array(", title = {a".utf8) + sequence + Array("}}".utf8)
      #expect(ParserInvariants.checkBibliography(BibTeX.parse(bib), bytes: bib, isBibTeX: true).entries.count == 1)
      let json = Array("[{\"id\": \"k".utf8) + sequence + Array("\", \"title\": 1}]".utf8)
      #expect(ParserInvariants.checkBibliography(CSLJSON.parse(json), bytes: json, isBibTeX: false).entries.count == 1)
      let text = SourceText(bytes: bytes)
      #expect(text.hasInvalidUTF8)
      ParserInvariants.checkSourceText(text)
      ParserInvariants.checkLocator("p. 4" + String(decoding: sequence, as: UTF8.self))
    }
  }

  // MARK: Unterminated constructs

  @Test func unterminatedFrontMatterIsAProblemAndTheBodyIsStillRead() {
    let bytes = Array("---\ntitle: Trí nhớ\ntags: [a, b\n\n# Heading\n\nText [@key].".utf8)
    let (frontMatter, bodyStart, problems) = FrontMatter.parse(bytes)
    #expect(frontMatter == nil && bodyStart == 0 && problems.count == 1)
    let note = ParserInvariants.checkNote(bytes)
    #expect(note.citations.map { $0.items.map(\.key) } == [["key"]])
    #expect(!note.problems.isEmpty)
  }

  @Test func unterminatedCodeFenceHidesWhatFollows() {
    for fence in ["```", "~~~", "````swift"] {
      let bytes = Array("Before [@a].\n\n\(fence)\n[@b] and @c\n\n# not a heading\n".utf8)
      let note = ParserInvariants.checkNote(bytes)
      #expect(note.citations.map { $0.items.map(\.key) } == [["a"]], "\(fence)")
      #expect(note.headings.isEmpty)
    }
  }

  @Test func unterminatedCommentsAndBraces() {
    let note = ParserInvariants.checkNote(Array("Text [@a].\n\n<!-- open comment\n[@b]\n".utf8))
    #expect(note.citations.count == 1)
    for text in [
      "@comment{ never closed\n", "@preamble{ \"x\" ", "@book{k, title = {open", "@book{k, title = \"open",
      "@book{k, title = {a}", "@book{k,", "@book{",
    ] {
      let bytes = Array(text.utf8)
      let bibliography = ParserInvariants.checkBibliography(BibTeX.parse(bytes), bytes: bytes, isBibTeX: true)
      #expect(!bibliography.problems.isEmpty, "\(text.debugDescription)")
    }
    for text in ["[{\"id\": \"a\"", "[{\"id\": \"a", "[{\"id\": \"a\"}", "{\"id\": \"a\"", "[\"\\u12"] {
      let bytes = Array(text.utf8)
      let bibliography = ParserInvariants.checkBibliography(CSLJSON.parse(bytes), bytes: bytes, isBibTeX: false)
      #expect(!bibliography.problems.isEmpty, "\(text.debugDescription)")
    }
    for text in ["<p>a <!-- open", "<p>a <script>open", "<p>a <b", "<p>a <![CDATA[x", "<p>a &amp"] {
      let bytes = Array(text.utf8)
      let document = SourceDocument(parsing: bytes, format: .html)
      SourceDocumentRobustnessTests.checkInvariants(document, fileLength: bytes.count)
      #expect(String(decoding: document.text, as: UTF8.self).hasPrefix("a"), "\(text.debugDescription)")
    }
  }
}

extension ParserRobustnessTests {
  // MARK: Locators against documents

  @Test(arguments: [SourceFormat.markdown, .plainText, .html])
  func adversarialLocatorsResolveInsideTheText(format: SourceFormat) {
    let fixture =
      switch format {
      case .markdown: Fixtures.markdownSource
      case .plainText: Fixtures.plainText
      case .html: Fixtures.html
      }
    let suffixes = [
      "p. 0", "pp. 5-3", "pp. 1-9999999", "p. 99999999999999999999", "l. 0", "ll. 3–", "ll. 1-99999999999999999999",
      "l. 1", "ll. 1-2", "ll. 2-1", "ll. 12-3", "ll. 1995-97", "§ 999.999.999", "§ 1.1", "sec. Ký ức", "sec. ",
      "para. 0", "para. 1", "paras. 1-2, 4", "pp. 1, 2 & 2", "p. xiv", "p. 1-", "l. -1", "¶ 1;2", "§ \"\"",
    ]
    var resolved = 0
    for bytes in [Array(fixture.utf8)] + Fixtures.mutated(Array(fixture.utf8), count: 20, seed: 14) {
      let document = SourceDocument(parsing: bytes, format: format)
      for suffix in suffixes {
        guard let locator = Locator.first(in: suffix) else { continue }
        switch document.passage(for: locator) {
        case .resolved(let passage):
          resolved += 1
          #expect(ParserInvariants.inside(passage.textRange, document.text.count), "\(suffix)")
          #expect(ParserInvariants.inside(passage.fileRange, bytes.count), "\(suffix)")
          #expect(!passage.description.isEmpty)
        case .unresolved(let reason):
          #expect(ParserInvariants.isHouseStyle(reason), "\(reason)")
        case .notResolvable:
          break
        }
      }
    }
    #expect(resolved > 20)
  }

  @Test func quotationOfBracketedInsertionsAloneMatchesARunOfWords() {
    // Sentences of 99 words: 99 insertions fit in one, 100 fit nowhere (each start used to be tried in turn).
    let sentence = Self.repeated("word ", 98) + "end. "
    let text = Array(Self.repeated(sentence, 2_000).utf8)
    let index = QuoteIndex(text: text)
    guard case .found(let range) = index.match(Self.repeated("[x] ", 99), within: nil) else {
      Issue.record("99 insertions not found")
      return
    }
    #expect(range == 0..<(sentence.utf8.count - 2))
    if case .found(let range) = index.match(Self.repeated("[x] ", 100), within: nil) {
      Issue.record("100 insertions found at \(range)")
    }
    let within = sentence.utf8.count * 5 + 3
    guard case .found(let later) = index.match("[x] [y] [z]", within: within..<text.count) else {
      Issue.record("3 insertions not found")
      return
    }
    #expect(later.lowerBound >= within && later.lowerBound < within + 10)
  }
}
