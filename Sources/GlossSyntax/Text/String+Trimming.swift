/// The Unicode scalars `trimming(_:)` removes at both ends of a text: Foundation's character sets of the same names.
package enum BlankScalars: Sendable {
  /// Spaces (general category Zs: U+0020, U+00A0, U+3000…), the tab, and the zero width space U+200B (a space in
  /// the older Unicode whose tables Foundation's sets come from).
  case whitespaces
  /// Line ends: U+000A–U+000D, U+0085, U+2028 and U+2029.
  case newlines
  /// Both: general category Z (Zs, Zl, Zp), the tab, U+200B, U+000A–U+000D and U+0085.
  case whitespacesAndNewlines

  /// Whether `scalar` is one of the set.
  package func contains(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    let isNewline = (0x0A...0x0D).contains(value) || value == 0x85 || value == 0x2028 || value == 0x2029
    let isSpace: Bool
    if value < 0x80 {
      isSpace = value == 0x20 || value == 0x09
    } else {
      isSpace = value == 0x200B || scalar.properties.generalCategory == .spaceSeparator
    }
    switch self {
    case .whitespaces: return isSpace
    case .newlines: return isNewline
    case .whitespacesAndNewlines: return isSpace || isNewline
    }
  }
}

extension StringProtocol {
  /// The text without the scalars of `blanks` at its start and end (Foundation's `trimmingCharacters(in:)`).
  package func trimming(_ blanks: BlankScalars) -> String {
    let scalars = Substring(self).unicodeScalars
    guard let first = scalars.firstIndex(where: { !blanks.contains($0) }),
      let last = scalars.lastIndex(where: { !blanks.contains($0) })
    else { return "" }
    return String(scalars[first...last])
  }
}
