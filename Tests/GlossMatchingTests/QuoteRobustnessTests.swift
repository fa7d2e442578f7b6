import GlossMatching
import GlossSyntax
import Testing

/// Arbitrary bytes, quotations and ranges never crash the index or the detection, and found ranges hold up.
@Suite struct QuoteRobustnessTests {
  /// Pieces that exercise every branch of the tokenizer and of quotation syntax.
  static let pieces: [[UInt8]] =
    [
      "word", "Ký", "ức", "e\u{301}", "ß", "記", "憶", "ﬁ", "\u{AD}", "-", "-\n", "—", "–", "…", "...", ". . .", "[", "]",
      "[...]", "[it]", "[T]he", "\"", "“", "”", "„", "«", "»", "'", "’", ",", ".", ";", " ", "\n", "\r\n", "\u{0C}",
      "*", "_", "@", "> ", "\u{200D}", "\u{FEFF}", "🙂",
    ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0xE2, 0x80], [0xF0, 0x9F]]

  struct Generator {
    var state: UInt64
    mutating func next(_ n: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(max(n, 1)))
    }
    mutating func bytes(_ count: Int) -> [UInt8] {
      (0..<count).flatMap { _ in QuoteRobustnessTests.pieces[next(QuoteRobustnessTests.pieces.count)] }
    }
  }

  @Test(arguments: 0..<40)
  func arbitraryInputNeverCrashes(_ seed: Int) {
    var random = Generator(state: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1)
    // The last seeds make texts large enough for postings.
    let text = random.bytes(seed >= 38 ? 40_000 : random.next(400))
    let index = QuoteIndex(text: text)
    for _ in 0..<20 {
      let quote = String(decoding: random.bytes(random.next(12)), as: UTF8.self)
      let lower = random.next(text.count + 10) - 5
      let range: Range<Int>? = random.next(3) == 0 ? nil : lower..<(lower + random.next(text.count + 10))
      switch index.match(quote, within: range) {
      case .found(let found):
        #expect(found.lowerBound >= 0 && found.upperBound <= text.count && !found.isEmpty)
        if let range { #expect(found.lowerBound >= range.lowerBound) }
      case .notFound(let closest, let similarity):
        #expect(similarity >= 0 && similarity <= 1)
        if let closest { #expect(closest.lowerBound >= 0 && closest.upperBound <= text.count) }
      }
    }
    let note = Note(parsing: text)
    for quotation in note.attributedQuotations(in: text) {
      #expect(quotation.range.upperBound <= text.count)
      #expect(note.citations.indices.contains(quotation.citationIndex))
    }
    // A note model that does not belong to the bytes is read safely.
    _ = note.attributedQuotations(in: Array(text.prefix(text.count / 2)))
  }
}
