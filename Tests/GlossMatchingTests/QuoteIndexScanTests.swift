import TestSupport
import Testing

@testable import GlossMatching
@testable import GlossSyntax

/// `QuoteIndex` reads plain ASCII words, white space and single ASCII marks itself, hashing as it scans, and hands
/// everything else to `QuoteTokenizer`: the tokens it records must be exactly the tokenizer's.
@Suite struct QuoteIndexScanTests {
  /// Pieces that exercise both paths and the seams between them.
  static let pieces = [
    "word", "Word", "x1", "42", " ", "  ", "\n", "\r\n", "\t", ",", ".", ";", "(", ")", "[", "]", "*", "_", "-", "--",
    "—", "\"", "“", "”", "'", "’", "«", "»", "...", "…", "café", "naïve", "Nguyễn", "tiếng", "Việt", "e\u{0301}",
    "東京", "の", "ﬁnd", "co\u{00AD}operate", "recon-\nstruction", "well-\n  known", "end-", "-\n", "🦉", "Straße", "Đà",
    "École", "x\u{2010}\ny", "a\u{200D}b", "ﬀ", "ñ\u{0303}", "日本語", "Ελληνικά", "русский",
    // Ideographs and kana (read in place when no combining mark follows), with the marks that make them another.
    "記憶", "か\u{3099}", "カ\u{309A}", "記\u{0301}", "ー", "。", "、", "㐀", "한국어", "ﾊﾟ", "豈", "𠀀",
    // Ideographs 4,096 code points apart (U+4E00, U+5E00; U+4E01, U+5E01), which share a slot of the index's table
    // of ideograph ids, and CJK and full-width marks.
    "一帀", "丁币一", "「", "」", "，", "！", "（",
  ]

  @Test(arguments: 0..<40)
  func indexRecordsTheTokenizersTokens(seed: Int) {
    var generator = SeededGenerator(seed: UInt64(seed))
    var text = ""
    for _ in 0..<(50 + seed * 10) { text += Self.pieces[Int(generator.next() % UInt64(Self.pieces.count))] }
    let bytes = Array(text.utf8)
    let lexicon = QuoteLexicon()
    let index = QuoteIndex(text: bytes, lexicon: lexicon)

    var expected: [(start: Int, end: Int, spelling: [UInt8], join: ([UInt8], [UInt8])?)] = []
    bytes.withUnsafeBufferPointer { p in
      var tokenizer = QuoteTokenizer(isQuotation: false)
      var i = 0
      while let token = tokenizer.next(p, &i) {
        let spelling = tokenizer.withBytes(of: token, in: p) { Array($0) }
        let join = token.joinSplit.map { (Array(spelling[..<$0]), Array(spelling[$0...])) }
        expected.append((token.start, token.end, spelling, join))
      }
    }
    #expect(index.tokenCount == expected.count, "\(text.debugDescription)")
    guard index.tokenCount == expected.count else { return }
    var previousEnd = -1
    for (position, token) in expected.enumerated() {
      let global = token.spelling.withUnsafeBufferPointer { lexicon.id(of: $0) }
      #expect(global == index.globalIDs[Int(index.tokenIDs[position])], "token \(position) of \(text.debugDescription)")
      #expect(
        index.isGlued(position) == (token.start == previousEnd), "glue at \(position) of \(text.debugDescription)")
      #expect(index.textRange(ofPositions: position..<(position + 1)) == token.start..<token.end)
      if let (left, right) = token.join {
        let parts = index.joinedParts(at: position).map {
          (index.globalIDs[Int($0.left)], index.globalIDs[Int($0.right)])
        }
        let ids = (
          left.withUnsafeBufferPointer { lexicon.id(of: $0) }, right.withUnsafeBufferPointer { lexicon.id(of: $0) }
        )
        #expect(parts?.0 == ids.0 && parts?.1 == ids.1, "join at \(position) of \(text.debugDescription)")
      } else {
        #expect(index.joinedParts(at: position) == nil)
      }
      previousEnd = token.end
    }
  }

  /// Every scalar's class, whether looked up in a table (below U+2100, CJK punctuation and kana, full-width forms) or
  /// worked out, is the one its code point ranges and general category give.
  @Test func everyScalarIsClassedAsItsPropertiesSay() {
    var wrong: [UInt32] = []
    for v in UInt32(0)...0x10FFFF where !(0xD800...0xDFFF).contains(v) {
      if QuoteScalar.classify(v) != QuoteScalar.classifyByProperties(v) { wrong.append(v) }
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(10).map { String($0, radix: 16) })")
  }

  /// CJK punctuation and full-width marks are tokens of their own wherever they fall, as the tokenizer reads them.
  @Test func cjkMarksAreTheTokenizersTokens() {
    let text = "記憶、再構成。「時間」（学習）！？，：；の・ー\u{FFFD}"
    let bytes = Array(text.utf8)
    let lexicon = QuoteLexicon()
    let index = QuoteIndex(text: bytes, lexicon: lexicon)
    var spellings: [[UInt8]] = []
    bytes.withUnsafeBufferPointer { p in
      var tokenizer = QuoteTokenizer(isQuotation: false)
      var i = 0
      while let token = tokenizer.next(p, &i) { spellings.append(tokenizer.withBytes(of: token, in: p) { Array($0) }) }
    }
    #expect(index.tokenCount == spellings.count)
    for (position, spelling) in spellings.enumerated() where position < index.tokenCount {
      let global = spelling.withUnsafeBufferPointer { lexicon.id(of: $0) }
      #expect(global == index.globalIDs[Int(index.tokenIDs[position])], "token \(position)")
    }
  }

  @Test func quotationsAreFoundAcrossBothPaths() {
    let text = "The ﬁrst recon-\nstruction of Nguyễn’s “tiếng Việt” — well-\n  known — was café-born."
    let index = QuoteIndex(text: Array(text.utf8))
    guard case .found = index.match("first reconstruction of Nguyễn's \"tiếng Việt\" - well-known") else {
      Issue.record("not found")
      return
    }
    guard case .notFound = index.match("first reconstruction of Nguyen's") else {
      Issue.record("an unaccented name was found")
      return
    }
  }
}
