import TestSupport
import Testing

@testable import GlossMatching

/// The closest passage is looked for around the start positions that the quotation's 4-token stretches vote for
/// where they occur exactly. In a small text (no postings) the stretches are all looked for in one pass over the
/// range: the votes must be those of looking for each stretch in a pass of its own, at most 32 occurrences each
/// (the first in the range), whatever the text, the range and the quotation.
@Suite struct QuoteVotesTests {
  /// Ideographs of a small set (so that a stretch occurs more than 32 times), English words with dashes and a word
  /// hyphenated at a line end, and full stops.
  static func text(_ count: Int, _ random: inout SeededGenerator) -> String {
    let ideographs = Array("记忆时")
    let words = ["well", "known", "the", "memory", "-", "self", "of", "arc-\nhive", "well-known", "."]
    var out = ""
    for _ in 0..<count {
      switch random.next(8) {
      case 0: out += " " + words[random.next(words.count)] + " "
      default: out.append(ideographs[random.next(ideographs.count)])
      }
    }
    return out
  }

  @Test(arguments: 0..<6)
  func stretchesFoundInOnePassVoteAsFoundOneByOne(seed: Int) {
    var random = SeededGenerator(seed: UInt64(seed) * 31 + 3)
    let index = QuoteIndex(text: Array(Self.text(6_000, &random).utf8))
    #expect(!index.hasPostings)
    var voted = 0
    for trial in 0..<12 {
      let m = 8 + random.next(trial % 3 == 0 ? 600 : 60)
      let first = random.next(index.tokenCount - m)
      let source = Array(index.tokenIDs[first..<(first + m)])
      let tokens = QuoteBandLanesTests.edited(source, edits: random.next(1 + m / 4), from: index, &random)
      guard !tokens.isEmpty else { continue }
      // A gap (an ellipsis) now and then, and ranges from the whole text to a stretch cutting occurrences.
      let gapAt = (0...tokens.count).map { $0 > 0 && $0 < tokens.count && random.next(40) == 0 }
      let lower = trial % 2 == 0 ? 0 : random.next(index.tokenCount / 2)
      let upper = trial % 4 < 2 ? index.tokenCount : lower + 1 + random.next(index.tokenCount - lower)
      let onePass = index.alignmentVotes(tokens, gapAt: gapAt, in: lower..<upper)
      let oneByOne = index.alignmentVotes(tokens, gapAt: gapAt, in: lower..<upper, gramsInOnePass: false)
      #expect(onePass.sorted() == oneByOne.sorted(), "trial \(trial)")
      voted += oneByOne.count
    }
    #expect(voted > 0)
  }
}
