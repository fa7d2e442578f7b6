import GlossSyntax

/// What a new key, tag or file name may be, and how names are written into links, YAML and file names.
package enum NameRules {
  /// Whether `key` reads back as exactly that key in `[@key]` and in-text `@key` (Pandoc's key characters: a
  /// letter, digit or `_`, then alphanumerics, `_` and internal `:.#$%&-+?<>~/`).
  package static func isValidCitationKey(_ key: String) -> Bool {
    guard !key.isEmpty, !key.utf8.contains(where: { $0 <= 32 || $0 == UInt8(ascii: "@") }) else { return false }
    // The note parser agrees with Pandoc on every corpus case, so it is the judge rather than a second rule set.
    for text in ["[@\(key)]", "x @\(key) x"] {
      let note = Note(parsing: Array(text.utf8))
      guard note.citations.count == 1, note.citations[0].items.count == 1, note.citations[0].items[0].key == key
      else { return false }
    }
    return true
  }

  /// Whether `tag` (without `#`) reads back as that one tag (letters, digits, `_`, `-`, `/`; one non-digit).
  package static func isValidTag(_ tag: String) -> Bool {
    guard !tag.isEmpty, !tag.hasPrefix("#") else { return false }
    let tags = Note(parsing: Array("x #\(tag) x".utf8)).tags
    return tags.count == 1 && tags[0].name == tag
  }

  /// Whether `text` can be a heading's text: one line, not empty.
  package static func isValidHeadingText(_ text: String) -> Bool {
    !text.trimmingSpaces().isEmpty && !text.utf8.contains(where: { $0 == 10 || $0 == 13 })
  }

  /// `name` made safe as one file name component: no separators, control characters or characters Windows
  /// forbids, no leading dot, never `.` or `..`; empty when nothing usable is left.
  package static func safeFileName(_ name: String) -> String {
    var out = String.UnicodeScalarView()
    for scalar in name.unicodeScalars {
      switch scalar {
      case "/", "\\", ":", "*", "?", "\"", "<", ">", "|": out.append("-")
      default:
        if scalar.value < 32 || scalar.value == 127 { continue }
        out.append(scalar)
      }
    }
    var result = String(out).trimmingSpaces()
    while result.hasPrefix(".") { result.removeFirst() }
    return result
  }

  /// The path of `path` relative to `folder` (both root-relative), with `..` where needed.
  package static func relativePath(from folder: String, to path: String) -> String {
    let from = folder.split(separator: "/")
    let to = path.split(separator: "/")
    var common = 0
    while common < from.count, common < to.count - 1, from[common] == to[common] { common += 1 }
    let ups = Array(repeating: "..", count: from.count - common)
    return (ups + to[common...].map(String.init)).joined(separator: "/")
  }

  /// A path written as a Markdown link destination: spaces, parentheses, `%`, `#`, `<`, `>` and controls escaped.
  package static func markdownDestination(_ path: String) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(path.utf8.count)
    for byte in path.utf8 {
      switch byte {
      case 0...32, 127, UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "%"), UInt8(ascii: "#"), UInt8(ascii: "<"),
        UInt8(ascii: ">"), UInt8(ascii: "\\"):
        out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
      default:
        out.append(byte)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}
