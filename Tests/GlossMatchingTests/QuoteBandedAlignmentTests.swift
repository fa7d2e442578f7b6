import Foundation
import GlossMatching
import TestSupport
import Testing

/// The closest passage of a long quotation (thirty words of Chinese or Japanese are about 600 tokens) is aligned in a
/// band along the diagonals the votes point to: for a passage changed by a few edits it must be the very passage,
/// and as alike, as the alignment of every window in full.
@Suite struct QuoteBandedAlignmentTests {
  /// Ideographs and kana (each one token), and the marks between their runs.
  static let ideographs = Array("记忆不是录像而是一种富有想象力的重建記憶は再構成であり写真ではない时间学习研究历史社会文化语言思想")
    .map(String.init)
  /// Vietnamese syllables (one token each), written in NFC.
  static let syllables = [
    "ký", "ức", "không", "phải", "là", "bản", "sao", "mà", "một", "sự", "tái", "tạo", "đầy", "tưởng", "tượng",
    "của", "người", "nhớ", "lịch", "sử", "văn", "hóa", "ngôn", "ngữ", "được", "những", "điều", "thời", "gian",
    "học", "tập", "nghiên", "cứu", "xã", "hội", "trường", "quốc", "gia", "Việt", "Nam",
  ]

  /// English words (and the commas between them).
  static let englishWords = [
    "remembering", "is", "not", "the", "re-excitation", "of", "innumerable", "fixed", "lifeless", "and", "fragmentary",
    "traces", "it", "an", "imaginative", "reconstruction", "or", "construction", "built", "out", "relation", "our",
    "attitude", "towards", "a", "whole", "active", "mass", "organised", "past", "reactions", "experience", ",",
  ]

  /// The script of a generated text.
  enum Script: String, CaseIterable, CustomTestStringConvertible {
    case cjk, vietnameseNFC, vietnameseNFD, english
    var testDescription: String { rawValue }

    /// `count` random tokens of the script.
    func tokens(_ count: Int, _ random: inout SeededGenerator) -> [String] {
      switch self {
      case .cjk:
        // A full stop now and then: marks are tokens too, but never stand for a word.
        (0..<count).map { _ in
          random.next(10) == 0 ? "。" : QuoteBandedAlignmentTests.ideographs[random.next(ideographs.count)]
        }
      case .vietnameseNFC, .vietnameseNFD:
        (0..<count).map { _ in QuoteBandedAlignmentTests.syllables[random.next(syllables.count)] }
      case .english:
        (0..<count).map { _ in QuoteBandedAlignmentTests.englishWords[random.next(englishWords.count)] }
      }
    }

    /// Tokens written as the script writes them: ideographs run together, syllables between spaces; the text in NFD
    /// for `vietnameseNFD` (the quotation stays NFC).
    func written(_ tokens: [String], asSource: Bool) -> String {
      switch self {
      case .cjk: return tokens.joined()
      case .vietnameseNFC, .english: return tokens.joined(separator: " ")
      case .vietnameseNFD:
        let text = tokens.joined(separator: " ")
        return asSource ? text.decomposedStringWithCanonicalMapping : text
      }
    }
  }

  /// `tokens` with `edits` random edits: a token replaced, left out or added.
  static func edited(_ tokens: [String], edits: Int, script: Script, _ random: inout SeededGenerator) -> [String] {
    var out = tokens
    for _ in 0..<edits {
      let at = random.next(out.count)
      switch random.next(3) {
      case 0: out[at] = script.tokens(1, &random)[0]
      case 1: out.remove(at: at)
      default: out.insert(script.tokens(1, &random)[0], at: at)
      }
    }
    return out
  }

