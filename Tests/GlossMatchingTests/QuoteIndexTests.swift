import Foundation
import GlossMatching
import Testing

/// English source: a line-end hyphen, ligatures, curly quotes, an em dash, a soft hyphen.
private let english = """
  Bartlett argued that remembering is not the re-excitation of innumerable fixed, lifeless and fragmentary \
  traces. It is an imaginative recon-
  struction, or construction, built out of the relation of our attitude towards a whole active mass of organised
  past reactions or experience — and to a little outstanding detail. The ﬁrst ﬂoor of memory is “not” a store; \
  it is a ‘process’, a psycho\u{AD}logical well-
  known fact.
  """

/// Vietnamese source in NFC.
private let vietnameseNFC = "Ký ức không phải là bản sao, mà là một sự tái tạo đầy tưởng tượng của người nhớ."

/// German source with „quotes“ and ß.
private let german = "Das Gedächtnis ist „keine Kamera“, sondern eine Straße der Erinnerung – sagt Müller."

/// Chinese and Japanese source.
private let cjk = "记忆不是录像，而是一种富有想象力的重建。記憶は再構成であり、写真ではない。"

/// The string in Unicode Normalization Form D (decomposed).
private func nfd(_ s: String) -> String { s.decomposedStringWithCanonicalMapping }

/// Indexes built on several threads, collected under a lock.
private final class Built: @unchecked Sendable {
  private let lock = NSLock()
  private(set) var indexes: [QuoteIndex?]
  init(count: Int) { indexes = Array(repeating: nil, count: count) }
  func set(_ k: Int, _ index: QuoteIndex) { lock.withLock { indexes[k] = index } }
}

