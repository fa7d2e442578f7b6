import GlossSyntax

/// What a source's text tells of how it was extracted from a PDF, found once when it is indexed: whether its
/// ligatures were lost, and the words carrying a footnote mark.
extension QuoteIndex {
  /// True when the text lost its ligatures: the control characters `pdftotext` gives for ligatures without text, or
  /// words that are only ever seen with their ligatures missing (`rst` for `first`, `gure` for `figure`, `eectué` for
  /// `effectué`). A quotation's `ff`, `fi`, `fl`, `ffi` and `ffl` may then be missing from the source's words.
  static func losesLigatures(_ text: UnsafeBufferPointer<UInt8>, vocabulary: QuoteVocabulary) -> Bool {
    if lostLigatureMarks(in: text, upTo: 3) >= 3 { return true }
    var found = 0
    for word in ligatureLessWords {
      let known = word.utf8.withContiguousStorageIfAvailable { vocabulary.id(of: $0) } ?? nil
      if known != nil {
        found += 1
        if found >= 3 { return true }
      }
    }
    return false
  }

  /// How many lost-ligature marks (`QuoteScalar.isLostLigatureMark`) `text` holds, counting no further than
  /// `limit`. Eight bytes are tested at once: a text without marks (nearly all) is read at a fraction of the cost
  /// of a byte loop.
  package static func lostLigatureMarks(in text: UnsafeBufferPointer<UInt8>, upTo limit: Int) -> Int {
    let ones: UInt64 = 0x0101_0101_0101_0101
    var marks = 0
    var index = 0
    let count = text.count
    if let base = text.baseAddress {
      let raw = UnsafeRawPointer(base)
      while index + 8 <= count {
        let x = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        // Bit 7 of a byte is set exactly when the byte is above 0x1A and below 0x20 (0x1B to 0x1F, the marks):
        // "hasbetween" of Bit Twiddling Hacks, exact for bounds of at most 128.
        let low = x & (ones &* 127)
        let between = ((ones &* (127 + 0x20)) &- low) & ~x & (low &+ (ones &* (127 - 0x1A))) & (ones &* 128)
        if between != 0 {
          for k in index..<index + 8 where QuoteScalar.isLostLigatureMark(text[k]) {
            marks += 1
            if marks >= limit { return marks }
          }
        }
        index += 8
      }
    }
    while index < count {
      if QuoteScalar.isLostLigatureMark(text[index]) {
        marks += 1
        if marks >= limit { return marks }
      }
      index += 1
    }
    return marks
  }

  /// Words as a text that lost its ligatures spells them, and that no language spells so: three of them tell.
  static let ligatureLessWords: [String] = [
    // English
    "rst", "rstly", "gure", "gures", "dierent", "dierence", "dierences", "dicult", "diculty", "eect", "eects",
    "eective", "ecient", "eciency", "eciently", "eld", "elds", "nally", "ndings", "dened", "denition",
    "denitions", "specic", "specically", "signicant", "signicantly", "sucient", "oered", "oce", "ocial",
    "aect", "aects", "uid", "workow", "conict", "conicts", "classier", "identied", "modied",
    // French
    "eectué", "eectuée", "eectués", "eet", "eets", "diérent", "diérente", "diérents", "diérence", "dénition",
    "dénir", "dénie", "chier", "chiers", "ecace", "susamment", "spécique", "modier", "vérier", "identier",
    "réexion", "enn", "gurent",
    // German
    "häug", "Begri", "Einuss", "Auage", "oen", "Eekt", "Eekte",
  ]

  /// The words of the vocabulary that end in a footnote mark (`suite5`, `GitHub1`, `suite⁵`), each with the id of
  /// the word without it (interned when new), in ascending order of the marked word's id.
  ///
  /// A mark is one or two ASCII digits, or superscript digits, after at least two letters; the word before it ends
  /// in a letter. Digits inside numbers are never marks (`19955` is not `1995`).
  static func footnoteMarks(in vocabulary: inout QuoteVocabulary) -> [(marked: UInt32, word: UInt32)] {
    var out: [(marked: UInt32, word: UInt32)] = []
    for id in 0..<UInt32(vocabulary.count) where vocabulary.isWord[Int(id)] {
      let spelling = vocabulary.spelling(of: id)
      guard let cut = footnoteMarkStart(spelling) else { continue }
      let word = Array(spelling[spelling.startIndex..<cut])
      out.append((id, vocabulary.intern(word, isWord: true)))
    }
    return out
  }

  /// Where a footnote mark at the end of `word` starts, or nil when it ends in none.
  static func footnoteMarkStart(_ word: ArraySlice<UInt8>) -> Int? {
    var k = word.endIndex
    var digits = 0
    var superscripts = 0
    while k > word.startIndex {
      let b = word[k - 1]
      if b &- 0x30 < 10, superscripts == 0 {
        digits += 1
        k -= 1
        continue
      }
      // ¹ ² ³ (C2 B9, C2 B2, C2 B3) and ⁰ ⁴…⁹ (E2 81 B0, E2 81 B4…B9).
      if digits == 0, k - 2 >= word.startIndex, word[k - 2] == 0xC2, b == 0xB9 || b == 0xB2 || b == 0xB3 {
        superscripts += 1
        k -= 2
        continue
      }
      if digits == 0, k - 3 >= word.startIndex, word[k - 3] == 0xE2, word[k - 2] == 0x81,
        b == 0xB0 || (0xB4...0xB9).contains(b)
      {
        superscripts += 1
        k -= 3
        continue
      }
      break
    }
    guard (1...2).contains(digits) || superscripts > 0 else { return nil }
    // At least two letters before, the last an ASCII letter or a non-ASCII letter's last byte.
    guard k - word.startIndex >= 2 else { return nil }
    let last = word[k - 1]
    guard last &- 0x41 < 26 || last &- 0x61 < 26 || last >= 0x80 else { return nil }
    var letters = 0
    for b in word[word.startIndex..<k] where b &- 0x30 >= 10 {
      if b < 0x80 || b >= 0xC0 { letters += 1 }
    }
    return letters >= 2 ? k : nil
  }
}
