import Testing

@testable import GlossMatching
@testable import GlossSyntax

/// Every parser of GlossSyntax fed random, truncated, mutated, invalid and pathologically nested input: each gives a
/// value whose ranges lie inside the input (see `ParserInvariants`), and reports problems for what is malformed.
///
/// Sizes are scaled for debug builds (the suite runs in a few seconds): the "very long line" is 4 MB instead of the
/// 50 MB of the quotation benchmark (docs/benchmarks.md) (5 MB for `SourceText`, which only scans for line ends), which
/// exercises the same code paths.
@Suite struct ParserRobustnessTests {
  typealias Fixtures = ParserRobustnessFixtures

  /// Random inputs, every prefix of the fixture (step 3), and mutated copies of it.
  static func damaged(_ fixture: String, seed: UInt64, mutations: Int = 300) -> [[UInt8]] {
    let bytes = Array(fixture.utf8)
    return Fixtures.randomInputs(count: 200, length: 400, seed: seed) + Fixtures.truncations(bytes, step: 3)
      + Fixtures.mutated(bytes, count: mutations, seed: seed &+ 1)
  }

  // MARK: Random, truncated and mutated input

  @Test func noteParserKeepsInvariantsOnDamagedInput() {
    var citations = 0
    for bytes in Self.damaged(Fixtures.note, seed: 1) {
      citations += ParserInvariants.checkNote(bytes).citations.count
    }
    // Most damaged copies still hold most of the fixture's citations.
    #expect(citations > 1000)
  }

  @Test func frontMatterParserKeepsInvariantsOnDamagedInput() {
    for bytes in Self.damaged(Fixtures.note, seed: 2) + Self.damaged(Fixtures.markdownSource, seed: 3) {
      ParserInvariants.checkFrontMatterParse(bytes)
    }
  }

  @Test func bibTeXParserKeepsInvariantsOnDamagedInput() {
    var entries = 0
    for bytes in Self.damaged(Fixtures.bibTeX, seed: 4) {
      entries += ParserInvariants.checkBibliography(BibTeX.parse(bytes), bytes: bytes, isBibTeX: true).entries.count
    }
    #expect(entries > 1000)
  }

  @Test func cslJSONParserKeepsInvariantsOnDamagedInput() {
    var entries = 0
    for bytes in Self.damaged(Fixtures.cslJSON, seed: 5) {
      entries += ParserInvariants.checkBibliography(CSLJSON.parse(bytes), bytes: bytes, isBibTeX: false).entries.count
    }
    #expect(entries > 300)
  }

  @Test(arguments: [SourceFormat.markdown, .plainText, .html])
  func sourceDocumentKeepsInvariantsOnDamagedInput(format: SourceFormat) {
    let fixture =
      switch format {
      case .markdown: Fixtures.markdownSource
      case .plainText: Fixtures.plainText
      case .html: Fixtures.html
      }
    for bytes in Self.damaged(fixture, seed: 6, mutations: 150) {
      SourceDocumentRobustnessTests.checkInvariants(
        SourceDocument(parsing: bytes, format: format), fileLength: bytes.count)
    }
  }

  @Test func locatorKeepsInvariantsOnDamagedSuffixes() {
    let suffixes = [
      "pp. 33-35, \"the framework\"", "§ 2.1", "sec. Related work, p. 4", "{chap. one}", "para. 3 & 7", "l. iv–xii",
      "p. 34(1)(a)", "第3页", "§ \"Ký ức\"", "33",
    ]
    var found = 0
    for suffix in suffixes {
      for bytes in Fixtures.truncations(Array(suffix.utf8), step: 1)
        + Fixtures.mutated(Array(suffix.utf8), count: 60, seed: 7)
      {
        let string = String(decoding: bytes, as: UTF8.self)
        ParserInvariants.checkLocator(string)
        if Locator.first(in: string) != nil { found += 1 }
      }
    }
    for bytes in Fixtures.randomInputs(count: 400, length: 60, seed: 8) {
      ParserInvariants.checkLocator(String(decoding: bytes, as: UTF8.self))
    }
    #expect(found > 300)
  }

  @Test func quoteIndexMatchesStayInsideTheText() {
    let sources = [Fixtures.plainText, Fixtures.markdownSource, Fixtures.note].map { Array($0.utf8) }
    var generator = SourceDocumentRobustnessTests.Generator(state: 9)
    for text in sources + Fixtures.mutated(sources[0], count: 40, seed: 10)
      + Fixtures.randomInputs(count: 40, length: 300, seed: 11)
    {
      let index = QuoteIndex(text: text)
      let quotations =
        Fixtures.mutated(Array(text.prefix(200)), count: 6, seed: generator.next()).map {
          String(decoding: $0.suffix(80), as: UTF8.self)
        } + ["", "…", "[...]", "[", "\"", " . . . ", "the", "🧠 中文"]
      for quotation in quotations {
        let lower = Int(generator.next() % UInt64(text.count + 2)) - 1
        for within in [nil, lower..<(lower + Int(generator.next() % 200))] {
          switch index.match(quotation, within: within) {
          case .found(let range):
            #expect(ParserInvariants.inside(range, text.count), "\(quotation.debugDescription) at \(range)")
          case .notFound(let closest, let similarity):
            #expect((0...1).contains(similarity))
            if let closest { #expect(ParserInvariants.inside(closest, text.count)) }
          }
        }
      }
    }
  }

  @Test func quoteIndexFindsWordsCutFromTheText() {
    let text = Array(Fixtures.plainText.utf8)
    let index = QuoteIndex(text: text)
    // Runs of words cut at spaces, as a writer would copy them.
    let words = Fixtures.plainText.split(whereSeparator: { $0 == " " || $0 == "\n" })
    for start in stride(from: 0, to: words.count - 6, by: 5) {
      let quotation = words[start..<start + 6].joined(separator: " ")
      guard case .found(let range) = index.match(quotation, within: nil) else {
        Issue.record("not found: \(quotation.debugDescription)")
        continue
      }
      #expect(ParserInvariants.inside(range, text.count) && !range.isEmpty)
    }
  }

  @Test func sourceTextKeepsItsLineTableOnDamagedInputAndEdits() {
    var generator = SourceDocumentRobustnessTests.Generator(state: 12)
    for bytes in Self.damaged(Fixtures.plainText, seed: 13, mutations: 100) {
      var text = SourceText(bytes: bytes)
      #expect(text.hasInvalidUTF8 == !UTF8Repair.isValid(bytes))
      if !text.hasInvalidUTF8 { #expect(text.bytes == bytes) }
      ParserInvariants.checkSourceText(text)
      for _ in 0..<3 {
        let lower = Int(generator.next() % UInt64(text.bytes.count + 1))
        let upper = min(text.bytes.count, lower + Int(generator.next() % 12))
        let insertion = Fixtures.insertions[Int(generator.next() % UInt64(Fixtures.insertions.count))]
        text.replace(lower..<upper, with: String(decoding: insertion, as: UTF8.self))
        #expect(text.lineCount == SourceText(bytes: text.bytes).lineCount)
      }
      ParserInvariants.checkSourceText(text)
    }
  }
}