@Suite struct QuoteIndexTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var source: String
    var quote: String
    var found: Bool
    var testDescription: String { (found ? "finds " : "rejects ") + quote }
  }

  static let cases: [Case] = [
    // Line-end hyphenation, either spelling of a hyphenated word.
    Case(source: english, quote: "an imaginative reconstruction", found: true),
    Case(source: english, quote: "an imaginative recon-struction", found: true),
    Case(source: english, quote: "a psychological well-known fact", found: true),
    Case(source: english, quote: "a psychological wellknown fact", found: true),
    Case(source: english, quote: "It is an imaginative reconstruction, or construction", found: true),
    // White space and line breaks.
    Case(source: english, quote: "Bartlett argued   that\nremembering\n  is not the", found: true),
    // Dashes.
    Case(source: english, quote: "remembering is not the re–excitation", found: true),
    Case(source: english, quote: "past reactions or experience -- and to a little", found: true),
    Case(source: english, quote: "past reactions or experience – and to a little", found: true),
    Case(source: english, quote: "past reactions or experience—and", found: true),
    // Ligatures and curly versus straight quotes.
    Case(source: english, quote: "The first floor of memory", found: true),
    Case(source: english, quote: "memory is \"not\" a store; it is a 'process'", found: true),
    Case(source: english, quote: "memory is «not» a store; it is a ’process’", found: true),
    // Ellipses and bracketed insertions.
    Case(source: english, quote: "remembering is not … fragmentary traces", found: true),
    Case(source: english, quote: "remembering is not ... fragmentary traces", found: true),
    Case(source: english, quote: "remembering is not [...] fragmentary traces", found: true),
    Case(source: english, quote: "remembering is not […] traces. … The first floor", found: true),
    Case(source: english, quote: "… remembering is not . . . traces …", found: true),
    Case(source: english, quote: "[Memory] is an imaginative reconstruction", found: true),
    Case(source: english, quote: "[T]he first floor of memory", found: true),
    Case(source: english, quote: "a little outstanding detail.", found: true),
    // A bracketed word may stand for a word with its punctuation, as an editor counts words.
    Case(source: english, quote: "fragmentary traces. It is an [a] recon-struction", found: true),
    Case(source: english, quote: "lifeless and fragmentary [words] It is", found: true),
    Case(source: english, quote: "innumerable [many], lifeless", found: true),
    Case(source: english, quote: "innumerable [many] lifeless", found: true),
    Case(source: english, quote: "memory is [it] a store", found: true),
    Case(source: english, quote: "lifeless [words] It is", found: false),
    // A whole chunk only, white space on both sides, whichever token anchors the match (a fuzzing find: scanning
    // the small text matched `x]:` from the right, postings did not from the left).
    Case(source: "the word x]:usness (kkkkkry here", quote: "word [x] usness (kkkkkry", found: false),
    Case(source: "the word x]:usness (kkkkkry here", quote: "word [x] (kkkkkry", found: true),
    Case(source: "the word x]:usness (kkkkkry here", quote: "the [x] x]:usness", found: true),
    // Wrong quotations.
    Case(source: english, quote: "an imaginative deconstruction", found: false),
    Case(source: english, quote: "remembering is the re-excitation", found: false),
    Case(source: english, quote: "fragmentary traces … remembering is not", found: false),
    Case(source: english, quote: "innumerable fixed lifeless and fragmentary", found: false),
    // The first letter may be of either case (fitted to the writer's sentence), no other letter.
    Case(source: english, quote: "bartlett argued that", found: true),
    Case(source: english, quote: "Bartlett Argued that", found: false),
    Case(source: english, quote: "[Memory] is imaginative reconstruction", found: false),
    Case(source: english, quote: "The first floor of memory is a store", found: false),
    // Vietnamese, both normalisation forms on either side.
    Case(source: vietnameseNFC, quote: "một sự tái tạo đầy tưởng tượng", found: true),
    Case(source: vietnameseNFC, quote: nfd("một sự tái tạo đầy tưởng tượng"), found: true),
    Case(source: nfd(vietnameseNFC), quote: "Ký ức không phải là bản sao", found: true),
    Case(source: nfd(vietnameseNFC), quote: nfd("Ký ức không phải là bản sao"), found: true),
    Case(source: vietnameseNFC, quote: "Ký ưc không phải là bản sao", found: false),
    Case(source: vietnameseNFC, quote: "Ký ức là bản sao", found: false),
    // German.
    Case(source: german, quote: "ist \"keine Kamera\", sondern eine Straße", found: true),
    Case(source: german, quote: "ist »keine Kamera«, sondern", found: true),
    Case(source: german, quote: nfd("Das Gedächtnis ist"), found: true),
    Case(source: german, quote: "Erinnerung — sagt Müller", found: true),
    Case(source: german, quote: "eine Strasse der Erinnerung", found: false),
    Case(source: german, quote: "Das Gedachtnis ist", found: false),
    // CJK: one token per ideograph or kana, white space ignored.
    Case(source: cjk, quote: "一种富有想象力的重建", found: true),
    Case(source: cjk, quote: "一种 富有 想象力 的 重建", found: true),
    Case(source: cjk, quote: "记忆不是…重建", found: true),
    Case(source: cjk, quote: "記憶は再構成であり", found: true),
    Case(source: cjk, quote: "一种富有想像力的重建", found: false),
    Case(source: cjk, quote: "重建…记忆不是", found: false),
  ]

  /// Enough unrelated tokens to push a text past the size where the index keeps postings.
  static let filler =
    "\n\n" + String(repeating: "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ", count: 2_000)

  @Test(arguments: cases)
  func quotationIsFoundOrNot(_ c: Case) {
    // Small texts are scanned, large ones use postings: both must agree.
    for source in [c.source, c.source + Self.filler, Self.filler + c.source] {
      let index = QuoteIndex(text: Array(source.utf8))
      switch index.match(c.quote, within: nil) {
      case .found: #expect(c.found, "found but should not be (\(source.utf8.count) bytes)")
      case .notFound: #expect(!c.found, "not found but should be (\(source.utf8.count) bytes)")
      }
    }
  }

  @Test func foundRangeCoversTheSourceWords() {
    let index = QuoteIndex(text: Array(english.utf8))
    guard case .found(let range) = index.match("an imaginative reconstruction", within: nil) else {
      Issue.record("not found")
      return
    }
    #expect(String(decoding: index.text[range], as: UTF8.self) == "an imaginative recon-\nstruction")
    guard case .found(let second) = index.match("“not” a store", within: nil) else {
      Issue.record("not found")
      return
    }
    // Punctuation at the quotation's edges is not required, so the range starts at the first word.
    #expect(String(decoding: index.text[second], as: UTF8.self) == "not” a store")
  }

  @Test func withinLimitsTheSearchToThePassage() {
    let text = "Page one says memory is fragile.\u{0C}Page two says memory is reconstructive, and more."
    let index = QuoteIndex(text: Array(text.utf8))
    let split = Array(text.utf8).firstIndex(of: 0x0C) ?? 0
    let pageOne = 0..<split
    let pageTwo = (split + 1)..<text.utf8.count
    #expect(index.match("memory is reconstructive", within: pageOne) != .found(textRange: 0..<0))
    if case .found = index.match("memory is reconstructive", within: pageOne) { Issue.record("found on page one") }
    if case .notFound = index.match("memory is reconstructive", within: pageTwo) { Issue.record("not on page two") }
    if case .notFound = index.match("memory is reconstructive", within: nil) { Issue.record("not in the text") }
    // Pieces must all lie in the passage.
    if case .found = index.match("Page one … reconstructive", within: pageOne) { Issue.record("gap left the page") }
    if case .notFound = index.match("Page one … reconstructive", within: nil) { Issue.record("gap not found") }
  }

  @Test(arguments: [english, english + filler, filler + english])
  func closestPassageOfAOneWordChangeIsTheSourceWords(_ source: String) {
    let index = QuoteIndex(text: Array(source.utf8))
    let quote =
      "remembering is not the re-excitation of innumerable fixed, lifeless and fragmentary traces. It is an "
      + "imaginative deconstruction, or construction"
    guard case .notFound(let closest?, let similarity) = index.match(quote, within: nil) else {
      Issue.record("expected not found with a closest passage")
      return
    }
    #expect(similarity > 0.9 && similarity < 1)
    let words = String(decoding: index.text[closest], as: UTF8.self)
    #expect(words.hasPrefix("remembering is not the re-excitation"))
    #expect(words.hasSuffix("recon-\nstruction, or construction"))
    // The quick fix's words: line-end hyphenation joined, line breaks made spaces.
    #expect(
      index.words(in: closest)
        == "remembering is not the re-excitation of innumerable fixed, lifeless and fragmentary traces. It is an "
        + "imaginative reconstruction, or construction")
  }

  @Test func wordsForTheQuickFixJoinBrokenWords() {
    let text = "Ký ức là\n  một sự tái-\n  tạo, psycho\u{AD}\nlogical  “vraiment” — 记忆\n重建"
    let index = QuoteIndex(text: Array(text.utf8))
    #expect(index.words(in: 0..<text.utf8.count) == "Ký ức là một sự táitạo, psychological “vraiment” — 记忆 重建")
    #expect(index.words(in: -5..<3) == "Ký")
    #expect(index.words(in: 500..<900) == "")
  }

  @Test func closestPassageOfUnrelatedWordsIsNotSimilar() {
    let index = QuoteIndex(text: Array(english.utf8))
    guard case .notFound(_, let similarity) = index.match("quantum chromodynamics of gluons", within: nil) else {
      Issue.record("expected not found")
      return
    }
    #expect(similarity < 0.5)
  }

  @Test func frequentTokensWithoutPostingsStillMatch() {
    // 6,000 repetitions make a text with postings, and push "the", "cat" and "," past the cut-off of frequent
    // tokens (no postings of their own); the check must still find them.
    let text = String(repeating: "the cat, ", count: 6_000) + "the dog sat; the cat ran"
    let index = QuoteIndex(text: Array(text.utf8))
    let expected = [
      "the dog sat": "the dog sat", "the cat ran": "the cat ran", "the cat, the": "the cat, the",
      "sat; the cat": "sat; the cat", "[Some] cat ran": "the cat ran",
    ]
    for (quote, words) in expected {
      guard case .found(let range) = index.match(quote, within: nil) else {
        Issue.record("'\(quote)' not found")
        continue
      }
      #expect(String(decoding: index.text[range], as: UTF8.self) == words)
      #expect(quote == "the cat, the" || range.lowerBound > 40_000)
    }
    if case .found = index.match("the cat sat", within: nil) { Issue.record("found 'the cat sat'") }
    if case .found = index.match("the cat; the", within: nil) { Issue.record("found 'the cat; the'") }
  }

  @Test func withinWorksFarIntoALongText() {
    // Positions keep a start offset every 16 tokens: ranges must be exact between samples too.
    var text = ""
    for k in 0..<500 { text += "Đoạn \(k) nói về ký ức số \(k).\n" }
    let index = QuoteIndex(text: Array(text.utf8))
    let bytes = Array(text.utf8)
    let needle = Array("Đoạn 321 nói".utf8)
    guard
      let start = (0...(bytes.count - needle.count)).first(where: { Array(bytes[$0..<$0 + needle.count]) == needle })
    else {
      Issue.record("fixture")
      return
    }
    let line = start..<(start + Array("Đoạn 321 nói về ký ức số 321.".utf8).count)
    // The final full stop is not part of the quotation.
    #expect(
      index.match("Đoạn 321 nói về ký ức số 321", within: line) == .found(textRange: start..<(line.upperBound - 1)))
    if case .found = index.match("Đoạn 322", within: line) { Issue.record("found outside the passage") }
    if case .found = index.match("Đoạn 321 nói", within: (start + 1)..<line.upperBound) {
      Issue.record("a token starting before the passage was counted")
    }
  }

  @Test func indexesSharingALexiconKeepTheirOwnTokens() {
    let lexicon = QuoteLexicon()
    let texts = (0..<8).map { k in "Nguồn \(k): ký ức số \(k) là một sự tái tạo, không phải bản sao \(k * 7)." }
    // Built from several threads at once, as a workspace loader may.
    let built = Built(count: texts.count)
    DispatchQueue.concurrentPerform(iterations: texts.count) { k in
      built.set(k, QuoteIndex(text: Array(texts[k].utf8), lexicon: lexicon))
    }
    for (k, index) in built.indexes.enumerated() {
      guard let index else {
        Issue.record("index \(k) missing")
        continue
      }
      if case .notFound = index.match("ký ức số \(k) là một", within: nil) { Issue.record("own words of \(k)") }
      let other = (k + 1) % texts.count
      if case .found = index.match("ký ức số \(other) là một", within: nil) {
        Issue.record("words of \(other) in \(k)")
      }
    }
    #expect(lexicon.count > 20)
  }

  /// Quotations are looked up in the lexicon on several threads while other threads intern new texts' tokens: each
  /// check finds its own words, and a text indexed meanwhile is found once indexed.
  @Test func checksWhileOtherTextsAreIndexedFindTheirWords() {
    let lexicon = QuoteLexicon()
    let texts = (0..<8).map { k in "Văn bản \(k): 記憶 \(k) は再構成である, không phải bản sao số \(k * 11) 🦉." }
    let later = (0..<8).map { k in "Thêm \(k): ngôn ngữ mới \(k * 13) xuất hiện sau khi đọc \(k)." }
    let first = texts.map { QuoteIndex(text: Array($0.utf8), lexicon: lexicon) }
    let built = Built(count: later.count)
    let found = Built(count: 64)
    DispatchQueue.concurrentPerform(iterations: later.count + 64) { k in
      if k < later.count {
        built.set(k, QuoteIndex(text: Array(later[k].utf8), lexicon: lexicon))
        return
      }
      let check = k - later.count
      let index = first[check % texts.count]
      if case .found = index.match("記憶 \(check % texts.count) は再構成である", within: nil) { found.set(check, index) }
    }
    #expect(found.indexes.allSatisfy { $0 != nil })
    for (k, index) in built.indexes.enumerated() {
      guard let index else {
        Issue.record("index \(k) missing")
        continue
      }
      if case .notFound = index.match("ngôn ngữ mới \(k * 13) xuất hiện", within: nil) {
        Issue.record("own words of \(k)")
      }
    }
  }

  @Test func emptyAndPunctuationOnlyQuotationsAreNotFound() {
    let index = QuoteIndex(text: Array(english.utf8))
    #expect(index.match("", within: nil) == .notFound(closest: nil, similarity: 0))
    #expect(index.match(" … , ", within: nil) == .notFound(closest: nil, similarity: 0))
  }

  @Test func invalidUTF8SourceIsIndexed() {
    let index = QuoteIndex(text: [0x61, 0x62, 0xFF, 0x20, 0x63, 0xC3])
    if case .notFound = index.match("ab", within: nil) { Issue.record("not found") }
    if case .found = index.match("ab c d", within: nil) { Issue.record("found") }
  }
}
