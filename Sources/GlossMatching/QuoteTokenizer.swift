import GlossSyntax

/// One token of normalised text: its kind and where it lies in the scanned bytes.
struct QuoteToken {
  /// What a token is; gaps and wildcards occur in quotations only.
  enum Kind: UInt8 {
    case word
    case punctuation
    case gap
    case wildcard
  }

  var kind: Kind
  /// The first byte of the token in the scanned text.
  var start: Int
  /// One past the last byte of the token in the scanned text.
  var end: Int
  /// For a word joined across a hyphen at a line end, the byte count of the part before the hyphen in the scratch.
  var joinSplit: Int?
  /// True when the token's normalised bytes are its bytes in the text (`start..<end`), not the scratch.
  var isDirect = false
  /// For a word of a quotation spelt `[T]he`: its first letter may be of either case in the source.
  var isCaseFree = false
}

/// Splits UTF-8 text into normalised tokens: words (an ideograph or kana is a word of its own), punctuation (one
/// token per mark; every quote mark is `"`, every run of dashes is `-`), and in quotations gaps and wildcards.
///
/// White space, `*` and `_` separate tokens and are no tokens themselves. A word broken by a hyphen at a line end
/// (`recon-\nstruction`) or holding a soft hyphen is one word; ligatures are spelled out; words are in NFC.
struct QuoteTokenizer {
  /// True when scanning a quotation, where ellipses and brackets have their editorial meaning.
  let isQuotation: Bool
  /// The normalised bytes of the last token returned.
  private(set) var scratch: [UInt8] = []
  private var needsNormalization = false

  init(isQuotation: Bool) {
    self.isQuotation = isQuotation
    scratch.reserveCapacity(64)
  }

