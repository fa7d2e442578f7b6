import Foundation
import GlossSyntax
import Testing

/// The pieces of search over source texts: case folding that keeps offsets, every occurrence of a phrase, and the
/// phrase filter that must never turn away a text holding the phrase.
@Suite struct PhraseSearchTests {
  @Test(arguments: [
    ("The SAVINGS Method", "the savings method"),
    ("KÝ ỨC KHÔNG PHẢI LÀ BẢN SAO", "ký ức không phải là bản sao"),
    ("ĐẦY TƯỞNG TƯỢNG", "đầy tưởng tượng"),
    ("Gedächtnis ÜBER Straße", "gedächtnis über straße"),
    ("ΜΝΉΜΗ Память", "μνήμη память"),
    ("記憶は再構成 🧠", "記憶は再構成 🧠"),
  ])
  func foldingLowersCasedLettersAndKeepsEveryOffset(text: String, folded: String) {
    #expect(CaseFolding.folded(text) == folded)
    #expect(CaseFolding.folded(Array(text.utf8)).count == text.utf8.count)
  }

  @Test func foldingKeepsLettersWhoseLowercaseIsLongerOrSeveral() {
    // `İ` lowers to `i` + a combining dot (longer): kept as written, so offsets still hold.
    let text = "İstanbul K"
    #expect(CaseFolding.folded(Array(text.utf8)).count == text.utf8.count)
    // Decomposed Vietnamese: the base letter lowers, the combining marks stay.
    let nfd = "KÝ ỨC".decomposedStringWithCanonicalMapping
    #expect(CaseFolding.folded(nfd) == "ký ức".decomposedStringWithCanonicalMapping)
  }

  @Test func occurrencesAreEveryPlaceInTextOrderWithoutOverlap() {
    let text = Array("the cat, the\ncat and THE CAT; the dog".utf8)
    let index = QuoteIndex(text: CaseFolding.folded(text))
    let found = index.occurrences(of: "the cat").map { String(decoding: text[$0], as: UTF8.self) }
    #expect(found == ["the cat", "the\ncat", "THE CAT"])
    #expect(index.occurrences(of: "the cat", limit: 2).count == 2)
    #expect(index.occurrences(of: "the … dog").count == 1)
    #expect(index.occurrences(of: "a bird").isEmpty)
  }

  @Test func filterLetsThroughEveryWindowOfTheTextsItWasBuiltFrom() {
    let lexicon = QuoteLexicon()
    let texts = [
      "Remembering is not the re-excitation of innumerable fixed, lifeless and fragmentary traces. It is an\n"
        + "imaginative recon-\nstruction, or construction, built out of the relation of our attitude.",
      "Ký ức không phải là bản sao, mà là một sự tái tạo\nđầy tưởng tượng của người nhớ. “Trí nhớ” — cộng đồng.",
      "记忆不是录像，而是一种富有想象力的重建。記憶は再構成であり、写真ではない。",
    ]
    for text in texts {
      let folded = CaseFolding.folded(Array(text.utf8))
      let filter = PhraseFilter(QuoteIndex(text: folded, lexicon: lexicon))
      let words = text.split(whereSeparator: \.isWhitespace)
      for length in [1, 2, 5] {
        for start in 0..<max(1, words.count - length) {
          let phrase = words[start..<min(words.count, start + length)].joined(separator: " ")
          // Half of a word broken at a line end is no word of the text (its index does not find it either).
          if phrase.contains("recon-") || phrase.contains("struction") { continue }
          let probe = PhraseProbe(CaseFolding.folded(phrase), lexicon: lexicon)
          #expect(!probe.hasUnknownToken, "\(phrase)")
          #expect(filter.mayContain(probe), "\(phrase)")
        }
      }
      // Across a line-end hyphen, spelt with or without it.
      for phrase in ["an imaginative reconstruction", "an imaginative recon-struction"] where text.hasPrefix("Rem") {
        #expect(filter.mayContain(PhraseProbe(phrase, lexicon: lexicon)), "\(phrase)")
      }
    }
    let english = PhraseFilter(QuoteIndex(text: CaseFolding.folded(Array(texts[0].utf8)), lexicon: lexicon))
    #expect(!english.mayContain(PhraseProbe("đầy tưởng tượng", lexicon: lexicon)))
    #expect(PhraseProbe("zyxwv", lexicon: lexicon).hasUnknownToken)
  }
}
