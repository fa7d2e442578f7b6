import GlossSyntax
import Testing

/// The word-at-a-time line-end search finds what a byte-at-a-time loop finds, wherever the terminator falls
/// within or across the eight-byte words.
@Suite struct LineTerminatorsTests {
  static func naive(_ bytes: [UInt8], from start: Int) -> Int {
    var index = start
    while index < bytes.count && bytes[index] != 0x0A && bytes[index] != 0x0D { index += 1 }
    return index
  }

  @Test func findsEveryTerminatorAsAByteLoopDoes() {
    // Bytes close to the terminators (tab, vertical tab, form feed, 0x0B, 0x8A, 0x8D) must not be taken for them.
    let alphabet: [UInt8] = [0x61, 0x20, 0x09, 0x0B, 0x0C, 0x0E, 0x8A, 0x8D, 0xC3, 0xA9, 0x0A, 0x0D]
    var generator = SplitMix(seed: 7)
    for length in 0..<70 {
      for _ in 0..<40 {
        let bytes = (0..<length).map { _ in
          // Terminators rarer than other bytes, so that long runs without one are common.
          let pick = Int(generator.next() % 40)
          return pick < alphabet.count ? alphabet[pick] : UInt8(ascii: "x")
        }
        bytes.withUnsafeBufferPointer { buffer in
          for start in 0...length {
            #expect(
              LineTerminators.first(in: buffer, from: start) == Self.naive(bytes, from: start), "\(bytes) \(start)")
          }
        }
      }
    }
  }

  @Test func aBufferWithoutTerminatorsEndsAtItsEnd() {
    let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 37)
    bytes.withUnsafeBufferPointer { buffer in
      #expect(LineTerminators.first(in: buffer, from: 0) == 37)
      #expect(LineTerminators.first(in: buffer, from: 36) == 37)
      #expect(LineTerminators.first(in: buffer, from: 40) == 40)
    }
    [UInt8]().withUnsafeBufferPointer { #expect(LineTerminators.first(in: $0, from: 0) == 0) }
  }

  /// A small deterministic generator (SplitMix64), so that a failure repeats.
  struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }
}
