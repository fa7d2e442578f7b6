import Foundation
import GlossSyntax
import Testing

/// The folding of names and titles for completion gives what Foundation's case- and diacritic-insensitive folding
/// (then lowercasing) gave.
@Suite struct AccentFoldingTests {
  static func foundation(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
  }

  @Test func namesAndTitlesFoldAsFoundationFoldsThem() {
    let samples = [
      "Nguyễn Thị Minh Khai", "Nguye\u{302}\u{303}n", "Đặng", "Trần Hưng Đạo", "Müller", "Straße", "STRASSE", "Ærø",
      "Łukasiewicz", "Dvořák", "Ångström", "İstanbul", "ıI", "Ölçer", "Σίσυφος", "ΐ", "Чайковский", "Йошкар-Ола",
      "東京大学", "が", "ガ", "ｶﾞ", "한국어", "हिन्दी", "עִבְרִית", "العَرَبِيَّة", "ﬁnal ﬂow", "ŉ", "ǅ", "Ǆ", "K",
      "Ω", "Å", "\u{301}x", "a\u{20DD}", "a\u{903}", "👍🏽 emoji", "plain ascii", "", "MiXeD 2020",
    ]
    for sample in samples {
      #expect(AccentFolding.folded(sample) == Self.foundation(sample), "\(Array(sample.unicodeScalars))")
    }
  }

  /// Every scalar of Unicode 15 or earlier, but the Cyrillic letter variants U+1C80–U+1C88, which Foundation's
  /// (older) case folding leaves as they are and Unicode folds to the ordinary letters (`ᲀ` → `в`).
  @Test func everyScalarFoldsAsFoundationFoldsIt() {
    var differing: [UInt32] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value), let age = scalar.properties.age, age.major <= 15,
        !(0x1C80...0x1C88).contains(value)
      else { continue }
      let text = String(scalar)
      if AccentFolding.folded(text) != Self.foundation(text) { differing.append(value) }
    }
    #expect(differing == [])
  }

  /// Letters of several scripts followed by every nonspacing or enclosing mark of Unicode 15 or earlier.
  @Test func marksAfterALetterFoldAsFoundationFoldsThem() {
    let bases: [Unicode.Scalar] = [
      "a", "Z", "é", "İ", "ß", "α", "Ω", "и", "Й", "ש", "م", "क", "か", "한", "ｶ", "中", "1", "-",
    ]
    var differing: [String] = []
    for value in UInt32(0x300)...0x10FFFF {
      guard let mark = Unicode.Scalar(value), let age = mark.properties.age, age.major <= 15,
        [.nonspacingMark, .enclosingMark].contains(mark.properties.generalCategory)
      else { continue }
      for base in bases {
        var text = String(base)
        text.unicodeScalars.append(mark)
        if AccentFolding.folded(text) != Self.foundation(text) {
          differing.append(String(base.value, radix: 16) + "+" + String(value, radix: 16))
        }
      }
    }
    #expect(differing == [])
  }
}
