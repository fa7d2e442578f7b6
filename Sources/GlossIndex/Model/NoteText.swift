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

  /// `value` as a YAML scalar: plain when that reads back the same, else double-quoted with escapes.
  package static func yamlScalar(_ value: String) -> String {
    let plainSafe = value.unicodeScalars.allSatisfy { scalar in
      scalar.value >= 0x80
        ? scalar.properties.generalCategory != .control && scalar.value != 0x2028
          && scalar.value != 0x2029
        : (scalar.properties.isAlphabetic || scalar.properties.numericType != nil
          || " -.,()/'".unicodeScalars.contains(scalar))
    }
    if plainSafe, let first = value.unicodeScalars.first, first != " ", first != "-", first != "'",
      value.last != " ", !value.isEmpty, !["true", "false", "null", "yes", "no", "~"].contains(value.lowercased())
    {
      return value
    }
    var quoted = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": quoted += "\\\""
      case "\\": quoted += "\\\\"
      case "\n": quoted += "\\n"
      case "\t": quoted += "\\t"
      case "\r": quoted += "\\r"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          quoted += "\\x" + String(scalar.value, radix: 16).leftPadded(to: 2)
        } else {
          quoted.unicodeScalars.append(scalar)
        }
      }
    }
    return quoted + "\""
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
