import GlossSyntax

/// A quotation as the index sees it: pieces of token ids, in order, separated by ellipses.
///
/// Punctuation at the edges of each piece is dropped (a quotation may end with a full stop where the source has a
/// comma, or put a comma before an ellipsis), punctuation inside a piece must match.
struct QuoteQuery {
  /// The id standing for a `[bracketed]` insertion: any one word.
  static let wildcard = UInt32.max
  /// The id of a token the source text never has.
  static let unknown = UInt32.max - 1

  /// The pieces between gaps, none empty.
  var pieces: [[UInt32]] = []
  /// For each token of each piece, true when it is a word (or a wildcard), false for a punctuation mark: what an
  /// `unknown` id does not tell.
  var wordFlags: [[Bool]] = []
  /// For each piece, the other ways the source may spell its tokens (`QuoteVariants`); none unless asked for.
  var variants: [QuoteVariants] = []

  /// The tokens of a quotation tokenised once, as `lookup` gives their ids in one text (nil for a token the text
  /// does not have) from each token's normalised spelling and its hash (`QuoteVocabulary.hash`). With `spelling`,
  /// each piece also gets the other spellings of its tokens that text may have (`QuoteVariants`).
  init(
    _ quotation: SpelledQuotation, spelling: QuoteVariants.Rules? = nil,
    lookup: (UnsafeBufferPointer<UInt8>, UInt32) -> UInt32?
  ) {
    var piece: [UInt32] = []
    var isWord: [Bool] = []
    // The token of the quotation at each position of the piece (-1 for a wildcard).
    var sources: [Int] = []
    var lastWordEnd = -1
    let firstWord = quotation.tokens.firstIndex { $0.kind == .word || $0.kind == .wildcard }
    func close() {
      let words = isWord.trimming(0..<piece.count) { !$0 }
      let (lower, upper) = (words.lowerBound, words.upperBound)
      if lower < upper {
        pieces.append(Array(piece[lower..<upper]))
        wordFlags.append(Array(isWord[lower..<upper]))
        if let spelling {
          variants.append(
            QuoteVariants(
              quotation, tokens: Array(sources[lower..<upper]), ids: Array(piece[lower..<upper]), firstWord: firstWord,
              rules: spelling, lookup: lookup))
        }
      }
      piece.removeAll()
      isWord.removeAll()
      sources.removeAll()
    }
    // The loop is not inside a closure: the pieces it builds would then be checked for exclusive access at each
    // token (a twentieth of a long phrase's search in a source that does not hold it).
    let spellings = quotation.spellings
    piece.reserveCapacity(quotation.tokens.count)
    isWord.reserveCapacity(quotation.tokens.count)
    for (k, token) in quotation.tokens.enumerated() {
      switch token.kind {
      case .gap:
        close()
      case .wildcard:
        // `word[s]` is one word: the letters before the bracket belong to the wildcard.
        if lastWordEnd == token.start, isWord.last == true, piece.last != Self.wildcard {
          piece.removeLast()
          isWord.removeLast()
          sources.removeLast()
        }
        piece.append(Self.wildcard)
        isWord.append(true)
        sources.append(-1)
        lastWordEnd = token.end
      case .word, .punctuation:
        let word = token.kind == .word
        let id = spellings.withUnsafeBufferPointer {
          lookup(UnsafeBufferPointer(rebasing: $0[token.spelling]), token.spellingHash)
        }
        piece.append(id ?? Self.unknown)
        isWord.append(word)
        sources.append(k)
        lastWordEnd = word ? token.end : -1
      }
    }
    close()
  }

  /// How many tokens the pieces hold together.
  var tokenCount: Int { pieces.reduce(0) { $0 + $1.count } }

  /// The variants of piece `k` (none when the query was made without them).
  func variants(ofPiece k: Int) -> QuoteVariants { k < variants.count ? variants[k] : QuoteVariants() }
}

/// A quotation (or searched phrase) tokenised as `QuoteQuery` reads it, before its tokens are looked up in any text:
/// a search that looks for it in many texts tokenises it once.
package struct SpelledQuotation: Sendable {
  /// One token: its kind, where it lies in the quotation's bytes, and its normalised spelling in `spellings`.
  struct Token: Sendable {
    var kind: QuoteToken.Kind
    var start: Int
    var end: Int
    var spelling: Range<Int>
    /// The hash of the spelling (`QuoteVocabulary.hash`), worked out once for every text the quotation is looked
    /// up in; 0 for gaps and wildcards.
    var spellingHash: UInt32
    /// True for a word spelt `[T]he`: its first letter may be of either case.
    var isCaseFree = false
  }

  /// The tokens, in order (gaps and wildcards included).
  var tokens: [Token] = []
  /// The normalised spellings of the tokens, one after the other.
  var spellings: [UInt8] = []

  /// The tokens of `quotation`.
  package init(_ quotation: String) {
    var bytes = Array(quotation.utf8)
    bytes.withUnsafeMutableBufferPointer { mutable in
      let p = UnsafeBufferPointer(mutable)
      var tokenizer = QuoteTokenizer(isQuotation: true)
      var i = 0
      while let token = tokenizer.next(p, &i) {
        let first = spellings.count
        var hash: UInt32 = 0
        if token.kind == .word || token.kind == .punctuation {
          tokenizer.withBytes(of: token, in: p) {
            spellings.append(contentsOf: $0)
            hash = QuoteVocabulary.hash($0)
          }
        }
        tokens.append(
          Token(
            kind: token.kind, start: token.start, end: token.end, spelling: first..<spellings.count,
            spellingHash: hash, isCaseFree: token.isCaseFree))
      }
    }
  }
}
