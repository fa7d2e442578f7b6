import GlossSyntax

/// Escaping for the HTML export: every piece of note text goes through here, and URLs are kept only when safe.
enum HTMLEscaping {
  /// `text` with `&`, `<`, `>`, `"` and `'` escaped (safe in text and in quoted attributes).
  static func escaped(_ text: some StringProtocol) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: out.append(character)
      }
    }
    return out
  }

  /// `url` without whitespace and control characters when its scheme is `http`, `https` or `mailto`, or it has no
  /// scheme (a relative link); nil for anything else (`javascript:`, `data:`, `vbscript:`, …).
  static func safeURL(_ url: String) -> String? {
    // Browsers ignore tabs, line breaks and other control characters inside a scheme, so they go before the check.
    let cleaned = String(String.UnicodeScalarView(url.unicodeScalars.filter { $0.value > 0x20 && $0.value != 0x7F }))
    guard !cleaned.isEmpty else { return nil }
    if let colon = cleaned.firstIndex(of: ":") {
      let head = cleaned[..<colon]
      if !head.contains(where: { "/?#".contains($0) }) {
        return ["http", "https", "mailto"].contains(head.lowercased()) ? cleaned : nil
      }
    }
    return cleaned
  }

  /// Inline Markdown of plain text (code spans, strong and emphasis, backslash escapes) as escaped HTML.
  static func inline(_ text: String) -> String {
    let characters = Array(text)
    var out = ""
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == "\\", index + 1 < characters.count,
        characters[index + 1].isPunctuation
          || characters[index + 1].isSymbol
      {
        out += escaped(String(characters[index + 1]))
        index += 2
        continue
      }
      if character == "`" {
        var run = 0
        while index + run < characters.count, characters[index + run] == "`" { run += 1 }
        if let close = find(characters, run: Array(repeating: "`", count: run), from: index + run) {
          let code = String(characters[(index + run)..<close]).trimming(.whitespaces)
          out += "<code>" + escaped(code) + "</code>"
          index = close + run
          continue
        }
        out += String(repeating: "`", count: run)
        index += run
        continue
      }
      if character == "*" || character == "_" {
        let double = index + 1 < characters.count && characters[index + 1] == character
        let marker: [Character] = double ? [character, character] : [character]
        let start = index + marker.count
        let wordBefore = index > 0 && (characters[index - 1].isLetter || characters[index - 1].isNumber)
        if !(character == "_" && wordBefore), start < characters.count, !characters[start].isWhitespace,
          let close = find(characters, run: marker, from: start), close > start, !characters[close - 1].isWhitespace
        {
          let tag = double ? "strong" : "em"
          out += "<\(tag)>" + inline(String(characters[start..<close])) + "</\(tag)>"
          index = close + marker.count
          continue
        }
      }
      out += escaped(String(character))
      index += 1
    }
    return out
  }

  /// The first index at or after `from` where `run` occurs.
  private static func find(_ characters: [Character], run: [Character], from: Int) -> Int? {
    guard !run.isEmpty, from + run.count <= characters.count else { return nil }
    for index in from...(characters.count - run.count) where Array(characters[index..<(index + run.count)]) == run {
      return index
    }
    return nil
  }
}
