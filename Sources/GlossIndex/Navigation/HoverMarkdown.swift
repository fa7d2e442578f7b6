import GlossSyntax

/// Markdown building blocks for hovers and completion documentation: escaped text, author lists, links and bounded
/// excerpts.
enum HoverMarkdown {
  /// The longest excerpt shown, in bytes (cut at a character boundary).
  static let excerptByteLimit = 1_500

  /// `text` with the characters Markdown would read as markup escaped (strikethrough `~` and math `$` too), its line
  /// breaks and tabs made spaces: the one Markdown escape of what Gloss shows in the editor.
  static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\", "`", "*", "_", "[", "]", "<", ">", "#", "|", "~", "$":
        out.append("\\")
        out.unicodeScalars.append(scalar)
      case "\n", "\r", "\t":
        out.append(" ")
      default:
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// `Family, Given; Family, Given; Family, Given et al.`: the first three names, then `et al.` when there are more
  /// (or when BibTeX's `and others` closes the list).
  static func authors(_ people: [PersonName]) -> String? {
    let named = people.filter { !$0.isOthers }
    guard !named.isEmpty else { return nil }
    let shown = named.prefix(3).map(\.invertedName)
    var out = shown.joined(separator: "; ")
    if named.count > 3 || people.contains(where: \.isOthers) { out += " et al." }
    return out
  }

  /// A Markdown link whose destination may hold spaces or parentheses.
  static func link(_ label: String, _ destination: String) -> String {
    let safe = destination.replacingAll("<", with: "%3C").replacingAll(">", with: "%3E").replacingAll(" ", with: "%20")
    return "[\(escape(label))](<\(safe)>)"
  }

  /// The link a DOI stands for: `https://doi.org/…`, unless it is a URL already.
  static func doiURL(_ doi: String) -> String {
    let lower = doi.lowercased()
    if lower.hasPrefix("http://") || lower.hasPrefix("https://") { return doi }
    if lower.hasPrefix("doi:") { return "https://doi.org/" + doi.dropFirst(4) }
    return "https://doi.org/" + doi
  }

  /// Up to `maxLines` lines and `excerptByteLimit` bytes of `bytes[range]`, and whether anything was left out.
  static func excerpt(_ bytes: [UInt8], _ range: Range<Int>, maxLines: Int) -> (text: String, truncated: Bool) {
    var lower = min(max(range.lowerBound, 0), bytes.count)
    let upper = min(max(range.upperBound, lower), bytes.count)
    // Blank lines before the first words are not worth a line of the excerpt.
    while lower < upper, bytes[lower] == 10 || bytes[lower] == 13 || bytes[lower] == 0x0C { lower += 1 }
    var end = min(upper, lower + excerptByteLimit)
    // Back off to a character boundary: never end before a UTF-8 continuation byte.
    while end > lower, end < upper, bytes[end] & 0xC0 == 0x80 { end -= 1 }
    var truncated = end < upper
    var lines = 0
    var index = lower
    while index < end {
      if bytes[index] == 10 || bytes[index] == 0x0C {
        lines += 1
        if lines == maxLines {
          truncated = truncated || index + 1 < upper
          end = index
          break
        }
      }
      index += 1
    }
    var out: [UInt8] = []
    out.reserveCapacity(end - lower)
    for byte in bytes[lower..<end] where byte != 13 {
      // A form feed (a page break) reads as a line break.
      out.append(byte == 0x0C ? 10 : byte)
    }
    while let last = out.last, last == 10 || last == 32 || last == 9 { out.removeLast() }
    return (String(decoding: out, as: UTF8.self), truncated)
  }

  /// `text` in a fenced block long enough not to be closed by a backtick run inside it.
  static func fenced(_ text: String) -> String {
    var longest = 0
    var run = 0
    for byte in text.utf8 {
      run = byte == UInt8(ascii: "`") ? run + 1 : 0
      longest = max(longest, run)
    }
    let fence = String(repeating: "`", count: max(3, longest + 1))
    return "\(fence)text\n\(text)\n\(fence)"
  }

  /// `1 note` / `3 notes`.
  static func count(_ n: Int, _ singular: String, _ plural: String) -> String {
    "\(n) \(n == 1 ? singular : plural)"
  }
}

extension String {
  /// The string with every occurrence of `target` replaced (Foundation-free).
  func replacingAll(_ target: String, with replacement: String) -> String {
    guard !target.isEmpty, contains(target) else { return self }
    return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
