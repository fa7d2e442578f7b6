import GlossSyntax
import TestSupport
import Testing

/// Random edit sequences applied to a `SourceText` and to a plain model made of Unicode scalars.
@Suite struct SourceTextEditTests {
  /// The model: the text as scalars, edited by UTF-8 offsets rounded down to scalar boundaries.
  struct ScalarModel {
    var scalars: [Unicode.Scalar]

    var string: String { String(String.UnicodeScalarView(scalars)) }

    /// The index of the scalar that starts at or last before `offset` (clamped to the text).
    func index(atOrBefore offset: Int) -> Int {
      var byte = 0
      for (index, scalar) in scalars.enumerated() {
        let length = String(scalar).utf8.count
        if byte + length > offset { return index }
        byte += length
      }
      return scalars.count
    }

    mutating func replace(_ range: Range<Int>, with replacement: String) {
      let lower = index(atOrBefore: range.lowerBound)
      let upper = max(lower, index(atOrBefore: range.upperBound))
      scalars.replaceSubrange(lower..<upper, with: Array(replacement.unicodeScalars))
    }
  }

  static let pieces = ["a", "é", "e\u{301}", "漢", "ữ", "😀", "👨‍👩‍👧", "\n", "\r", "\r\n", " ", ""]

  static func randomString(_ generator: inout SeededGenerator, maximum: Int) -> String {
    let length = Int.random(in: 0...maximum, using: &generator)
    return (0..<length).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
  }

  @Test(arguments: [1, 2, 3, 4])
  func randomEditsMatchTheModel(_ seed: Int) {
    var generator = SeededGenerator(seed: UInt64(seed))
    for _ in 0..<150 {
      let start = Self.randomString(&generator, maximum: 20)
      var text = SourceText(start)
      var model = ScalarModel(scalars: Array(start.unicodeScalars))
      for step in 0..<20 {
        let count = text.count
        let lower = Int.random(in: -2...(count + 2), using: &generator)
        let upper = max(lower, min(lower + Int.random(in: 0...8, using: &generator), count + 3))
        let replacement = Self.randomString(&generator, maximum: 4)
        text.replace(lower..<upper, with: replacement)
        model.replace(lower..<upper, with: replacement)
        let expected = SourceText(model.string)
        #expect(text.string == model.string, "step \(step): [\(lower), \(upper)) ← \(replacement.debugDescription)")
        #expect(text.lineStarts == expected.lineStarts, "\(model.string.debugDescription)")
        if text.lineStarts != expected.lineStarts { return }
      }
    }
  }

  @Test func editsThroughPositionsMatchTheModel() {
    var generator = SeededGenerator(seed: 99)
    for _ in 0..<100 {
      let start = Self.randomString(&generator, maximum: 20)
      var text = SourceText(start)
      for _ in 0..<15 {
        let encoding = PositionEncoding.allCases.randomElement(using: &generator) ?? .utf16
        let line = Int.random(in: 0...(text.lineCount), using: &generator)
        let from = TextPosition(line: line, column: Int.random(in: 0...6, using: &generator))
        let to = TextPosition(
          line: line + Int.random(in: 0...1, using: &generator), column: Int.random(in: 0...6, using: &generator))
        let replacement = Self.randomString(&generator, maximum: 3)
        // What an LSP client means: the text before `from`, the replacement, the text after `to`.
        let range = text.range(from: from, to: to, in: encoding)
        let expected = text.text(in: 0..<range.lowerBound) + replacement + text.text(in: range.upperBound..<text.count)
        text.replace(from: from, to: to, in: encoding, with: replacement)
        #expect(text.string == expected)
        #expect(text.lineStarts == SourceText(expected).lineStarts)
      }
    }
  }
}
