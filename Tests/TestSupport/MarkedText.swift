/// Fixture text with its markers removed: `⏩…⏪` ranges and `1️⃣…9️⃣` cursors, as UTF-8 byte offsets.
package struct MarkedText: Hashable, Sendable {
  /// The text without its markers.
  package var text: String
  /// The `⏩…⏪` ranges (nested ones too), sorted by start.
  package var ranges: [Range<Int>] = []
  /// The cursor offsets by digit (`"1"` for `1️⃣`).
  package var cursors: [String: Int] = [:]

  /// Removes the markers from `marked`, recording where they were.
  package init(_ marked: String) {
    var out: [UInt8] = []
    var open: [Int] = []
    var scalars = marked.unicodeScalars[...]
    while let scalar = scalars.first {
      scalars = scalars.dropFirst()
      switch scalar {
      case "⏩": open.append(out.count)
      case "⏪":
        if let start = open.popLast() { ranges.append(start..<out.count) }
      case "1"..."9" where scalars.first == "\u{FE0F}":
        let next = scalars.dropFirst()
        if next.first == "\u{20E3}" {
          cursors[String(scalar)] = out.count
          scalars = next.dropFirst()
        } else {
          out.append(contentsOf: String(scalar).utf8)
        }
      default:
        out.append(contentsOf: String(scalar).utf8)
      }
    }
    text = String(decoding: out, as: UTF8.self)
    ranges.sort { $0.lowerBound < $1.lowerBound }
  }
}
