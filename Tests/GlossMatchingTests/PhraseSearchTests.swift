import Foundation
import GlossSyntax
import Testing

@testable import GlossMatching

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

  @Test func signatureLetsThroughEveryWindowOfTheTextsItWasBuiltFrom() {
    let texts = [
      "Remembering is not the re-excitation of innumerable fixed, lifeless and fragmentary traces. It is an\n"
        + "imaginative recon-\nstruction, or construction, built out of the relation of our attitude.",
      "Ký ức không phải là bản sao, mà là một sự tái tạo\nđầy tưởng tượng của người nhớ. “Trí nhớ” — cộng đồng.",
      "记忆不是录像，而是一种富有想象力的重建。記憶は再構成であり、写真ではない。",
    ]
    let signatures = texts.map { TextSignature(text: CaseFolding.folded(Array($0.utf8))) }
    let matrix = SignatureMatrix(signatures)
    #expect(matrix.columnCount == 3)
    func columns(_ phrase: String) -> [Int] {
      // A phrase without a word (a lone dash) may be anywhere.
      guard let piece = SignatureProbe(CaseFolding.folded(phrase)).pieces.first else {
        return Array(0..<matrix.columnCount)
      }
      // The column where a window starts holds its first word's entries itself.
      return matrix.columns(
        holdingAll: piece.hashes, reach: SignatureMatrix.reach(ofTokens: piece.tokenCount),
        startEntries: piece.startEntries)
    }
    for (column, text) in texts.enumerated() {
      let words = text.split(whereSeparator: \.isWhitespace)
      for length in [1, 2, 5] {
        for start in 0..<max(1, words.count - length) {
          let phrase = words[start..<min(words.count, start + length)].joined(separator: " ")
          // Half of a word broken at a line end is no word of the text (its index does not find it either).
          if phrase.contains("recon-") || phrase.contains("struction") { continue }
          #expect(columns(phrase).contains(column), "\(phrase)")
        }
      }
    }
    // Across a line-end hyphen, spelt with or without it.
    #expect(columns("an imaginative reconstruction").contains(0))
    #expect(columns("an imaginative recon-struction").contains(0))
    // A column also stands for a phrase running on into the next column (here another text's): the English text
    // alone does not hold the Vietnamese words.
    let english = SignatureMatrix([signatures[0]])
    #expect(english.columns(holdingAll: SignatureProbe("đầy tưởng tượng").allHashes, reach: 1).isEmpty)
    #expect(columns("zyxwv qponm").isEmpty)
  }

  /// A text of `count` distinct words, `w0 w1 w2 …`.
  private static func numberedWords(_ count: Int) -> String {
    (0..<count).map { "w\($0)" }.joined(separator: " ")
  }

  @Test func matrixFindsAPhraseInItsChunkAndAcrossAChunkEnd() throws {
    let long = TextSignature(text: Array(Self.numberedWords(3000).utf8))
    #expect(long.chunkCount == 3)
    #expect(long.chunkStarts[1] == Self.numberedWords(1024).utf8.count + 1)
    let matrix = SignatureMatrix([TextSignature(text: Array("w5 w6 w7".utf8)), long])
    func columns(_ phrase: String) -> [Int] {
      guard let piece = SignatureProbe(phrase).pieces.first else { return [] }
      return matrix.columns(holdingAll: piece.hashes, reach: SignatureMatrix.reach(ofTokens: piece.tokenCount))
    }
    func starts(_ phrase: String) -> [Int] {
      guard let piece = SignatureProbe(phrase).pieces.first else { return [] }
      return matrix.columns(
        holdingAll: piece.hashes, reach: SignatureMatrix.reach(ofTokens: piece.tokenCount),
        startEntries: piece.startEntries)
    }
    #expect(columns("w5 w6 w7") == [0, 1])
    #expect(starts("w5 w6 w7") == [0, 1])
    // A column also stands for a phrase starting there and running on into the next; not when the column where the
    // phrase starts must hold its first word itself.
    #expect(columns("w2500 w2501 w2502") == [2, 3])
    #expect(starts("w2500 w2501 w2502") == [3])
    // Starting at the end of a chunk: the chunk holds the first word and its pair with the next.
    #expect(starts("w2047 w2048 w2049") == [2])
    #expect(starts("w1020 w1021 w1022 w1023 w1024 w1025") == [1])
    // Starts in the first chunk of the long text, ends in its second.
    #expect(columns("w1020 w1021 w1022 w1023 w1024 w1025") == [1])
    // One word changed: the chunk holding the rest has the most entries.
    let changed = SignatureProbe("w2100 w2101 w2102 w2103 w9999 w2105 w2106 w2107").allHashes
    let counts = matrix.hitCounts(changed, reach: 1)
    #expect(counts.count == 4)
    let best = try #require(counts.max())
    #expect(counts[3] == best)
    #expect(best >= changed.count - 3)
    #expect(counts[0] < best / 2 && counts[1] < best / 2)
  }

  /// The matrix answers what each column's own filter says, read one filter at a time: `columns(holdingAll:)` names
  /// the columns where every entry is held in that column or one of the `reach` after it, `hitCounts` counts such
  /// entries per column. Over two segments of columns, some cleared, and every reach a search uses; the last
  /// segment an even number of 64-column words wide (1,100 columns: 2) or an odd one (1,200: 3), as counts are
  /// worked out two words at a time.
  @Test(arguments: [0, 1, 2, 70], [1_100, 1_200])
  func matrixAnswersAsEveryColumnsOwnFilterDoes(reach: Int, columnCount: Int) {
    var random: UInt64 = 15 &+ UInt64(reach) &+ UInt64(columnCount - 1_100)
    func next(_ bound: Int) -> Int {
      random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((random >> 33) % UInt64(bound))
    }
    // Small texts of a few common words (one column each), so that most entries are held somewhere.
    let vocabulary = (0..<40).map { "w\($0)" } + ["記", "憶", "ký", "ức"]
    var texts = (0..<columnCount).map { _ in (0..<(3 + next(12))).map { _ in vocabulary[next(vocabulary.count)] } }
    // The seams of 64-column words and of segments: the text after each starts with a word of its own.
    let seams = [63, 127, 1_023, 1_087, 500]
    for c in seams { texts[c + 1][0] = "seam\(c)" }
    let signatures = texts.map { TextSignature(text: Array($0.joined(separator: " ").utf8)) }
    var matrix = SignatureMatrix(signatures)
    let cleared = Set(200..<260).union(1_090..<1_095)
    matrix.clear(200..<260)
    matrix.clear(1_090..<1_095)
    // Each text's own filter (one chunk each); none for a cleared column.
    let empty = [UInt64](repeating: 0, count: TextSignature.chunkBits / 64)
    let filters = signatures.indices.map { cleared.contains($0) ? empty : signatures[$0].filter(ofChunk: 0) }
    // For each column, whether it or one of the `reach` after it holds `hash`.
    func holding(_ hash: UInt64, reach: Int = reach) -> [Bool] {
      let bits = TextSignature.bits(of: hash)
      var out = [Bool](repeating: false, count: matrix.columnCount)
      var nearest = Int.max
      for c in (0..<matrix.columnCount).reversed() {
        if bits.allSatisfy({ filters[c][$0 >> 6] & (1 << UInt64($0 & 63)) != 0 }) { nearest = c }
        out[c] = nearest - c <= reach
      }
      return out
    }
    var named = 0
    for trial in 0..<24 {
      // First a text's last word with the next text's own first word (held in one column and the next: found in
      // the first with a reach), then phrases of a few words to many (a long one reads most words of each entry).
      let words =
        trial < seams.count
        ? [texts[seams[trial]].last ?? "", "seam\(seams[trial])"]
        : (0..<(1 + next(trial % 4 == 0 ? 60 : 6))).map { _ in vocabulary[next(vocabulary.count)] }
      let hashes =
        trial < seams.count
        ? words.flatMap { SignatureProbe($0).allHashes } : SignatureProbe(words.joined(separator: " ")).allHashes
      let held = hashes.map { holding($0) }
      let expected = (0..<matrix.columnCount).filter { c in held.allSatisfy { $0[c] } }
      if trial < seams.count, reach > 0 { #expect(expected.contains(seams[trial])) }
      #expect(matrix.columns(holdingAll: hashes, reach: reach) == expected, "trial \(trial)")
      // The first entries held by the column itself, the others by it or one of the `reach` after it.
      for start in 1...min(2, hashes.count) {
        let starting = hashes.indices.map { $0 < start ? holding(hashes[$0], reach: 0) : held[$0] }
        let startingHere = (0..<matrix.columnCount).filter { c in starting.allSatisfy { $0[c] } }
        #expect(
          matrix.columns(holdingAll: hashes, reach: reach, startEntries: start) == startingHere,
          "trial \(trial), \(start) start entries")
      }
      named += expected.count
      let counts = (0..<matrix.columnCount).map { c in held.filter { $0[c] }.count }
      #expect(matrix.hitCounts(hashes, reach: reach) == counts, "trial \(trial)")
    }
    #expect(named > 24)
  }

  @Test func transposingABlockSwapsItsRowsAndColumns() {
    var random: UInt64 = 0x9E37_79B9_7F4A_7C15
    let block = (0..<64).map { _ -> UInt64 in
      random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return random
    }
    var transposed = block
    SignatureMatrix.transpose(&transposed)
    let wrong = (0..<4096).filter { n in
      let (i, j) = (n / 64, n % 64)
      return (transposed[j] >> UInt64(i)) & 1 != (block[i] >> UInt64(j)) & 1
    }
    #expect(wrong.isEmpty)
  }
}
