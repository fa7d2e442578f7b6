#if canImport(Glibc)
  import Glibc
#endif

/// Stops the run when an invariant fails: libFuzzer sees the abort as a crash and saves the input as a reproducer.
func fuzzCheck(_ condition: Bool, _ message: @autoclosure () -> String) {
  guard !condition else { return }
  var text = "invariant failed: \(message())\n"
  text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
  abort()
}

/// The bytes libFuzzer hands a target, as an array.
func fuzzBytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
  guard let data, size > 0 else { return [] }
  return Array(UnsafeBufferPointer(start: data, count: size))
}

/// Whether `range` lies inside `0..<count`.
func isInside(_ range: Range<Int>, _ count: Int) -> Bool {
  range.lowerBound >= 0 && range.upperBound <= count
}

/// Whether `inner` lies inside `outer`.
func isInside(_ inner: Range<Int>, _ outer: Range<Int>) -> Bool {
  inner.lowerBound >= outer.lowerBound && inner.upperBound <= outer.upperBound
}

/// The input cut at the first `0x00` byte: two independent inputs for targets that take two (a text and a query).
func splitAtNull(_ bytes: [UInt8]) -> (first: [UInt8], second: [UInt8]) {
  guard let cut = bytes.firstIndex(of: 0) else { return (bytes, []) }
  return (Array(bytes[..<cut]), Array(bytes[(cut + 1)...]))
}

/// A small deterministic generator seeded from the input, so that a reproducer replays the same choices.
struct FuzzRandom {
  var state: UInt64

  init(seed bytes: [UInt8]) {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes.prefix(64) { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    state = hash
  }

  mutating func next(_ bound: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((state >> 33) % UInt64(max(bound, 1)))
  }
}
