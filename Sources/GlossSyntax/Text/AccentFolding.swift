/// Case- and accent-insensitive folding for searching names and titles (`Nguyễn` → `nguyen`, `Straße` → `strasse`):
/// what Foundation's `folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)` followed by
/// `lowercased()` gives, worked out from the standard library's Unicode data.
///
/// As Foundation does, a letter is decomposed and case folded; a Latin, Greek or Cyrillic letter (below U+0510) loses
/// its diacritics, the marks of its decomposition and the combining marks after it; a letter of another script keeps
/// its marks (`が`, Hindi vowel signs, Hebrew points) except the Latin ones (U+0300–U+036F). Letters without a
/// decomposition keep their identity (`ø`, `ł`, `đ`). The result is in Normalization Form C.
package enum AccentFolding {
  /// `text` folded; ASCII text is only lowercased.
  package static func folded(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
    var out = String.UnicodeScalarView()
    var scalars = text.unicodeScalars[...]
    while let first = scalars.popFirst() {
      let (cluster, last) = foldedLetter(first)
      out.append(contentsOf: cluster)
      // The combining marks after it.
      let keepsMarks = last.value >= 0x510
      while let mark = scalars.first, mark.properties.isGraphemeExtend {
        scalars.removeFirst()
        if keepsMarks && mark.value > 0x50F { out.append(contentsOf: String(mark).nfd.unicodeScalars) }
      }
    }
    return String(out).nfc.lowercased()
  }

  /// A letter (or any scalar that starts a cluster) decomposed and case folded, and the last scalar of that folding
  /// (whose script decides what happens to the marks after it).
  private static func foldedLetter(_ scalar: Unicode.Scalar) -> (cluster: [Unicode.Scalar], last: Unicode.Scalar) {
    if scalar.value < 0x80 {
      let lowered = (0x41...0x5A).contains(scalar.value) ? Unicode.Scalar(UInt8(scalar.value) | 0x20) : scalar
      return ([lowered], lowered)
    }
    var cluster = Array(String(scalar).nfd.unicodeScalars)
    let base = cluster[0]
    let isLatinGreekOrCyrillic = base.value < 0x510
    if isLatinGreekOrCyrillic { cluster = [base] }
    let folded = caseFolded(base)
    guard folded != [base] else { return (cluster, base) }
    let kept = isLatinGreekOrCyrillic ? folded.filter { !$0.properties.isGraphemeExtend } : folded
    return (kept + cluster.dropFirst(), kept.last ?? base)
  }

  /// The full case folding of `scalar` (`ß` → `ss`, `ς` → `σ`), up to the lowercasing that follows anyway: the
  /// lowercase of the uppercase of its lowercase. The dotless `ı` folds to itself (only Turkish folding changes it).
  private static func caseFolded(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
    if scalar.value == 0x131 { return [scalar] }
    return Array(scalar.properties.lowercaseMapping.uppercased().lowercased().unicodeScalars)
  }
}
