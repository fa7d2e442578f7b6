import GlossMatching
import GlossSyntax
import Testing

/// Text as `pdftotext` gives it: pages ending in form feeds, running heads and page numbers, compounds joined at
/// line ends, words broken across blank lines and pages, footnote marks glued to words.
private let paged = """
  Monitoring alpine vegetation

  1

  Monitoring alpine vegetation with a blackbox model
  The method we describe locally approximates the blackbox classifier with a linear model,
  so that each prediction can be read by a botanist. We then check that the integrity con-

  straints of the survey database hold. The volunteers took 4,812 photographs in 2019.
  The results show that the model is suited to
  monitoring endemic and

  1

  \u{0C}2

  A preprint

  vulnerable alpine vegetation. It needs no more than a phone.
  Each record went through the NIST SQL conformance test suite1 before it was stored, and the code is
  published on GitHub2 for others to reuse, a black- box of its own, in the recon-

  2

  \u{0C}Monitoring alpine vegetation

  3

  structed archive of the park. A state-of-the-art map of the valley¹ and a black-box model†.

  3

  \u{0C}4

  A preprint

  The last page holds no more than its running head and this line.

  4

  \u{0C}
  """

/// The bytes of `paged` from the start of page `first` to the end of page `last` (1-based), as a page locator's
/// passage is.
private func pages(_ first: Int, _ last: Int) -> Range<Int> {
  let bytes = Array(paged.utf8)
  var starts = [0]
  for (k, b) in bytes.enumerated() where b == 0x0C { starts.append(k + 1) }
  return starts[first - 1]..<(last < starts.count ? starts[last] - 1 : bytes.count)
}

/// A text whose ligatures came out as T1 slots with no text (`\u{1B}` ff, `\u{1C}` fi, `\u{1D}` fl, `\u{1E}` ffi).
private let lostLigatures = """
  The \u{1C}rst \u{1C}gure shows the e\u{1B}ect of di\u{1B}erent \u{1D}uid \u{1D}ows on the
  \u{1C}nal e\u{1E}ciency of the pump. Le graphe de \u{1D}ot est e\u{1B}ectué à partir d'un sommet.
  """

/// The same, as a PDF whose ligature glyphs gave nothing at all.
private let droppedLigatures = """
  The rst gure shows the eect of dierent uid ows on the nal eciency of the pump.
  Le graphe de ot est eectué à partir d'un sommet.
  """

/// A text that kept its ligatures, and other words.
private let keptLigatures = """
  The first figure shows the effect of different fluid flows on the final efficiency of the pump.
  The rst of them is an acronym of reStructuredText.
  """