  /// The next token at or after `i` (advanced past it), or nil at the end of the text.
  mutating func next(_ p: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> QuoteToken? {
    let n = p.count
    while i < n {
      let b = p[i]
      let (v, len) = b < 0x80 ? (UInt32(b), 1) : QuoteScalar.decode(p, i)
      let cls = QuoteScalar.classify(v)
      switch cls {
      case .space, .ignorable, .softHyphen:
        i += len
      case .word, .combining, .ligature:
        if b < 0x80 {
          // Fast path: a plain ASCII word, read in place.
          var j = i + 1
          while j < n, QuoteScalar.isASCIIAlphanumeric(p[j]) { j += 1 }
          if QuoteScalar.endsPlainASCIIWord(p, at: j) {
            defer { i = j }
            return QuoteToken(kind: .word, start: i, end: j, isDirect: true)
          }
        }
        return scanWord(p, &i)
      case .ideograph:
        return scanIdeograph(p, &i, scalar: v, length: len)
      case .quote:
        return scanRun(p, &i, of: .quote, canonical: 0x22)
      case .dash:
        return scanRun(p, &i, of: .dash, canonical: 0x2D)
      case .ellipsis:
        let start = i
        i += len
        if isQuotation { return QuoteToken(kind: .gap, start: start, end: i) }
        setScratch(p, start..<i)
        return QuoteToken(kind: .punctuation, start: start, end: i)
      case .punctuation:
        if isQuotation, b == UInt8(ascii: "."), let end = QuoteScalar.dottedEllipsisEnd(p, i) {
          defer { i = end }
          return QuoteToken(kind: .gap, start: i, end: end)
        }
        if isQuotation, b == UInt8(ascii: "["), let token = scanBracket(p, &i) {
          if token.kind != .punctuation { return token }
          continue  // `[sic]` is dropped
        }
        let start = i
        i += len
        setScratch(p, start..<i)
        return QuoteToken(kind: .punctuation, start: start, end: i)
      }
    }
    return nil
  }

  /// Calls `body` with the normalised bytes of `token`, the last token returned for `p`.
  func withBytes<R>(
    of token: QuoteToken, in p: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> R
  ) -> R {
    token.isDirect
      ? body(UnsafeBufferPointer(rebasing: p[token.start..<token.end])) : scratch.withUnsafeBufferPointer(body)
  }

  private mutating func setScratch(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: p[range]))
  }

  /// A run of quote marks or dashes, as one token with canonical spelling.
  private mutating func scanRun(
    _ p: UnsafeBufferPointer<UInt8>, _ i: inout Int, of cls: QuoteScalar.Class, canonical: UInt8
  ) -> QuoteToken {
    let start = i
    while i < p.count {
      let (v, len) = p[i] < 0x80 ? (UInt32(p[i]), 1) : QuoteScalar.decode(p, i)
      guard QuoteScalar.classify(v) == cls else { break }
      i += len
    }
    scratch.removeAll(keepingCapacity: true)
    scratch.append(canonical)
    return QuoteToken(kind: .punctuation, start: start, end: i)
  }

  /// One ideograph or kana with the combining marks that follow it.
  private mutating func scanIdeograph(
    _ p: UnsafeBufferPointer<UInt8>, _ i: inout Int, scalar: UInt32, length: Int
  ) -> QuoteToken {
    let start = i
    i += length
    needsNormalization = !QuoteScalar.isNFCStable(scalar)
    while i < p.count, p[i] >= 0x80 {
      let (v, len) = QuoteScalar.decode(p, i)
      guard QuoteScalar.classify(v) == .combining else { break }
      needsNormalization = true
      i += len
    }
    setScratch(p, start..<i)
    if needsNormalization { scratch = QuoteScalar.nfc(scratch) }
    return QuoteToken(kind: .word, start: start, end: i)
  }

  /// A word: letters, digits and marks, across soft hyphens, ignorable format characters and line-end hyphens.
  private mutating func scanWord(_ p: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> QuoteToken {
    scratch.removeAll(keepingCapacity: true)
    needsNormalization = false
    let start = i
    var end = i
    var joinSplit: Int?
    var joins = 0
    let n = p.count
    scan: while i < n {
      let b = p[i]
      if b < 0x80 {
        if QuoteScalar.isASCIIAlphanumeric(b) {
          scratch.append(b)
          i += 1
          end = i
          continue
        }
        if QuoteScalar.isLostLigatureMark(b) {
          i += 1
          continue
        }
        if b == UInt8(ascii: "-"), let next = QuoteScalar.lineEndContinuation(p, i + 1) {
          joins += 1
          if joins == 1 { joinSplit = scratch.count }
          i = next
          continue
        }
        break
      }
      let (v, len) = QuoteScalar.decode(p, i)
      switch QuoteScalar.classify(v) {
      case .word, .combining:
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: p[i..<i + len]))
        if !QuoteScalar.isNFCStable(v) { needsNormalization = true }
        i += len
        end = i
      case .ligature:
        scratch.append(contentsOf: QuoteScalar.ligatureExpansion(v))
        i += len
        end = i
      case .softHyphen:
        i += len
        if let next = QuoteScalar.lineEndContinuation(p, i) { i = next }
      case .ignorable:
        i += len
      case .dash where v == 0x2010:
        guard let next = QuoteScalar.lineEndContinuation(p, i + len) else { break scan }
        joins += 1
        if joins == 1 { joinSplit = scratch.count }
        i = next
      default:
        break scan
      }
    }
    i = end
    if joins > 1 { joinSplit = nil }
    if needsNormalization {
      if let split = joinSplit {
        let left = QuoteScalar.nfc(Array(scratch[..<split]))
        let right = QuoteScalar.nfc(Array(scratch[split...]))
        scratch = left + right
        joinSplit = left.count
      } else {
        scratch = QuoteScalar.nfc(scratch)
      }
    }
    return QuoteToken(kind: .word, start: start, end: end, joinSplit: joinSplit)
  }

  /// In a quotation, `[...]`/`[…]` is a gap, `[sic]` nothing, any other bracketed text one wildcard word (with the
  /// letters stuck to it, as in `[T]he`); nil when the bracket is not closed on its line.
  private mutating func scanBracket(_ p: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> QuoteToken? {
    let start = i
    var j = i + 1
    while j < p.count, j - start < 200, p[j] != UInt8(ascii: "]"), p[j] != UInt8(ascii: "["), p[j] != 0x0A { j += 1 }
    guard j < p.count, p[j] == UInt8(ascii: "]") else { return nil }
    let inner = String(decoding: UnsafeBufferPointer(rebasing: p[(start + 1)..<j]), as: UTF8.self)
      .trimming(.whitespaces)
    i = j + 1
    if inner.isEmpty || inner.allSatisfy({ $0 == "." || $0 == "…" || $0 == " " }) {
      return QuoteToken(kind: .gap, start: start, end: i)
    }
    let lowered = inner.lowercased()
    if lowered == "sic" || lowered == "sic!" { return QuoteToken(kind: .punctuation, start: start, end: i) }
    // `[T]he`: a letter changed in case, the word as it is with either case of its first letter.
    if inner.count == 1, let letter = inner.unicodeScalars.first, letter.properties.isAlphabetic, i < p.count {
      let (v, _) = p[i] < 0x80 ? (UInt32(p[i]), 1) : QuoteScalar.decode(p, i)
      if QuoteScalar.classify(v) == .word {
        var j = i
        let rest = scanWord(p, &j)
        let tail = rest.isDirect ? Array(p[rest.start..<rest.end]) : scratch
        scratch = QuoteScalar.nfc(Array(inner.utf8) + tail)
        i = j
        return QuoteToken(kind: .word, start: start, end: j, isCaseFree: true)
      }
    }
    // Letters glued to the bracket belong to the same (wildcard) word.
    while i < p.count {
      let (v, len) = p[i] < 0x80 ? (UInt32(p[i]), 1) : QuoteScalar.decode(p, i)
      let cls = QuoteScalar.classify(v)
      guard cls == .word || cls == .combining || cls == .ligature else { break }
      i += len
    }
    return QuoteToken(kind: .wildcard, start: start, end: i)
  }
}
