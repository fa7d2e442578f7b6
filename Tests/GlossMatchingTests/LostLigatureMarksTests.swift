import GlossMatching
import Testing

/// The eight-bytes-at-a-time count of lost-ligature marks (the control characters 0x1B to 0x1F) counts what a byte
/// loop counts, for every byte value at every place in a word.
@Suite struct LostLigatureMarksTests {
  static func naive(_ bytes: [UInt8], upTo limit: Int) -> Int {
    var marks = 0
    for b in bytes where (0x1B...0x1F).contains(b) {
      marks += 1
      if marks >= limit { break }
    }
    return marks
  }

  @Test func everyByteValueAtEveryPlace() {
    for value in 0...255 {
      for place in 0..<19 {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 19)
        bytes[place] = UInt8(value)
        let counted = bytes.withUnsafeBufferPointer { QuoteIndex.lostLigatureMarks(in: $0, upTo: 3) }
        #expect(counted == Self.naive(bytes, upTo: 3), "byte \(value) at \(place)")
      }
    }
  }

  @Test func countsUpToTheLimit() {
    // Marks next to bytes just outside the range (0x1A, 0x20), and next to each other within one word.
    let bytes: [UInt8] = [0x1A, 0x1B, 0x20, 0x61, 0x1F, 0x1E, 0x0A, 0x62, 0x63, 0x1C, 0x80, 0x9B, 0x1D, 0x20]
    for length in 0...bytes.count {
      let prefix = Array(bytes[..<length])
      for limit in 1...6 {
        let counted = prefix.withUnsafeBufferPointer { QuoteIndex.lostLigatureMarks(in: $0, upTo: limit) }
        #expect(counted == Self.naive(prefix, upTo: limit), "\(prefix) limit \(limit)")
      }
    }
  }
}
