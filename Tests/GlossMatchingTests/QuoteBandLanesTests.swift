import TestSupport
import Testing

@testable import GlossMatching

/// A long quotation's windows are aligned up to four at once, each in a lane of a vector (`alignBands`): each lane
/// must give exactly what aligning its window's band alone gives (`align`), distance, start and end, whether the
/// window holds the passage, half of it, or none of it, and whether it is given up.
@Suite struct QuoteBandLanesTests {
  /// A text of ideographs and kana, a full stop now and then (marks are tokens that never stand for a word).
  static func text(_ count: Int, _ random: inout SeededGenerator) -> String {
    let ideographs = Array("记忆不是录像而是一种富有想象力的重建記憶は再構成であり写真ではない时间学习研究历史社会文化语言思想")
    return String((0..<count).map { _ in random.next(10) == 0 ? "。" : ideographs[random.next(ideographs.count)] })
  }

  /// `tokens` with `edits` random edits (a token replaced by another of the text, left out or added); now and then
  /// a wildcard (a `[bracketed]` insertion) for a word.
  static func edited(_ tokens: [UInt32], edits: Int, from index: QuoteIndex, _ random: inout SeededGenerator)
    -> [UInt32]
  {
    var out = tokens
    for _ in 0..<edits {
      let at = random.next(out.count)
      let other = index.tokenIDs[random.next(index.tokenCount)]
      switch random.next(4) {
      case 0: out[at] = other
      case 1: out.remove(at: at)
      case 2: out.insert(other, at: at)
      default: if out[at] != QuoteQuery.wildcard, index.isWord[Int(out[at])] { out[at] = QuoteQuery.wildcard }
      }
    }
    return out
  }

  @Test(arguments: 0..<6)
  func eachLaneGivesWhatItsWindowGivesAlone(seed: Int) {
    var random = SeededGenerator(seed: UInt64(seed) * 101 + 7)
    let index = QuoteIndex(text: Array(Self.text(6_000, &random).utf8))
    let m = 96 + random.next(505)
    let first = 200 + random.next(1_000)
    // Few edits (the passage), many (about half alike), or another stretch of the text altogether.
    let source = Array(index.tokenIDs[first..<(first + m)])
    let tokens =
      switch seed % 3 {
      case 0: Self.edited(source, edits: 1 + seed, from: index, &random)
      case 1: Self.edited(source, edits: m / 3, from: index, &random)
      default: Array(index.tokenIDs[(first + 2_000)..<(first + 2_000 + m)])
      }
    let wordAt = tokens.map { $0 == QuoteQuery.wildcard || index.isWord[Int($0)] }
    let gapAt = [Bool](repeating: false, count: tokens.count + 1)
    let halfWidth = QuoteIndex.bandHalfWidth(ofTokens: tokens.count)
    let slack = max(8, tokens.count / 4)
    // Windows as a search makes them: the passage's own, ones a little off its start, and ones elsewhere; and ones
    // cut by the range searched, which cut the band: at the start (the diagonal near or before the window's first
    // column), and at the end (the band running past the window's last column).
    let n = tokens.count
    let windows = [
      (range: (first - slack)..<(first + n + 2 * slack), diagonal: slack),
      (range: (first + 5 - slack)..<(first + 5 + n + 2 * slack), diagonal: slack),
      (range: (first - 11 - slack)..<(first - 11 + n + 2 * slack), diagonal: slack),
      (range: (first + 3_000 - slack)..<(first + 3_000 + n + 2 * slack), diagonal: slack),
      (range: (first - 3)..<(first + n + 2 * slack), diagonal: 3),
      (range: (first + 7)..<(first + n + 2 * slack), diagonal: -7),
      (range: (first - halfWidth - 30)..<(first + n + slack), diagonal: -halfWidth - 30),
      (range: (first - slack)..<(first + n + 5), diagonal: slack),
      (range: (first - slack)..<(first + n / 2 + slack), diagonal: slack),
      (range: (first + 1_500 - slack)..<(first + 1_500 + n + slack - halfWidth), diagonal: slack),
    ].filter {
      QuoteIndex.bandFitsLanes(diagonal: $0.diagonal, halfWidth: halfWidth, m: n, width: $0.range.count)
    }.shuffled(using: &random)
    #expect(windows.count >= 8)
    for giveUpAt in [
      Int.max, QuoteIndex.leastTooFarDistance(ofTokens: tokens.count, leastSimilarity: 0.5),
      QuoteIndex.editCost * 3,
    ] {
      for start in Swift.stride(from: 0, to: windows.count, by: 3) {
        let group = Array(windows[start..<min(windows.count, start + 1 + start % 4)])
        let count = group.count
        let lanes = index.alignBands(
          tokens, wordAt: wordAt, windows: group, halfWidth: halfWidth, giveUpAt: giveUpAt)
        for (k, window) in group.enumerated() {
          let alone = index.align(
            tokens, gapAt: gapAt, wordAt: wordAt, to: window.range,
            band: (diagonal: window.diagonal, halfWidth: halfWidth), giveUpAt: giveUpAt)
          #expect(lanes[k].distance == alone.distance, "window \(k) of \(count), give up at \(giveUpAt)")
          #expect(lanes[k].positions == alone.positions, "window \(k) of \(count), give up at \(giveUpAt)")
        }
      }
    }
  }

