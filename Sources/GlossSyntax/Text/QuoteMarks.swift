/// Double quotation marks in UTF-8 bytes: finding a quoted stretch of a note by its opening and closing marks.
enum QuoteMarks {
  /// A pair of marks: the opening one and the closing ones that may end it.
  private struct Pair {
    var open: [UInt8]
    var close: [[UInt8]]
  }

  private static let straight: [UInt8] = [0x22]
  private static let leftDouble: [UInt8] = [0xE2, 0x80, 0x9C]  // “
  private static let rightDouble: [UInt8] = [0xE2, 0x80, 0x9D]  // ”
  private static let lowDouble: [UInt8] = [0xE2, 0x80, 0x9E]  // „
  private static let leftGuillemet: [UInt8] = [0xC2, 0xAB]  // «
  private static let rightGuillemet: [UInt8] = [0xC2, 0xBB]  // »
  private static let leftCorner: [UInt8] = [0xE3, 0x80, 0x8C]  // 「
  private static let rightCorner: [UInt8] = [0xE3, 0x80, 0x8D]  // 」
  private static let leftWhiteCorner: [UInt8] = [0xE3, 0x80, 0x8E]  // 『
  private static let rightWhiteCorner: [UInt8] = [0xE3, 0x80, 0x8F]  // 』

  /// Every pair Gloss reads: "…", “…”, „…“, „…”, «…», »…«, 「…」, 『…』.
  private static let pairs: [Pair] = [
    Pair(open: straight, close: [straight]),
    Pair(open: leftDouble, close: [rightDouble]),
    Pair(open: lowDouble, close: [leftDouble, rightDouble]),
    Pair(open: leftGuillemet, close: [rightGuillemet]),
    Pair(open: rightGuillemet, close: [leftGuillemet]),
    Pair(open: leftCorner, close: [rightCorner]),
    Pair(open: leftWhiteCorner, close: [rightWhiteCorner]),
  ]

  /// True for a space or a tab.
  static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }

  private static func has(_ mark: [UInt8], in bytes: [UInt8], at i: Int) -> Bool {
    i >= 0 && i + mark.count <= bytes.count && bytes[i..<i + mark.count].elementsEqual(mark)
  }

  /// The inside of the first quotation in `range` (its marks excluded), when one opens and closes there.
  static func firstQuotation(in bytes: [UInt8], within range: Range<Int>) -> Range<Int>? {
    let upper = min(range.upperBound, bytes.count)
    var i = range.lowerBound
    while i < upper {
      for pair in pairs where has(pair.open, in: bytes, at: i) {
        let start = i + pair.open.count
        var j = start
        while j < upper {
          if let close = pair.close.first(where: { has($0, in: bytes, at: j) }), j + close.count <= upper {
            return start < j && hasLetters(bytes[start..<j]) ? start..<j : nil
          }
          j += 1
        }
        return nil
      }
      i += 1
    }
    return nil
  }

  /// Every quotation in `range`, in order, that opens and closes there: where its opening mark starts, its inside
  /// (marks excluded) and where its closing mark ends. A quotation's inside is not searched for others.
  static func quotations(in bytes: [UInt8], within range: Range<Int>) -> [(start: Int, inner: Range<Int>, end: Int)] {
    var out: [(start: Int, inner: Range<Int>, end: Int)] = []
    let upper = min(range.upperBound, bytes.count)
    var i = max(0, range.lowerBound)
    scanning: while i < upper {
      for pair in pairs where has(pair.open, in: bytes, at: i) {
        let start = i + pair.open.count
        var j = start
        while j < upper {
          if let close = pair.close.first(where: { has($0, in: bytes, at: j) }), j + close.count <= upper {
            if start < j, hasLetters(bytes[start..<j]) { out.append((i, start..<j, j + close.count)) }
            i = j + close.count
            continue scanning
          }
          j += 1
        }
        // An opening mark never closed: the rest may still hold quotations.
        i = start
        continue scanning
      }
      i += 1
    }
    return out
  }

  /// The inside of a quotation whose closing mark is followed by nothing but white space (one line break at most)
  /// up to `end`, and whose opening mark is at or after `lower`.
  static func quotation(in bytes: [UInt8], endingBefore end: Int, notBefore lower: Int) -> Range<Int>? {
    var j = min(end, bytes.count)
    var lineBreaks = 0
    while j > lower, isSpace(bytes[j - 1]) || bytes[j - 1] == 0x0A || bytes[j - 1] == 0x0D {
      if bytes[j - 1] == 0x0A { lineBreaks += 1 }
      j -= 1
    }
    guard lineBreaks <= 1 else { return nil }
    for pair in pairs {
      guard let close = pair.close.first(where: { has($0, in: bytes, at: j - $0.count) }) else { continue }
      let innerEnd = j - close.count
      // Back to the opening mark; an inner quotation with the same asymmetric marks nests.
      var depth = 0
      var k = innerEnd - 1
      while k >= lower {
        if has(pair.open, in: bytes, at: k) {
          if depth == 0 {
            let innerStart = k + pair.open.count
            return innerStart < innerEnd && hasLetters(bytes[innerStart..<innerEnd]) ? innerStart..<innerEnd : nil
          }
          depth -= 1
        } else if pair.open != close, has(close, in: bytes, at: k) {
          depth += 1
        }
        k -= 1
      }
    }
    return nil
  }

  /// Where the words end once a dash (`—`, `–`, `--` or `-`) just before `end` is dropped.
  static func droppingDash(_ bytes: [UInt8], before end: Int, notBefore lower: Int) -> Int {
    for dash: [UInt8] in [[0xE2, 0x80, 0x94], [0xE2, 0x80, 0x93], [0x2D, 0x2D], [0x2D]]
    where end - dash.count >= lower && has(dash, in: bytes, at: end - dash.count) {
      return end - dash.count
    }
    return end
  }

  private static func hasLetters(_ slice: ArraySlice<UInt8>) -> Bool {
    slice.contains { QuoteScalar.isASCIIAlphanumeric($0) || $0 >= 0x80 }
  }
}
