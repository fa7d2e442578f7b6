/// A small YAML reader for project metadata (`_quarto.yml`, `_metadata.yml`, a note's `crossref:` front matter):
/// block mappings and sequences by indentation, flow lists `[a, b]`, plain and quoted scalars, comments.
///
/// Total: what it cannot read it leaves out. Anchors, tags, multi-document streams and flow mappings are not read.
package indirect enum YAMLTree: Hashable, Sendable {
  case scalar(String)
  case list([YAMLTree])
  case map([(key: String, value: YAMLTree)])

  /// Reads `text` as one YAML document.
  package init(parsing text: String) {
    var lines: [(indent: Int, text: Substring)] = []
    for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
      let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
      let content = Self.strippingComment(line)
      guard content.contains(where: { $0 != " " && $0 != "\t" }) else { continue }
      if content == "---" || content == "..." { continue }
      let indent = content.prefix { $0 == " " }.count
      lines.append((indent, content.dropFirst(indent)))
    }
    var index = 0
    self = Self.block(&index, lines, indent: lines.first?.indent ?? 0)
  }

  /// The value at `key` of a mapping.
  package subscript(key: String) -> YAMLTree? {
    guard case .map(let entries) = self else { return nil }
    return entries.first { $0.key == key }?.value
  }

  /// The scalar's text, nil for a list or a mapping.
  package var string: String? {
    if case .scalar(let text) = self { return text }
    return nil
  }

  /// A scalar as a one-item list, a list's scalars, or nothing.
  package var strings: [String] {
    switch self {
    case .scalar(let text): return text.isEmpty ? [] : [text]
    case .list(let items): return items.compactMap(\.string)
    case .map: return []
    }
  }

  package static func == (a: YAMLTree, b: YAMLTree) -> Bool {
    switch (a, b) {
    case (.scalar(let x), .scalar(let y)): return x == y
    case (.list(let x), .list(let y)): return x == y
    case (.map(let x), .map(let y)): return x.map(\.key) == y.map(\.key) && x.map(\.value) == y.map(\.value)
    default: return false
    }
  }

  package func hash(into hasher: inout Hasher) {
    switch self {
    case .scalar(let text): hasher.combine(text)
    case .list(let items): hasher.combine(items)
    case .map(let entries):
      for entry in entries {
        hasher.combine(entry.key)
        hasher.combine(entry.value)
      }
    }
  }

  private typealias Lines = [(indent: Int, text: Substring)]

  /// The block starting at `index` whose lines are indented `indent`.
  private static func block(_ index: inout Int, _ lines: Lines, indent: Int) -> YAMLTree {
    guard index < lines.count else { return .scalar("") }
    if isItem(lines[index].text) { return sequence(&index, lines, indent: indent) }
    var entries: [(key: String, value: YAMLTree)] = []
    while index < lines.count, lines[index].indent == indent, !isItem(lines[index].text) {
      guard let (key, rest) = keyValue(lines[index].text) else {
        index += 1
        continue
      }
      index += 1
      entries.append((key, value(rest, &index, lines, parentIndent: indent)))
    }
    // Lines indented deeper than expected belong to nothing read: skip them.
    while index < lines.count, lines[index].indent > indent { index += 1 }
    return .map(entries)
  }

  private static func sequence(_ index: inout Int, _ lines: Lines, indent: Int) -> YAMLTree {
    var items: [YAMLTree] = []
    while index < lines.count, lines[index].indent == indent, isItem(lines[index].text) {
      let rest = lines[index].text.dropFirst().drop { $0 == " " }
      let itemIndent = indent + (lines[index].text.count - rest.count)
      if rest.isEmpty {
        index += 1
        items.append(
          index < lines.count && lines[index].indent > indent
            ? block(&index, lines, indent: lines[index].indent) : .scalar(""))
      } else if keyValue(rest) != nil, !rest.hasPrefix("\""), !rest.hasPrefix("'"), !rest.hasPrefix("[") {
        // `- key: value` starts a mapping whose other keys are indented as `key`.
        var sub = lines
        sub[index] = (itemIndent, rest)
        items.append(block(&index, sub, indent: itemIndent))
      } else {
        index += 1
        items.append(scalarOrFlow(rest))
      }
    }
    return .list(items)
  }

  private static func value(_ rest: Substring, _ index: inout Int, _ lines: Lines, parentIndent: Int) -> YAMLTree {
    let trimmed = rest.drop { $0 == " " }
    if trimmed.isEmpty || trimmed == "|" || trimmed == ">" || trimmed == "|-" || trimmed == ">-" {
      guard index < lines.count else { return .scalar("") }
      let next = lines[index]
      if trimmed.isEmpty, next.indent > parentIndent || (next.indent == parentIndent && isItem(next.text)) {
        return block(&index, lines, indent: next.indent)
      }
      var parts: [Substring] = []
      while index < lines.count, lines[index].indent > parentIndent {
        parts.append(lines[index].text)
        index += 1
      }
      return .scalar(parts.joined(separator: trimmed.hasPrefix("|") ? "\n" : " "))
    }
    return scalarOrFlow(trimmed)
  }

  private static func scalarOrFlow(_ text: Substring) -> YAMLTree {
    let text = text.trimmingCharacters(" \t")
    if text.hasPrefix("["), text.hasSuffix("]") {
      return .list(
        text.dropFirst().dropLast().split(separator: ",").map { .scalar(unquoted($0.trimmingCharacters(" \t"))) }
          .filter { $0 != .scalar("") })
    }
    return .scalar(unquoted(text))
  }

  private static func unquoted(_ text: Substring) -> String {
    guard text.count >= 2, let first = text.first, first == "\"" || first == "'", text.last == first else {
      return String(text)
    }
    let inner = text.dropFirst().dropLast()
    if first == "'" { return inner.replacingOccurrences(of: "''", with: "'") }
    return inner.replacingOccurrences(of: "\\\"", with: "\"")
  }

  private static func isItem(_ text: Substring) -> Bool {
    text == "-" || text.hasPrefix("- ")
  }

  /// `key: rest` when the line holds a key (a colon followed by a blank or the end).
  private static func keyValue(_ text: Substring) -> (String, Substring)? {
    var index = text.startIndex
    var quote: Character?
    while index < text.endIndex {
      let c = text[index]
      if let q = quote {
        if c == q { quote = nil }
      } else if c == "\"" || c == "'", index == text.startIndex {
        quote = c
      } else if c == ":" {
        let after = text.index(after: index)
        if after == text.endIndex || text[after] == " " || text[after] == "\t" {
          let key = unquoted(text[..<index].trimmingCharacters(" \t"))
          return key.isEmpty ? nil : (key, text[after...])
        }
      }
      index = text.index(after: index)
    }
    return nil
  }

  /// The line without a `#` comment (one at the start or after a blank, outside quotes).
  private static func strippingComment(_ line: Substring) -> Substring {
    var quote: Character?
    var previous: Character = " "
    for index in line.indices {
      let c = line[index]
      if let q = quote {
        if c == q { quote = nil }
      } else if c == "\"" || c == "'" {
        if previous == " " || previous == ":" || previous == "[" || previous == "," || previous == "-" { quote = c }
      } else if c == "#", previous == " " || previous == "\t" {
        return line[..<index]
      }
      previous = c
    }
    return line
  }
}

extension Substring {
  fileprivate func trimmingCharacters(_ set: String) -> Substring {
    var s = self
    while let first = s.first, set.contains(first) { s = s.dropFirst() }
    while let last = s.last, set.contains(last) { s = s.dropLast() }
    return s
  }

  fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
    var out = ""
    var rest = self[...]
    while let range = rest.firstRange(of: target) {
      out += rest[..<range.lowerBound]
      out += replacement
      rest = rest[range.upperBound...]
    }
    return out + rest
  }
}
