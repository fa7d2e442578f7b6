import Foundation
import GlossSyntax

/// Compact, line-per-fact dumps of parsed bibliographies for comparing in tests.
enum BibliographyDump {
  /// One line per entry (`@article smith2020 key[9..18) [0..120)`), its main values indented, then problems.
  static func dump(_ bibliography: Bibliography, bytes: [UInt8], ranges: Bool = false) -> String {
    var lines: [String] = []
    for entry in bibliography.entries {
      var head = "@\(entry.type) \(entry.key)"
      if ranges { head += " key\(show(entry.keyRange)) \(show(entry.range))" }
      lines.append(head)
      let fullDate = entry.date.map(\.description).flatMap { $0 == entry.year ? nil : $0 }
      let values: [(String, String?)] = [
        ("title", entry.title), ("year", entry.year), ("date", fullDate),
        ("container", entry.containerTitle),
        ("volume", entry.volume), ("issue", entry.issue), ("pages", entry.pages), ("publisher", entry.publisher),
        ("url", entry.url), ("doi", entry.doi),
      ]
      for (name, value) in values {
        if let value { lines.append("  \(name) \(quoted(value))") }
      }
      if !entry.authors.isEmpty { lines.append("  author " + entry.authors.map(show).joined(separator: " | ")) }
      if !entry.editors.isEmpty { lines.append("  editor " + entry.editors.map(show).joined(separator: " | ")) }
      if !entry.files.isEmpty { lines.append("  files " + entry.files.map(quoted).joined(separator: " ")) }
    }
    for problem in bibliography.problems {
      let text = String(decoding: bytes[clamped(problem.range, bytes.count)], as: UTF8.self)
      lines.append("problem \(show(problem.range)) \(quoted(text)): \(problem.message)")
    }
    return lines.joined(separator: "\n")
  }

  /// `Family, Given` (with `, Suffix`), a non-dropping particle before the family (`van der Berg`), a dropping
  /// one last in parentheses (`Beethoven, Ludwig (van)`), or `{literal}`.
  static func show(_ name: PersonName) -> String {
    if let literal = name.literal { return "{\(literal)}" }
    var text = name.citedFamily ?? ""
    if let suffix = name.suffix { text += ", \(suffix)" }
    if let given = name.given { text += ", \(given)" }
    if let particle = name.droppingParticle { text += " (\(particle))" }
    return text
  }

  static func show(_ range: Range<Int>) -> String { "[\(range.lowerBound)..\(range.upperBound))" }

  static func quoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\u{00A0}", with: "⍽").replacingOccurrences(of: "\n", with: "\\n") + "\""
  }

  static func clamped(_ range: Range<Int>, _ count: Int) -> Range<Int> {
    min(max(range.lowerBound, 0), count)..<min(max(range.upperBound, 0), count)
  }

  /// Fixture text with `⏩…⏪` range markers removed, and the UTF-8 ranges they marked.
  static func marked(_ text: String) -> (bytes: [UInt8], ranges: [Range<Int>]) {
    var bytes: [UInt8] = []
    var ranges: [Range<Int>] = []
    var start = 0
    for scalar in text.unicodeScalars {
      if scalar == "⏩" {
        start = bytes.count
      } else if scalar == "⏪" {
        ranges.append(start..<bytes.count)
      } else {
        bytes.append(contentsOf: String(scalar).utf8)
      }
    }
    return (bytes, ranges)
  }
}
