import GlossSyntax

/// The running headers, running footers and bare page numbers of a paged text (pages separated by form feeds, as
/// `pdftotext` gives them): what a quotation, a passage or a search crossing a page break skips.
///
/// A line is furniture when it is among the first or the last few lines of its page and, with its digits left out,
/// recurs at the same end of at least two pages and of a quarter of them (`12 A preprint` and `A preprint 14` are one
/// running head), or when it is a bare page number (digits or roman numerals alone). Only the lines at a page's ends
/// are looked at, and furniture is taken from each end inward until the first line that is not.
package enum PageFurniture {
  /// How many non-blank lines at each end of a page may be furniture.
  static let edgeLines = 3
  /// The longest line taken for a running head or footer, in bytes.
  static let longestLine = 160

  /// The ranges of `text` (lines, their terminators excluded) that are furniture, ascending; none for a text of
  /// fewer than two pages.
  package static func ranges(in text: [UInt8]) -> [Range<Int>] {
    let starts = SourceDocument.pageStarts(of: text)
    guard starts.count >= 2 else { return [] }
    return text.withUnsafeBufferPointer { p -> [Range<Int>] in
      // Each edge line with its key, made once: a search computes the furniture of every document it reads.
      var pages: [(top: [(line: Range<Int>, key: LineKey)], bottom: [(line: Range<Int>, key: LineKey)])] = []
      pages.reserveCapacity(starts.count)
      for (k, start) in starts.enumerated() {
        let end = k + 1 < starts.count ? starts[k + 1] - 1 : p.count
        pages.append(
          (
            edge(p, start..<end, fromTop: true).map { ($0, LineKey(key(p, $0))) },
            edge(p, start..<end, fromTop: false).map { ($0, LineKey(key(p, $0))) }
          ))
      }
      var topCounts: [LineKey: Int] = [:]
      var bottomCounts: [LineKey: Int] = [:]
      for page in pages {
        // Each key once per page.
        for (i, entry) in page.top.enumerated() where !page.top[..<i].contains(where: { $0.key == entry.key }) {
          topCounts[entry.key, default: 0] += 1
        }
        for (i, entry) in page.bottom.enumerated()
        where !page.bottom[..<i].contains(where: { $0.key == entry.key }) {
          bottomCounts[entry.key, default: 0] += 1
        }
      }
      let least = max(2, (pages.count + 3) / 4)
      var out: [Range<Int>] = []
      for page in pages {
        var top: [Range<Int>] = []
        var bottom: [Range<Int>] = []
        for entry in page.top {
          guard isFurniture(entry.key, counts: topCounts, least: least) else { break }
          top.append(entry.line)
        }
        for entry in page.bottom {
          guard isFurniture(entry.key, counts: bottomCounts, least: least) else { break }
          bottom.append(entry.line)
        }
        // A short page may have the same line at both ends.
        let lines = top + bottom.reversed().filter { line in !top.contains(line) }
        // A page of one line of words has no body for it to frame: that line is its text, not a running head (a
        // page holding only its number still has furniture).
        if page.top.count == 1, page.top[0].key.bytes.filter({ $0 == 0x20 }).count >= 2 { continue }
        out += lines
      }
      return out.sorted { $0.lowerBound < $1.lowerBound }
    }
  }

  /// `text` with the bytes of `ranges` made spaces (offsets, lines and pages unchanged); `text` itself when there
  /// are none.
  package static func masking(_ ranges: [Range<Int>], in text: [UInt8]) -> [UInt8] {
    guard !ranges.isEmpty else { return text }
    var out = text
    out.withUnsafeMutableBufferPointer { p in
      for range in ranges {
        for i in max(0, range.lowerBound)..<min(p.count, range.upperBound) { p[i] = 0x20 }
      }
    }
    return out
  }

  /// `text` without its furniture (`masking(ranges(in:), in:)`), and the ranges masked.
  package static func masked(_ text: [UInt8]) -> (text: [UInt8], ranges: [Range<Int>]) {
    let found = ranges(in: text)
    return (masking(found, in: text), found)
  }

  private static func isFurniture(_ key: LineKey, counts: [LineKey: Int], least: Int) -> Bool {
    key.bytes == [UInt8(ascii: "#")] || (counts[key] ?? 0) >= least
  }

  /// A line's `key`, hashed as a whole rather than byte by byte.
  private struct LineKey: Hashable {
    var bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func hash(into hasher: inout Hasher) {
      bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
  }

  /// The first (or last) `edgeLines` non-blank lines of the page `range`, from that end inward; a line longer than
  /// `longestLine` ends the list (no running head is that long).
  private static func edge(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, fromTop: Bool) -> [Range<Int>] {
    var out: [Range<Int>] = []
    var cursor = fromTop ? range.lowerBound : range.upperBound
    while out.count < edgeLines {
      let line: Range<Int>
      if fromTop {
        guard cursor < range.upperBound else { break }
        var end = cursor
        while end < range.upperBound, p[end] != 0x0A { end += 1 }
        line = cursor..<end
        cursor = end + 1
      } else {
        guard cursor > range.lowerBound else { break }
        var start = cursor
        while start > range.lowerBound, p[start - 1] != 0x0A { start -= 1 }
        line = start..<cursor
        cursor = start - 1
      }
      let trimmed = trim(p, line)
      if trimmed.isEmpty { continue }
      if trimmed.count > longestLine { break }
      out.append(trimmed)
    }
    return out
  }

  private static func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0C || b == 0x0D || b == 0x0B }

  private static func trim(_ p: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Range<Int> {
    p.trimming(line, while: isBlank)
  }

  /// A line as it recurs from page to page: ASCII letters lowercased, each run of digits one `#`, white space runs one
  /// space; a line of digits alone, or of roman numerals alone, is `#`.
  static func key(_ p: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(line.count)
    var roman = true
    for i in line {
      var b = p[i]
      if b &- 0x41 < 26 { b |= 0x20 }
      if b &- 0x30 < 10 {
        if out.last != UInt8(ascii: "#") { out.append(UInt8(ascii: "#")) }
        continue
      }
      if isBlank(b) {
        if out.last != 0x20 { out.append(0x20) }
        continue
      }
      switch b {
      case UInt8(ascii: "i"), UInt8(ascii: "v"), UInt8(ascii: "x"), UInt8(ascii: "l"), UInt8(ascii: "c"),
        UInt8(ascii: "d"), UInt8(ascii: "m"):
        break
      default: roman = false
      }
      out.append(b)
    }
    if roman, out.count <= 12, isRomanNumeral(out.filter { $0 != 0x20 && $0 != UInt8(ascii: "#") }) {
      return [UInt8(ascii: "#")]
    }
    return out
  }

  /// True for a well-formed roman numeral (`xiv`, not `did`), or for nothing (a line of digits).
  static func isRomanNumeral(_ letters: [UInt8]) -> Bool {
    letters.isEmpty || RomanNumeral.value(of: String(decoding: letters, as: UTF8.self)) != nil
  }
}
