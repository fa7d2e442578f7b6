import GlossSyntax
import TestSupport
import Testing

/// A slow model of a text built from Unicode scalars, to check `SourceText` against.
struct NaiveText {
  /// Each line's scalars (without terminator) and the UTF-8 offset where it starts.
  var lines: [(start: Int, scalars: [Unicode.Scalar])] = []
  var count: Int
  var boundaries: Set<Int> = []

  init(_ string: String) {
    let scalars = Array(string.unicodeScalars)
    count = string.utf8.count
    var offset = 0
    var start = 0
    var current: [Unicode.Scalar] = []
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      boundaries.insert(offset)
      offset += String(scalar).utf8.count
      index += 1
      if scalar == "\n" || scalar == "\r" {
        if scalar == "\r" && index < scalars.count && scalars[index] == "\n" {
          offset += 1
          index += 1
        }
        lines.append((start, current))
        start = offset
        current = []
      } else {
        current.append(scalar)
      }
    }
    boundaries.insert(offset)
    lines.append((start, current))
  }

  static func units(_ scalar: Unicode.Scalar, _ encoding: PositionEncoding) -> Int {
    switch encoding {
    case .utf8: return String(scalar).utf8.count
    case .utf16: return String(scalar).utf16.count
    case .utf32: return 1
    }
  }

  func position(of offset: Int, in encoding: PositionEncoding) -> TextPosition {
    let offset = min(max(offset, 0), count)
    for (number, line) in lines.enumerated().reversed() where line.start <= offset {
      var byte = line.start
      var column = 0
      for scalar in line.scalars {
        let length = String(scalar).utf8.count
        if byte + length > offset { break }
        byte += length
        column += Self.units(scalar, encoding)
      }
      return TextPosition(line: number, column: column)
    }
    return TextPosition(line: 0, column: 0)
  }

  func offset(of position: TextPosition, in encoding: PositionEncoding) -> Int {
    if position.line < 0 { return 0 }
    if position.line >= lines.count { return count }
    let line = lines[position.line]
    var byte = line.start
    var column = 0
    for scalar in line.scalars {
      let width = Self.units(scalar, encoding)
      if column + width > position.column { break }
      column += width
      byte += String(scalar).utf8.count
    }
    return byte
  }
}

@Suite struct SourceTextRoundTripTests {
  static let pieces = [
    "a", "Z", " ", "\t", "é", "e\u{301}", "漢", "字", "ệ", "ữ", "😀", "👨‍👩‍👧", "🇻🇳", "\n", "\r", "\r\n", "\n\r",
  ]

  static func randomString(_ generator: inout SeededGenerator, maximum: Int = 30) -> String {
    let length = Int.random(in: 0...maximum, using: &generator)
    return (0..<length).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
  }

  /// Long lines cross many eight-byte words, where the scanners count a word at a time.
  @Test(arguments: PositionEncoding.allCases)
  func longLinesRoundTripThroughEveryOffset(_ encoding: PositionEncoding) {
    var generator = SeededGenerator(seed: 77)
    for _ in 0..<40 {
      let string = (0..<3).map { _ in
        (0..<Int.random(in: 20...120, using: &generator)).map { _ in
          Self.pieces.dropLast(4).randomElement(using: &generator) ?? ""
        }.joined()
      }.joined(separator: "\r\n")
      let text = SourceText(string)
      let model = NaiveText(string)
      for offset in model.boundaries.sorted() where !(offset > 0 && text.bytes[offset - 1] == 0x0D) {
        let position = text.position(of: offset, in: encoding)
        #expect(position == model.position(of: offset, in: encoding))
        #expect(text.offset(of: position, in: encoding) == offset)
      }
      for line in 0..<text.lineCount {
        for column in 0...400 {
          let position = TextPosition(line: line, column: column)
          #expect(text.offset(of: position, in: encoding) == model.offset(of: position, in: encoding))
        }
      }
    }
  }

  @Test(arguments: PositionEncoding.allCases)
  func offsetToPositionToOffsetReturnsTheRoundedOffset(_ encoding: PositionEncoding) {
    var generator = SeededGenerator(seed: 2026)
    for _ in 0..<300 {
      let string = Self.randomString(&generator)
      let text = SourceText(string)
      let model = NaiveText(string)
      #expect(text.lineCount == model.lines.count, "\(string.debugDescription)")
      for offset in -2...(text.count + 2) {
        let position = text.position(of: offset, in: encoding)
        #expect(position == model.position(of: offset, in: encoding), "\(string.debugDescription) @\(offset)")
        let back = text.offset(of: position, in: encoding)
        // Rounding goes down to a scalar boundary that is not inside a CRLF.
        var expected = min(max(offset, 0), text.count)
        while !model.boundaries.contains(expected) { expected -= 1 }
        if expected > 0 && expected < text.count && text.bytes[expected - 1] == 0x0D && text.bytes[expected] == 0x0A {
          expected -= 1
        }
        #expect(back == expected, "\(string.debugDescription) @\(offset)")
      }
    }
  }

  @Test(arguments: PositionEncoding.allCases)
  func positionToOffsetMatchesTheModelEverywhere(_ encoding: PositionEncoding) {
    var generator = SeededGenerator(seed: 11)
    for _ in 0..<200 {
      let string = Self.randomString(&generator)
      let text = SourceText(string)
      let model = NaiveText(string)
      for line in -1...(text.lineCount + 1) {
        for column in -1...(text.count * 2 + 2) {
          let position = TextPosition(line: line, column: column)
          let offset = text.offset(of: position, in: encoding)
          #expect(offset == model.offset(of: position, in: encoding), "\(string.debugDescription) \(position)")
          // A position comes back unchanged or clamped: never further along its line than it was.
          let back = text.position(of: offset, in: encoding)
          if line >= 0 && line < text.lineCount {
            #expect(back.line == line && back.column <= max(column, 0), "\(string.debugDescription) \(position)")
          }
        }
      }
    }
  }
}