@Suite struct PDFTextMatchingTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var source: String
    var quote: String
    var pages: ClosedRange<Int>?
    var found: Bool
    var why: String
    var testDescription: String { (found ? "accepts " : "rejects ") + why + ": " + quote }
  }

  static let cases: [Case] = [
    // A compound's own hyphen at a line end, joined without it by the extraction, and the other way round.
    Case(source: paged, quote: "locally approximates the black-box classifier", found: true, why: "compound joined"),
    Case(source: paged, quote: "locally approximates the blackbox classifier", found: true, why: "as the source"),
    Case(source: paged, quote: "reuse, a black-box of its own", found: true, why: "compound after a line break"),
    Case(source: paged, quote: "reuse, a blackbox of its own", found: true, why: "one word for `black- box`"),
    Case(source: paged, quote: "a stateoftheart map", found: false, why: "two hyphens dropped"),
    Case(source: paged, quote: "a state-of-the-art map", found: true, why: "compound as the source"),
    Case(source: paged, quote: "and a blackbox model", found: true, why: "one word for `black-box`"),
    // A word broken at a line end, across a blank line and across a page break with its furniture.
    Case(source: paged, quote: "check that the integrity constraints of the survey", found: true, why: "blank line"),
    Case(source: paged, quote: "check that the integrity con-straints", found: true, why: "as the source"),
    Case(source: paged, quote: "check that the integrity restraints", found: false, why: "another word"),
    Case(
      source: paged, quote: "in the reconstructed archive of the park", pages: 2...3, found: true,
      why: "word across a page break"),
    Case(source: paged, quote: "in the reconstructed archive", pages: 2...2, found: false, why: "half on the page"),
    // Running heads, footers and page numbers between pages.
    Case(
      source: paged, quote: "monitoring endemic and vulnerable alpine vegetation.", pages: 1...2, found: true,
      why: "over two pages"),
    Case(
      source: paged, quote: "monitoring endemic and vulnerable alpine vegetation.", found: true,
      why: "over two pages, whole text"),
    Case(
      source: paged, quote: "monitoring endemic and vulnerable alpine vegetation.", pages: 1...1, found: false,
      why: "words from the next page"),
    Case(
      source: paged, quote: "monitoring endemic and vulnerable alpine vegetation.", pages: 2...2, found: false,
      why: "words from the page before"),
    Case(source: paged, quote: "monitoring endemic and 1 2 A preprint vulnerable", found: false, why: "furniture"),
    Case(source: paged, quote: "The last page holds no more", pages: 4...4, found: true, why: "after a running head"),
    // Footnote marks.
    Case(source: paged, quote: "the NIST SQL conformance test suite before it was stored", found: true, why: "mark"),
    Case(source: paged, quote: "the code is published on GitHub for others", found: true, why: "mark"),
    Case(source: paged, quote: "the code is published on GitHub2 for others", found: true, why: "as the source"),
    Case(source: paged, quote: "a map of the valley and a black-box model.", found: false, why: "missing word"),
    Case(source: paged, quote: "map of the valley and a black-box model.", found: true, why: "superscript, dagger"),
    Case(source: paged, quote: "the code is published on GitHub3 for others", found: false, why: "another mark"),
    Case(source: paged, quote: "took 4,812 photographs in 2019", found: true, why: "numbers as they are"),
    Case(source: paged, quote: "took 4,812 photographs in 201", found: false, why: "digits of a number"),
    Case(source: paged, quote: "took 4,812 photographs in 2018", found: false, why: "another number"),
    Case(source: paged, quote: "took 4,813 photographs in 2019", found: false, why: "another number"),
    Case(source: paged, quote: "took 4,81 photographs", found: false, why: "digits of a number"),
    Case(source: "from 1995-2000 and", quote: "from 19952000 and", found: false, why: "a range as a number"),
    Case(source: "from 19952000 and", quote: "from 1995-2000 and", found: false, why: "a number as a range"),
    Case(source: "the A-\n\n4 paper and", quote: "the A4 paper and", found: true, why: "a letter and a digit"),
    // The first letter's case, and `[T]he`.
    Case(source: paged, quote: "the method we describe locally approximates", found: true, why: "first letter"),
    Case(source: paged, quote: "[T]he method we describe", found: true, why: "bracketed first letter"),
    Case(source: paged, quote: "we describe [L]ocally approximates", found: true, why: "bracketed letter"),
    Case(source: paged, quote: "The Method we describe", found: false, why: "another letter's case"),
    Case(source: paged, quote: "[S]he method we describe", found: false, why: "another bracketed letter"),
    Case(source: paged, quote: "tHe method we describe", found: false, why: "not the first letter"),
    // Changed, missing and inserted words are never accepted.
    Case(source: paged, quote: "the model is not suited to monitoring", found: false, why: "inserted negation"),
    Case(source: paged, quote: "the model is suited to monitoring endemic", found: true, why: "as the source"),
    Case(source: paged, quote: "the model is suited to monitoring rare", found: false, why: "changed word"),
    Case(source: paged, quote: "the model is suited monitoring endemic", found: false, why: "missing word"),
    Case(source: paged, quote: "went through the NIST ISO conformance", found: false, why: "changed name"),
    Case(source: paged, quote: "the integrity con- the straints", found: false, why: "inserted word"),
    // Lost ligatures: absent from the source's words, and nothing else.
    Case(
      source: lostLigatures, quote: "The first figure shows the effect of different fluid flows", found: true,
      why: "ligatures without text"),
    Case(source: lostLigatures, quote: "on the final efficiency of the pump", found: true, why: "ffi"),
    Case(source: lostLigatures, quote: "Le graphe de flot est effectué", found: true, why: "French"),
    Case(source: lostLigatures, quote: "Le graphe de flot est effectuée", found: false, why: "another ending"),
    Case(source: lostLigatures, quote: "The first figure shows the affect", found: false, why: "another letter"),
    Case(source: lostLigatures, quote: "The first figures shows", found: false, why: "an added letter"),
    Case(
      source: droppedLigatures, quote: "The first figure shows the effect of different fluid flows",
      found: true, why: "ligatures dropped"),
    Case(source: droppedLigatures, quote: "Le graphe de flot est effectué à partir", found: true, why: "French"),
    Case(source: droppedLigatures, quote: "The first figure shows the defect", found: false, why: "another word"),
    Case(source: keptLigatures, quote: "The first of them", found: false, why: "text with its ligatures"),
    Case(source: keptLigatures, quote: "The first figure shows the effect", found: true, why: "as the source"),
  ]

  /// Enough unrelated tokens to push a text past the size where the index keeps postings.
  static let filler = String(repeating: "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ", count: 2_000)

  @Test(arguments: cases)
  func quotationIsFoundOrNot(_ c: Case) {
    let index = QuoteIndex(text: Array(c.source.utf8))
    let within = c.pages.map { pages($0.lowerBound, $0.upperBound) }
    switch index.match(c.quote, within: within) {
    case .found: #expect(c.found, "found but should not be")
    case .notFound: #expect(!c.found, "not found but should be")
    }
    // A large text keeps postings: the anchors must agree.
    guard c.pages == nil else { return }
    let large = QuoteIndex(text: Array((Self.filler + "\n" + c.source + "\n" + Self.filler).utf8))
    switch large.match(c.quote, within: nil) {
    case .found: #expect(c.found, "found but should not be (postings)")
    case .notFound: #expect(!c.found, "not found but should be (postings)")
    }
  }

  @Test func runningHeadsFootersAndPageNumbersAreFurniture() {
    let text = Array(paged.utf8)
    let lines = PageFurniture.ranges(in: text).map { String(decoding: text[$0], as: UTF8.self) }
    #expect(
      lines == [
        "Monitoring alpine vegetation", "1", "1", "2", "A preprint", "2", "Monitoring alpine vegetation", "3", "3",
        "4", "A preprint", "4",
      ])
  }

  @Test func aTextWithoutPagesOrRepeatsHasNoFurniture() {
    #expect(PageFurniture.ranges(in: Array("One page only.\n12\n".utf8)).isEmpty)
    let pagesWithoutRepeats = "Intro line\nbody one\n\u{0C}Another start\nbody two\n\u{0C}Third\nbody three\n"
    #expect(PageFurniture.ranges(in: Array(pagesWithoutRepeats.utf8)).isEmpty)
    // A roman page number is furniture; a word of roman letters is not.
    let roman = "xii\nPreface text\n\u{0C}did\nMore text\n"
    let text = Array(roman.utf8)
    #expect(PageFurniture.ranges(in: text).map { String(decoding: text[$0], as: UTF8.self) } == ["xii"])
  }

  @Test func theQuickFixWordsLeaveTheFurnitureOut() {
    let index = QuoteIndex(text: Array(paged.utf8))
    guard case .notFound(let closest?, _) = index.match("monitoring endemic and vulnerable alpine flowers.") else {
      Issue.record("expected a closest passage")
      return
    }
    #expect(index.words(in: closest) == "monitoring endemic and vulnerable alpine vegetation")
  }

  @Test func ligaturesAreLostOnlyWhereTheTextShowsIt() {
    #expect(QuoteIndex(text: Array(lostLigatures.utf8)).losesLigatures)
    #expect(QuoteIndex(text: Array(droppedLigatures.utf8)).losesLigatures)
    #expect(!QuoteIndex(text: Array(keptLigatures.utf8)).losesLigatures)
    #expect(!QuoteIndex(text: Array(paged.utf8)).losesLigatures)
  }

  @Test func theQuickFixWordsOfALostLigatureTextHaveNoControlCharacters() {
    let index = QuoteIndex(text: Array(lostLigatures.utf8))
    guard case .notFound(let closest?, _) = index.match("The first figure shows the effect of similar fluid flows")
    else {
      Issue.record("expected a closest passage")
      return
    }
    #expect(index.words(in: closest) == "The rst gure shows the eect of dierent uid ows")
  }

  @Test func theSignatureHoldsWhatThePhraseSearchReads() {
    let signature = TextSignature(text: CaseFolding.folded(Array(paged.utf8)))
    for phrase in [
      "integrity constraints of the", "the blackbox classifier", "a black-box of its own", "test suite before",
      "on github for others", "endemic and vulnerable alpine", "the reconstructed archive", "the black-box classifier",
    ] {
      #expect(signature.chunk(0, mayHoldAll: SignatureProbe(CaseFolding.folded(phrase)).allHashes), "\(phrase)")
    }
    #expect(!signature.chunk(0, mayHoldAll: SignatureProbe("endemic and preprint").allHashes))
  }

  @Test func phraseSearchReadsPDFTextToo() {
    let index = QuoteIndex(text: CaseFolding.folded(Array(paged.utf8)))
    #expect(index.occurrences(of: "endemic and vulnerable alpine").count == 1)
    #expect(index.occurrences(of: "integrity constraints").count == 1)
    #expect(index.occurrences(of: "black-box").count == 4)
    #expect(index.occurrences(of: "test suite before").count == 1)
  }
}