  @Test(arguments: Script.allCases, [false, true])
  func bandedAlignmentFindsWhatTheFullAlignmentFinds(_ script: Script, large: Bool) {
    var random = SeededGenerator(seed: UInt64(script.rawValue.utf8.count) * 31 + (large ? 7 : 3))
    // A large text has postings (votes from the rarest tokens); a small one votes with every token.
    let source = script.tokens(large ? 24_000 : 1_500, &random)
    let index = QuoteIndex(text: Array(script.written(source, asSource: true).utf8))
    var banded = 0
    for trial in 0..<8 {
      let length = script == .cjk ? 120 + random.next(480) : 100 + random.next(60)
      let first = random.next(source.count - length)
      let quotation = Self.edited(
        Array(source[first..<(first + length)]), edits: 1 + trial % 6, script: script, &random)
      let quote = script.written(quotation, asSource: false)
      let full = index.match(quote, alignment: .full)
      let fast = index.match(quote)
      #expect(fast == full, "trial \(trial): \(quote)")
      if case .notFound(_?, let similarity) = fast {
        #expect(similarity > 0.8, "trial \(trial): \(similarity)")
        if quotation.count >= QuoteIndex.bandedFromTokens { banded += 1 }
      }
    }
    // The comparison means something only when the band was used.
    #expect(banded >= 4)
  }

  /// A search wants only passages at least half alike, and of the windows the votes point to only the nearest: a
  /// window is given up as soon as it can no longer be that (its least distance so far already too far). That must
  /// change no answer: the same passage, as alike, as when every window is aligned to its end.
  @Test(arguments: Script.allCases)
  func givingUpOnAWindowThatCannotWinChangesNoAnswer(_ script: Script) {
    var random = SeededGenerator(seed: UInt64(script.rawValue.utf8.count) * 17 + 1)
    let source = script.tokens(2_000, &random)
    let index = QuoteIndex(text: Array(script.written(source, asSource: true).utf8))
    var kept = 0
    var dropped = 0
    for trial in 0..<9 {
      let length = script == .cjk ? 20 + random.next(380) : 10 + random.next(150)
      let first = random.next(source.count - length)
      // Few edits (a close passage), many (about half alike), or none of it (unrelated words of the script).
      let quotation =
        trial % 3 == 2
        ? script.tokens(length, &random)
        : Self.edited(
          Array(source[first..<(first + length)]), edits: trial % 3 == 0 ? 1 + trial % 4 : length / 3, script: script,
          &random)
      let quote = script.written(quotation, asSource: false)
      for alignment in [QuoteIndex.Alignment.banded, .full] {
        let whole = index.match(quote, alignment: alignment, givingUp: false)
        #expect(index.match(quote, alignment: alignment) == whole, "trial \(trial): \(quote)")
        // Less than half alike: no passage, as a search shows none.
        var halfAlike = whole
        if case .notFound(_?, let similarity) = whole, similarity < 0.5 {
          halfAlike = .notFound(closest: nil, similarity: 0)
          dropped += 1
        } else {
          kept += 1
        }
        #expect(index.match(quote, alignment: alignment, leastSimilarity: 0.5) == halfAlike, "trial \(trial): \(quote)")
      }
    }
    // Both sides of the half-alike line were tried.
    #expect(kept > 0 && dropped > 0, "kept \(kept), dropped \(dropped)")
  }

  @Test func shortQuotationsAndEllipsesAreAlignedInFull() {
    // Below the threshold, and with an ellipsis, both alignments are the same code path: a sanity check that the
    // parameter changes nothing there.
    var random = SeededGenerator(seed: 15)
    let source = Script.cjk.tokens(3_000, &random)
    let index = QuoteIndex(text: Array(Script.cjk.written(source, asSource: true).utf8))
    let short = Script.cjk.written(
      Self.edited(Array(source[100..<140]), edits: 2, script: .cjk, &random), asSource: false)
    #expect(index.match(short) == index.match(short, alignment: .full))
    let pieces =
      Script.cjk.written(Array(source[200..<300]), asSource: false) + " … "
      + Script.cjk.written(Self.edited(Array(source[400..<500]), edits: 2, script: .cjk, &random), asSource: false)
    #expect(index.match(pieces) == index.match(pieces, alignment: .full))
  }
}
