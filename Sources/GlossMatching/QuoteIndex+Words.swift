import GlossSyntax

extension QuoteIndex {
  /// The source's words in `range` as a quotation would give them (for the quick fix that replaces a quotation):
  /// runs of white space and line breaks become one space, and words broken at a line end (`recon-\nstruction`,
  /// or with a soft hyphen) are joined.
  package func words(in range: Range<Int>) -> String { Self.words(in: range, of: text) }

  /// The words of `text` in `range` as `words(in:)` gives them, for a text not indexed (or indexed folded).
  package static func words(in range: Range<Int>, of text: [UInt8]) -> String {
    let lower = max(0, min(range.lowerBound, text.count))
    let upper = max(lower, min(range.upperBound, text.count))
    var out: [UInt8] = []
    out.reserveCapacity(upper - lower)
    text.withUnsafeBufferPointer { whole in
      let p = UnsafeBufferPointer(rebasing: whole[0..<upper])
      var i = lower
      var pendingSpace = false
      while i < upper {
        let b = p[i]
        if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C {
          pendingSpace = !out.isEmpty
          i += 1
          continue
        }
        // The control character of a ligature without text disappears (`e\u{1B}ect` is `eect`).
        if QuoteScalar.isLostLigatureMark(b) {
          i += 1
          continue
        }
        // A soft hyphen disappears, and with it the line break after it.
        if b == 0xC2, i + 1 < upper, p[i + 1] == 0xAD {
          i += 2
          if let next = QuoteScalar.lineEndContinuation(p, i) { i = next }
          continue
        }
        if b == UInt8(ascii: "-"), let last = out.last, last >= 0x80 || QuoteScalar.isASCIIAlphanumeric(last),
          let next = QuoteScalar.lineEndContinuation(p, i + 1)
        {
          i = next
          continue
        }
        if pendingSpace { out.append(0x20) }
        pendingSpace = false
        out.append(b)
        i += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}
