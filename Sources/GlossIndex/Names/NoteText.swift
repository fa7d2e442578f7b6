#if canImport(FoundationEssentials)
  package import FoundationEssentials
#else
  package import Foundation
#endif

/// Pieces of note text the commands write: YAML front matter scalars and lists, and ISO 8601 dates.
package enum NoteText {
  /// A front-matter block from `entries` (values already written as YAML), ending with a line break.
  package static func frontMatter(_ entries: [(key: String, value: String)]) -> String {
    var text = "---\n"
    for entry in entries { text += "\(entry.key): \(entry.value)\n" }
    return text + "---\n"
  }

  /// `value` as a YAML scalar: plain when every YAML reader reads it back as the same string, else double-quoted
  /// with escapes. The one YAML scalar writer of the commands that write front matter (quick fixes, save as note,
  /// exports).
  ///
  /// Quoted: the empty string; white space at either end; a first character YAML reads as an indicator
  /// (`` -?:,[]{}#&*!|>'"%@` ``); `:` and `#` anywhere (`a: b` is a mapping, `a #b` a comment); a value read as a
  /// boolean or null (`yes`, `No`, `on`, `y`, `null`, `~`, in YAML 1.1 or 1.2); one word starting with a digit, `.`
  /// or `+` (a number, a date, `.inf`); ASCII other than letters, digits and `` -.,()/'_+;=?~ ``; control
  /// characters, line and paragraph separators, the byte-order mark.
  package static func yamlScalar(_ value: String) -> String {
    if isPlainYAML(value) { return value }
    var quoted = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": quoted += "\\\""
      case "\\": quoted += "\\\\"
      case "\n": quoted += "\\n"
      case "\t": quoted += "\\t"
      case "\r": quoted += "\\r"
      default:
        if scalar.properties.generalCategory == .control {
          quoted += "\\x" + String(scalar.value, radix: 16).leftPadded(to: 2)
        } else if scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.value == 0xFEFF {
          quoted += "\\u" + String(scalar.value, radix: 16).uppercased()
        } else {
          quoted.unicodeScalars.append(scalar)
        }
      }
    }
    return quoted + "\""
  }

  /// Whether `value` reads back as itself written plain (see `yamlScalar`).
  private static func isPlainYAML(_ value: String) -> Bool {
    guard let first = value.unicodeScalars.first, let last = value.unicodeScalars.last,
      !first.properties.isWhitespace, !last.properties.isWhitespace,
      !"-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first)
    else { return false }
    let safe = value.unicodeScalars.allSatisfy { scalar in
      scalar.value >= 0x80
        ? scalar.properties.generalCategory != .control && scalar.value != 0x2028 && scalar.value != 0x2029
          && scalar.value != 0xFEFF
        : (scalar.properties.isAlphabetic || scalar.properties.numericType != nil
          || " -.,()/'_+;=?~".unicodeScalars.contains(scalar))
    }
    guard safe else { return false }
    if ["true", "false", "yes", "no", "on", "off", "y", "n", "null", "~"].contains(value.lowercased()) { return false }
    // A number, a date or `.inf` in some YAML: one word starting with a digit, a point or a plus.
    let startsLikeNumber = first.value &- 0x30 < 10 || first == "." || first == "+"
    return !(startsLikeNumber && !value.contains(" "))
  }

  /// `values` as a YAML flow list (`[a, "b c"]`).
  package static func yamlList(_ values: [String]) -> String {
    "["
      + values.map { value in
        let scalar = yamlScalar(value)
        // Commas and brackets end items in a flow list, so such values are quoted.
        return scalar.hasPrefix("\"") || !value.contains(where: { ",[]{}".contains($0) }) ? scalar : "\"\(value)\""
      }.joined(separator: ", ") + "]"
  }

  /// `date` in ISO 8601 (UTC, seconds): `2026-09-21T08:53:20Z`.
  package static func iso8601(_ date: Date) -> String {
    Date.ISO8601FormatStyle(timeZone: .gmt).format(date)
  }
}

extension String {
  /// The string with leading zeros up to `width` characters.
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
