import Foundation
import GlossMatching
import Testing

/// English source (with a line-end hyphen inside the words the quick fix gives back).
private let english = """
  Bartlett argued that remembering is not the re-excitation of innumerable fixed, lifeless and fragmentary \
  traces. It is an imaginative recon-
  struction, or construction, built out of the relation of our attitude.
  """

/// Vietnamese source in NFC.
private let vietnamese = "Ký ức không phải là bản sao, mà là một sự tái tạo đầy tưởng tượng của người nhớ."

/// Chinese and Japanese source: each ideograph and kana is a word of its own.
private let cjk = "记忆不是录像，而是一种富有想象力的重建。記憶は再構成であり、写真ではない。"

/// Enough other text before or after a source to give it postings and make the closest passage a search.
private let filler = String(repeating: "Lorem ipsum dolor sit amet, consectetur adipiscing elit.\n", count: 2_500)

/// One quotation that is not in its source and the source's words its quick fix should give.
struct ClosestCase: CustomTestStringConvertible, Sendable {
  /// What the quotation changed.
  let name: String
  /// The source text.
  let source: String
  /// The quotation.
  let quote: String
  /// The source's words of the closest passage.
  let words: String

  var testDescription: String { name }
}

private let cases: [ClosestCase] = [
  ClosestCase(
    name: "english changed first word", source: english, quote: "a imaginative reconstruction, or construction",
    words: "an imaginative reconstruction, or construction"),
  ClosestCase(
    name: "english changed last word", source: english, quote: "an imaginative reconstitution",
    words: "an imaginative reconstruction"),
  ClosestCase(
    name: "english changed middle word", source: english, quote: "an imaginary reconstruction",
    words: "an imaginative reconstruction"),
  ClosestCase(
    name: "english dropped word before the last", source: english, quote: "fixed, lifeless and traces",
    words: "fixed, lifeless and fragmentary traces"),
  ClosestCase(
    name: "english added first word", source: english, quote: "Indeed it is an imaginative reconstruction",
    words: "It is an imaginative reconstruction"),
  ClosestCase(
    name: "english added last word", source: english, quote: "the relation of our attitude towards",
    words: "the relation of our attitude"),
  ClosestCase(
    name: "vietnamese changed first word", source: vietnamese, quote: "cái sự tái tạo đầy tưởng tượng",
    words: "một sự tái tạo đầy tưởng tượng"),
  ClosestCase(
    name: "vietnamese changed last word", source: vietnamese, quote: "một sự tái tạo đầy tưởng lượng",
    words: "một sự tái tạo đầy tưởng tượng"),
  ClosestCase(
    name: "vietnamese changed middle word", source: vietnamese, quote: "một sự tái hiện đầy tưởng tượng",
    words: "một sự tái tạo đầy tưởng tượng"),
  ClosestCase(
    name: "vietnamese dropped word before the last", source: vietnamese, quote: "sự tái tạo đầy tượng",
    words: "sự tái tạo đầy tưởng tượng"),
  ClosestCase(
    name: "vietnamese added first word", source: vietnamese, quote: "Nhưng mà là một sự tái tạo",
    words: "mà là một sự tái tạo"),
  ClosestCase(
    name: "vietnamese added last word", source: vietnamese, quote: "tưởng tượng của người nhớ lại",
    words: "tưởng tượng của người nhớ"),
  ClosestCase(
    name: "cjk changed first word", source: cjk, quote: "二种富有想象力的重建", words: "一种富有想象力的重建"),
  ClosestCase(
    name: "cjk changed last word", source: cjk, quote: "一种富有想象力的重现", words: "一种富有想象力的重建"),
  ClosestCase(
    name: "cjk changed middle word", source: cjk, quote: "一种富有想像力的重建", words: "一种富有想象力的重建"),
  ClosestCase(
    name: "cjk dropped word before the last", source: cjk, quote: "一种富有想象力的建", words: "一种富有想象力的重建"),
  ClosestCase(
    name: "cjk added first word", source: cjk, quote: "新記憶は再構成であり", words: "記憶は再構成であり"),
  ClosestCase(name: "cjk added last word", source: cjk, quote: "写真ではないか", words: "写真ではない"),
]

@Suite struct QuoteClosestTests {
  @Test(arguments: cases)
  func closestPassageCoversTheWholeQuotation(_ test: ClosestCase) {
    // Alone (scanned as one window), and inside a large text (windows around voted-for alignments).
    for text in [test.source, filler + test.source, test.source + "\n" + filler] {
      let index = QuoteIndex(text: Array(text.utf8))
      guard case .notFound(let closest?, let similarity) = index.match(test.quote, within: nil) else {
        Issue.record("expected not found with a closest passage")
        continue
      }
      let words = index.words(in: closest)
      #expect(words == test.words)
      #expect(similarity > 0.5 && similarity < 1)
      // The quick fix puts the source's words in place of the quotation: then it matches.
      if case .notFound = index.match(words, within: nil) { Issue.record("the fixed quotation '\(words)' not found") }
    }
  }

  @Test func similarityCountsTheEditsOfTheWholeQuotation() {
    let index = QuoteIndex(text: Array(english.utf8))
    // One word of three changed at the end: two of three alike, not two of two.
    guard case .notFound(_, let similarity) = index.match("an imaginative reconstitution", within: nil) else {
      Issue.record("expected not found")
      return
    }
    #expect(abs(similarity - 2.0 / 3.0) < 1e-9)
    // A word added before the passage is one edit of six.
    guard case .notFound(_, let added) = index.match("Indeed It is an imaginative reconstruction", within: nil)
    else {
      Issue.record("expected not found")
      return
    }
    #expect(abs(added - 5.0 / 6.0) < 1e-9)
  }

  @Test func changedLastWordAfterAnEllipsisIsKept() {
    let index = QuoteIndex(text: Array(english.utf8))
    guard
      case .notFound(let closest?, _) = index.match("remembering is not … an imaginative reconstitution", within: nil)
    else {
      Issue.record("expected not found with a closest passage")
      return
    }
    #expect(
      index.words(in: closest)
        == "remembering is not the re-excitation of innumerable fixed, lifeless and fragmentary traces. It is an "
        + "imaginative reconstruction")
  }

  @Test func closestPassageStaysInsideThePassage() {
    // The passage ends after "imaginative": the changed last word has no source word inside it to map to.
    let bytes = Array(english.utf8)
    let end =
      Array("Bartlett argued that remembering is not the re-excitation of innumerable fixed, lifeless and ".utf8)
      .count + Array("fragmentary traces. It is an imaginative".utf8).count
    let index = QuoteIndex(text: bytes)
    let passage = 0..<end
    guard case .notFound(let closest?, _) = index.match("an imaginative reconstitution", within: passage) else {
      Issue.record("expected not found with a closest passage")
      return
    }
    #expect(closest.upperBound <= end)
    #expect(index.words(in: closest) == "an imaginative")
    // A passage starting at "imaginative": the changed first word has nothing before it either.
    let start = end - Array("imaginative".utf8).count
    guard case .notFound(let tail?, _) = index.match("a imaginative reconstruction", within: start..<bytes.count)
    else {
      Issue.record("expected not found with a closest passage")
      return
    }
    #expect(tail.lowerBound >= start)
    #expect(index.words(in: tail) == "imaginative reconstruction")
  }
}
