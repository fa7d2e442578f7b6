import Foundation
import GlossSyntax
import Testing

/// `trimming(_:)` removes what Foundation's `trimmingCharacters(in:)` removed with the character sets of the same
/// names.
@Suite struct TrimmingTests {
  static let sets: [(BlankScalars, CharacterSet)] = [
    (.whitespaces, .whitespaces), (.newlines, .newlines), (.whitespacesAndNewlines, .whitespacesAndNewlines),
  ]

  /// Every scalar of Unicode 15 or earlier (the toolchain's Foundation may know an older Unicode).
  @Test func everyScalarIsInTheSetsFoundationPutsItIn() {
    for (blanks, set) in Self.sets {
      var differing: [UInt32] = []
      for value in UInt32(0)...0x10FFFF {
        guard let scalar = Unicode.Scalar(value), let age = scalar.properties.age, age.major <= 15 else { continue }
        if blanks.contains(scalar) != set.contains(scalar) { differing.append(value) }
      }
      #expect(differing == [], "\(blanks)")
    }
  }

  @Test func textsAreTrimmedAsFoundationTrimsThem() {
    let samples = [
      "", " ", "\t\n", "  Tiếng Việt \t", "\u{3000}漢字\u{3000}", "\u{A0}café\u{2003}", "\r\nline\r\n", "\u{2028}x\u{85}",
      " a b ", "e\u{301} ", " \u{301}e", "🦉\n", "\n\t \u{200B}zero width\u{200B} ", "x",
    ]
    for sample in samples {
      for (blanks, set) in Self.sets {
        #expect(
          sample.trimming(blanks) == sample.trimmingCharacters(in: set), "\(blanks) \(Array(sample.unicodeScalars))")
        #expect(Substring(sample).trimming(blanks) == sample.trimmingCharacters(in: set))
      }
    }
  }
}