  /// A window that ends a few tokens before the passage does (a range searched cut it): its band runs past the
  /// window's end before the last row, and `align` then scores the window's last column alone at each row, a deletion
  /// further on. The lane gives what `align` gives, with a give-up bound just above that distance too (its row's
  /// least distance is that column's, not that of the cells past the window's end), beside a lane given up early.
  @Test(arguments: 0..<8)
  func aBandRunningPastItsWindowsEndGivesWhatAlignGives(seed: Int) {
    var random = SeededGenerator(seed: UInt64(seed) * 53 + 11)
    let index = QuoteIndex(text: Array(Self.text(4_000, &random).utf8))
    let m = 96 + random.next(300)
    let first = 200 + random.next(1_000)
    let tokens = Self.edited(
      Array(index.tokenIDs[first..<(first + m)]), edits: 1 + random.next(6), from: index, &random)
    let wordAt = tokens.map { $0 == QuoteQuery.wildcard || index.isWord[Int($0)] }
    let gapAt = [Bool](repeating: false, count: tokens.count + 1)
    let n = tokens.count
    let halfWidth = QuoteIndex.bandHalfWidth(ofTokens: n)
    let slack = max(8, n / 4)
    // The band's first cell passes the window's last column `cut` rows before the last.
    let cut = 1 + random.next(12)
    let window = (range: (first - slack)..<(first + n - halfWidth - cut), diagonal: slack)
    let elsewhere = (range: (first + 2_000 - slack)..<(first + 2_000 + n + 2 * slack), diagonal: slack)
    #expect(QuoteIndex.bandFitsLanes(diagonal: slack, halfWidth: halfWidth, m: n, width: window.range.count))
    let band = (diagonal: window.diagonal, halfWidth: halfWidth)
    let distance = index.align(tokens, gapAt: gapAt, wordAt: wordAt, to: window.range, band: band).distance
    for giveUpAt in [Int.max, distance + 1, distance, distance + QuoteIndex.editCost] {
      let alone = index.align(tokens, gapAt: gapAt, wordAt: wordAt, to: window.range, band: band, giveUpAt: giveUpAt)
      for group in [[window], [window, elsewhere], [elsewhere, window]] {
        let lanes = index.alignBands(
          tokens, wordAt: wordAt, windows: group, halfWidth: halfWidth, giveUpAt: giveUpAt)
        let k = group.count == 2 && group[0] == elsewhere ? 1 : 0
        #expect(lanes[k].distance == alone.distance, "give up at \(giveUpAt), \(group.count) lanes")
        #expect(lanes[k].positions == alone.positions, "give up at \(giveUpAt), \(group.count) lanes")
      }
    }
  }

  /// The whole check, windows in lanes or one after the other: the same passage, as alike.
  @Test(arguments: 0..<4)
  func matchingWithLanesChangesNoAnswer(seed: Int) {
    var random = SeededGenerator(seed: UInt64(seed) * 13 + 5)
    let text = Self.text(5_000, &random)
    let index = QuoteIndex(text: Array(text.utf8))
    let characters = Array(text)
    for trial in 0..<6 {
      let length = 100 + random.next(500)
      let first = random.next(characters.count - length)
      var quote = Array(characters[first..<(first + length)])
      for _ in 0..<(trial % 2 == 0 ? 2 : length / 3) {
        quote[random.next(quote.count)] = characters[random.next(characters.count)]
      }
      let quotation = String(quote)
      for least in [0, 0.5] {
        #expect(
          index.match(quotation, leastSimilarity: least)
            == index.match(quotation, alignment: .bandedWindowByWindow, leastSimilarity: least),
          "trial \(trial), least \(least)")
      }
    }
  }
}
