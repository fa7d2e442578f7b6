// The standard library's Unicode normalisers: composition is public API (`_nfcCodeUnits`, which Foundation uses
// too), decomposition is behind the `_Unicode` SPI (as FoundationEssentials uses it).
@_spi(_Unicode) import Swift

extension StringProtocol {
  /// The text in Unicode Normalization Form C (canonical decomposition, then canonical composition: `e` + U+0301 →
  /// `é`), as UTF-8.
  package var nfcUTF8: [UInt8] { String(self)._nfcCodeUnits }

  /// The text in Unicode Normalization Form C: Foundation's `precomposedStringWithCanonicalMapping`.
  package var nfc: String { String(decoding: nfcUTF8, as: UTF8.self) }

  /// The text in Unicode Normalization Form D (canonical decomposition: `é` → `e` + U+0301, `ệ` → `e` + U+0323 +
  /// U+0302): Foundation's `decomposedStringWithCanonicalMapping`.
  package var nfd: String {
    var scalars = String.UnicodeScalarView()
    for scalar in String(self)._nfd { scalars.append(scalar) }
    return String(scalars)
  }
}
