import Foundation
import GlossSyntax
import Testing

/// The standard library's normalisers (`String.nfc`, `String.nfd`) give what Foundation's did.
@Suite struct NormalizationTests {
  static let samples = [
    // Accented Latin, precomposed and decomposed.
    "café", "cafe\u{301}", "Ångström", "A\u{30A}ngstro\u{308}m", "naïve façade", "Dvořák", "Łódź", "Øre",
    // Vietnamese: stacked diacritics, decomposed in both orders of their marks.
    "Tiếng Việt", "Tie\u{302}\u{301}ng Vie\u{323}\u{302}t", "Tie\u{301}\u{302}ng Vie\u{302}\u{323}t", "o\u{31B}\u{309}",
    "ở", "ệ", "Nguyễn", "Nguye\u{302}\u{303}n",
    // Hangul: syllables and conjoining jamo.
    "한국어", "\u{1112}\u{1161}\u{11AB}\u{1100}\u{116E}\u{11A8}", "\u{1100}\u{1161}", "\u{AC00}\u{11A8}",
    // CJK, with compatibility ideographs (which NFC replaces).
    "漢字", "日本語の本", "\u{F900}\u{F91D}", "が", "か\u{3099}",
    // Emoji with skin tones, zero-width joiners, flags and keycaps.
    "👍🏽", "👩‍👩‍👧‍👦", "🧑🏿‍🚀", "🇻🇳", "1️⃣", "❤️‍🔥",
    // Combining sequences out of canonical order; singletons; Greek and Cyrillic.
    "a\u{301}\u{323}", "a\u{323}\u{301}", "q\u{307}\u{323}", "\u{212B}", "\u{2126}", "ΐ", "й", "и\u{306}",
    "\u{1E9B}\u{323}", "", "plain ASCII text",
  ]

  @Test func nfcIsFoundationsPrecomposedString() {
    for sample in Self.samples where sample != Self.syllableAndFinalJamo {
      let expected = sample.precomposedStringWithCanonicalMapping
      #expect(sample.nfc.unicodeScalars.elementsEqual(expected.unicodeScalars), "\(sample.unicodeScalars.map(\.value))")
      #expect(sample.nfcUTF8 == Array(expected.utf8))
    }
  }

  /// A Hangul syllable without a final consonant followed by a conjoining final consonant: Unicode composes them into
  /// one syllable (`가` + `ᆨ` → `각`), which Foundation's normaliser on Linux did not do.
  static let syllableAndFinalJamo = "\u{AC00}\u{11A8}"

  @Test func aHangulSyllableAndAFinalJamoAreComposedAsUnicodeSays() {
    #expect(Self.syllableAndFinalJamo.nfc == "\u{AC01}")
    #expect(Self.syllableAndFinalJamo.nfc.unicodeScalars.count == 1)
    #expect("\u{1100}\u{1161}\u{11A8}".nfc.unicodeScalars.map(\.value) == [0xAC01])
    #expect(Self.syllableAndFinalJamo.nfd.unicodeScalars.map(\.value) == [0x1100, 0x1161, 0x11A8])
  }

  @Test func nfdIsFoundationsDecomposedString() {
    for sample in Self.samples {
      let expected = sample.decomposedStringWithCanonicalMapping
      #expect(sample.nfd.unicodeScalars.elementsEqual(expected.unicodeScalars), "\(sample.unicodeScalars.map(\.value))")
    }
  }

  /// Every scalar of Unicode 15 or earlier (the toolchain's Foundation may know an older Unicode than the standard
  /// library, so later scalars are left out).
  @Test func everyScalarIsNormalisedAsFoundationDoes() {
    var differing: [UInt32] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value), let age = scalar.properties.age, age.major <= 15 else { continue }
      let text = String(scalar)
      if !text.nfc.unicodeScalars.elementsEqual(text.precomposedStringWithCanonicalMapping.unicodeScalars)
        || !text.nfd.unicodeScalars.elementsEqual(text.decomposedStringWithCanonicalMapping.unicodeScalars)
      {
        differing.append(value)
      }
    }
    #expect(differing == [])
  }
}
