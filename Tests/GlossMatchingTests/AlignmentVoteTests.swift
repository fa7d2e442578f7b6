import TestSupport
import Testing

@testable import GlossMatching

/// The diagonals a closest passage is aligned along are the most voted-for buckets: a bucket's score is its votes
/// plus the next bucket's, best first, ties to the lower bucket. Counted in an array over a short span of buckets
/// or by sorting a long one, the answer is what scoring every bucket and sorting them all gives.
@Suite struct AlignmentVoteTests {
  /// The reference: every bucket scored, all sorted by score then bucket.
  static func sortedScores(_ keys: [Int], count: Int) -> [Int] {
    var votes: [Int: Int] = [:]
    for key in keys { votes[key, default: 0] += 1 }
    let scored = votes.keys.map { (key: $0, score: votes[$0]! + (votes[$0 + 1] ?? 0)) }
      .sorted { $0.score != $1.score ? $0.score > $1.score : $0.key < $1.key }
    return scored.prefix(count).map(\.key)
  }

  @Test(arguments: [
    // Votes in a window of a chunk (counted in an array), spread over a whole long text (sorted), and ties.
    (40, 300, 0), (3_000, 400, -50), (500, 2_000_000, 10), (20, 6, -3), (1, 1, 7),
  ])
  func mostVotedBucketsAreThoseOfSortingEveryScore(votes: Int, span: Int, lowest: Int) {
    var random = SeededGenerator(seed: UInt64(votes * 31 + span))
    for trial in 0..<50 {
      // Some buckets much voted for (a passage's alignment), the rest scattered.
      let favourites = (0..<3).map { _ in lowest + random.next(span) }
      let keys = (0..<votes).map { _ in
        random.next(3) == 0 ? favourites[random.next(3)] + random.next(2) : lowest + random.next(span)
      }
      for count in [1, 4, 9] {
        #expect(
          QuoteIndex.mostVoted(keys, count: count) == Self.sortedScores(keys, count: count),
          "trial \(trial), count \(count)")
      }
    }
    #expect(QuoteIndex.mostVoted([], count: 4).isEmpty)
  }
}
