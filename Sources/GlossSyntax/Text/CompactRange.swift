/// A byte range held in 8 bytes rather than `Range<Int>`'s 16: what the parsed elements of a note store, hundreds of
/// thousands of them in a workspace, behind `Range<Int>` properties.
///
/// Bounds past 4 GiB are clamped to `UInt32.max`: no note the index can hold in memory comes near that.
package struct CompactRange: Hashable, Sendable {
  private var lower: UInt32
  private var upper: UInt32

  /// `range` in 8 bytes (bounds clamped to 0…`UInt32.max`).
  package init(_ range: Range<Int>) {
    lower = Self.clamped(range.lowerBound)
    upper = Self.clamped(range.upperBound)
  }

  /// The range as the rest of Gloss uses it.
  package var range: Range<Int> { Int(lower)..<Int(upper) }

  /// The range moved by `delta` bytes.
  package func shifted(by delta: Int) -> CompactRange {
    CompactRange(Int(lower) + delta..<Int(upper) + delta)
  }

  private static func clamped(_ offset: Int) -> UInt32 {
    offset <= 0 ? 0 : offset >= Int(UInt32.max) ? UInt32.max : UInt32(offset)
  }
}
