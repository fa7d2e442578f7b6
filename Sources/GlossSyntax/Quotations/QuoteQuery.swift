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

  /// The quotation's tokens, as `lookup` gives their ids (nil for a token the text does not have).
  init(_ quotation: String, lookup: (UnsafeBufferPointer<UInt8>) -> UInt32?) {
    var bytes = Array(quotation.utf8)
    var piece: [UInt32] = []
    var isWord: [Bool] = []
    var lastWordEnd = -1
    func close() {
      var lower = 0
      var upper = piece.count
      while lower < upper, !isWord[lower] { lower += 1 }
      while upper > lower, !isWord[upper - 1] { upper -= 1 }
      if lower < upper {
        pieces.append(Array(piece[lower..<upper]))
        wordFlags.append(Array(isWord[lower..<upper]))
      }
      piece.removeAll()
      isWord.removeAll()
    }
    bytes.withUnsafeMutableBufferPointer { mutable in
      let p = UnsafeBufferPointer(mutable)
      var tokenizer = QuoteTokenizer(isQuotation: true)
      var i = 0
      while let token = tokenizer.next(p, &i) {
        switch token.kind {
        case .gap:
          close()
        case .wildcard:
          // `word[s]` is one word: the letters before the bracket belong to the wildcard.
          if lastWordEnd == token.start, isWord.last == true, piece.last != Self.wildcard {
            piece.removeLast()
            isWord.removeLast()
          }
          piece.append(Self.wildcard)
          isWord.append(true)
          lastWordEnd = token.end
        case .word, .punctuation:
          let word = token.kind == .word
          piece.append(tokenizer.withBytes(of: token, in: p) { lookup($0) } ?? Self.unknown)
          isWord.append(word)
          lastWordEnd = word ? token.end : -1
        }
      }
    }
    close()
  }

  /// How many tokens the pieces hold together.
  var tokenCount: Int { pieces.reduce(0) { $0 + $1.count } }
}
