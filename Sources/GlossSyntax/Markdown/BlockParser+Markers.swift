/// Line scanning for the block parser: indentation, container markers and HTML block starts.
extension BlockParser {
  /// The columns of white space at `cursor` (tabs to multiples of 4), the first other byte, and its column.
  func indentation(_ cursor: Int, _ column: Int) -> (indent: Int, first: Int, column: Int) {
    let (first, current) = advance(cursor, column, columns: Int.max - column)
    return (current - column, first, current)
  }

  /// Consumes up to `columns` columns of white space (tabs to multiples of 4).
  func advance(_ cursor: Int, _ column: Int, columns: Int) -> (cursor: Int, column: Int) {
    var index = cursor
    var current = column
    let target = column + columns
    while index < lineEnd && current < target {
      let byte = buffer[index]
      if byte == 0x20 {
        current += 1
      } else if byte == 0x09 {
        current += 4 - current % 4
      } else {
        break
      }
      index += 1
    }
    return (index, current)
  }

  /// The position after a `>` marker and the one optional space that follows it.
  func afterQuoteMarker(_ marker: Int, _ column: Int) -> (Int, Int) {
    let next = marker + 1
    if next < lineEnd && isSpaceOrTab(buffer[next]) { return (next + 1, column + 2) }
    return (next, column + 1)
  }

  func isBlank(from cursor: Int) -> Bool {
    var index = cursor
    while index < lineEnd {
      guard isSpaceOrTab(buffer[index]) else { return false }
      index += 1
    }
    return true
  }

  /// The line's end with trailing spaces and tabs removed (never before `lower`).
  func trimmedEnd(_ lower: Int) -> Int {
    var upper = lineEnd
    while upper > lower && isSpaceOrTab(buffer[upper - 1]) { upper -= 1 }
    return upper
  }

  func isSpaceOrTab(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

  /// Whether a Pandoc definition marker (`:` or `~`, then blanks and text) at `first` opens a definition: right under
  /// a one-line term, or after a blank line that follows one (or follows another definition).
  mutating func isDefinitionMarker(_ first: Int, matched: Int) -> Bool {
    let marker = buffer[first]
    guard marker == UInt8(ascii: ":") || marker == UInt8(ascii: "~"), first + 1 < lineEnd,
      isSpaceOrTab(buffer[first + 1]), !isBlank(from: first + 1)
    else { return false }
    sawLongRangeSyntax = true
    switch leaf {
    case .paragraph:
      return matched == stack.count && paragraphLines.count == 1
    case .none:
      guard matched >= 1, let previous = stack[matched - 1].children.last else { return false }
      switch previous.kind {
      case .definition: return true
      case .paragraph: return !UnsafeBufferPointer(rebasing: buffer[previous.range]).contains(0x0A)
      default: return false
      }
    default:
      return false
    }
  }

  /// A raw LaTeX environment `\begin{name}` at `first` whose `\end{name}` comes later in the note: the name's range.
  mutating func laTeXEnvironmentStart(_ first: Int) -> Range<Int>? {
    let begin = Array("\\begin{".utf8)
    guard first + begin.count < lineEnd, buffer[first] == UInt8(ascii: "\\") else { return nil }
    for offset in 0..<begin.count where buffer[first + offset] != begin[offset] { return nil }
    let nameStart = first + begin.count
    var cursor = nameStart
    while cursor < lineEnd && (ByteClass.isASCIILetter(buffer[cursor]) || buffer[cursor] == UInt8(ascii: "*")) {
      cursor += 1
    }
    guard cursor > nameStart, cursor < lineEnd, buffer[cursor] == UInt8(ascii: "}") else { return nil }
    sawLongRangeSyntax = true
    let name = String(decoding: UnsafeBufferPointer(rebasing: buffer[nameStart..<cursor]), as: UTF8.self)
    if let missing = missingLaTeXEndFrom[name], missing <= first { return nil }
    let close = Array("\\end{\(name)}".utf8)
    var probe = cursor
    while probe + close.count <= buffer.count {
      if buffer[probe] == UInt8(ascii: "\\") {
        var same = true
        for offset in 0..<close.count where buffer[probe + offset] != close[offset] {
          same = false
          break
        }
        if same { return nameStart..<cursor }
      }
      probe += 1
    }
    missingLaTeXEndFrom[name] = first
    return nil
  }

  /// How many `\begin{name}` minus `\end{name}` the line holds from `cursor` (`name` given by its range).
  func laTeXEnvironmentBalance(name: Range<Int>, from cursor: Int) -> Int {
    let nameBytes = Array(UnsafeBufferPointer(rebasing: buffer[name]))
    let begin = Array("\\begin{".utf8) + nameBytes + [UInt8(ascii: "}")]
    let close = Array("\\end{".utf8) + nameBytes + [UInt8(ascii: "}")]
    var balance = 0
    var index = cursor
    while index < lineEnd {
      if buffer[index] == UInt8(ascii: "\\") {
        if matchesLine(begin, at: index) {
          balance += 1
        } else if matchesLine(close, at: index) {
          balance -= 1
        }
      }
      index += 1
    }
    return balance
  }

  private func matchesLine(_ bytes: [UInt8], at index: Int) -> Bool {
    guard index + bytes.count <= lineEnd else { return false }
    for offset in 0..<bytes.count where buffer[index + offset] != bytes[offset] { return false }
    return true
  }

  /// A footnote definition `[^label]:` at `first`: its label and where its content starts.
  func footnoteDefinitionStart(_ first: Int) -> (String, Int)? {
    guard buffer[first] == UInt8(ascii: "["), first + 1 < lineEnd, buffer[first + 1] == UInt8(ascii: "^")
    else { return nil }
    var cursor = first + 2
    while cursor < lineEnd && buffer[cursor] != UInt8(ascii: "]") {
      if isSpaceOrTab(buffer[cursor]) || buffer[cursor] == UInt8(ascii: "[") { return nil }
      cursor += 1
    }
    guard cursor > first + 2, cursor + 1 < lineEnd, buffer[cursor + 1] == UInt8(ascii: ":")
    else { return nil }
    let label = String(decoding: UnsafeBufferPointer(rebasing: buffer[first + 2..<cursor]), as: UTF8.self)
    var after = cursor + 2
    while after < lineEnd && isSpaceOrTab(buffer[after]) { after += 1 }
    return (label, after)
  }

  /// A list marker at `first`: bullet or ordered, the marker byte, and where (and at which column) content starts.
  func listMarker(_ first: Int, _ column: Int, interrupting: Bool) -> (
    ordered: Bool, marker: UInt8, contentOffset: Int, contentColumn: Int
  )? {
    let byte = buffer[first]
    var cursor = first
    var ordered = false
    var marker = byte
    if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "*") {
      if isThematicBreak(first) { return nil }
      cursor += 1
    } else if ByteClass.isDigit(byte) {
      while cursor < lineEnd && cursor - first < 10 && ByteClass.isDigit(buffer[cursor]) { cursor += 1 }
      guard cursor - first <= 9, cursor < lineEnd else { return nil }
      marker = buffer[cursor]
      guard marker == UInt8(ascii: ".") || marker == UInt8(ascii: ")") else { return nil }
      if interrupting && !(cursor - first == 1 && byte == UInt8(ascii: "1")) { return nil }
      ordered = true
      cursor += 1
    } else {
      return nil
    }
    let markerColumn = column + (cursor - first)
    if cursor == lineEnd || isBlank(from: cursor) {
      if interrupting { return nil }
      return (ordered, marker, lineEnd, markerColumn + 1)
    }
    guard isSpaceOrTab(buffer[cursor]) else { return nil }
    let (spaces, contentStart, contentColumn) = indentation(cursor, markerColumn)
    if spaces > 4 {
      return (ordered, marker, cursor + 1, markerColumn + 1)
    }
    return (ordered, marker, contentStart, contentColumn)
  }

  // MARK: HTML blocks

  private static let literalTags: [String] = ["script", "pre", "style", "textarea"]
  private static let blockTags: Set<String> = [
    "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col", "colgroup",
    "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form",
    "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html", "iframe", "legend", "li",
    "link", "main", "menu", "menuitem", "nav", "noframes", "ol", "optgroup", "option", "p", "param", "search",
    "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "title", "tr", "track", "ul",
  ]

  /// CommonMark's HTML block kind (1–7) starting at `first`, or nil.
  func htmlBlockKind(_ first: Int) -> Int? {
    guard buffer[first] == UInt8(ascii: "<"), first + 1 < lineEnd else { return nil }
    let next = buffer[first + 1]
    if next == UInt8(ascii: "!") {
      if hasPrefix("<!--", at: first) { return 2 }
      if hasPrefix("<![CDATA[", at: first) { return 5 }
      return first + 2 < lineEnd && ByteClass.isASCIILetter(buffer[first + 2]) ? 4 : nil
    }
    if next == UInt8(ascii: "?") { return 3 }
    var cursor = first + 1
    let closing = next == UInt8(ascii: "/")
    if closing { cursor += 1 }
    let nameStart = cursor
    while cursor < lineEnd && (ByteClass.isASCIIAlphanumeric(buffer[cursor]) || buffer[cursor] == UInt8(ascii: "-")) {
      cursor += 1
    }
    guard cursor > nameStart, ByteClass.isASCIILetter(buffer[nameStart]) else { return nil }
    let name = String(decoding: UnsafeBufferPointer(rebasing: buffer[nameStart..<cursor]), as: UTF8.self).lowercased()
    let after: UInt8 = cursor < lineEnd ? buffer[cursor] : 0x20
    let endsName = isSpaceOrTab(after) || after == UInt8(ascii: ">")
    if !closing && BlockParser.literalTags.contains(name) && endsName { return 1 }
    if BlockParser.blockTags.contains(name)
      && (endsName || (after == UInt8(ascii: "/") && cursor + 1 < lineEnd && buffer[cursor + 1] == UInt8(ascii: ">")))
    {
      return 6
    }
    // Kind 7: a complete open or closing tag alone on its line (`<foo\+@bar.org>` is no tag: `\` ends no name).
    guard endsName || after == UInt8(ascii: "/") else { return nil }
    var index = cursor
    var quote: UInt8 = 0
    while index < lineEnd {
      let byte = buffer[index]
      if quote != 0 {
        if byte == quote { quote = 0 }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: ">") {
        return isBlank(from: index + 1) ? 7 : nil
      }
      index += 1
    }
    return nil
  }

  /// True when the line from `first` holds HTML tags and white space only (a tag may run on past the line's end).
  func htmlTagsOnly(from first: Int) -> Bool {
    htmlTagScan(from: first, inside: false).tagsOnly
  }

  /// True when the line from `cursor` ends inside an HTML tag (one opened before it when `inside`).
  func htmlLineEndsInsideTag(from cursor: Int, inside: Bool = false) -> Bool {
    htmlTagScan(from: cursor, inside: inside).endsInside
  }

  /// Reads the line from `cursor` as HTML tags: whether it holds nothing else, and whether it ends inside a tag.
  private func htmlTagScan(from cursor: Int, inside: Bool) -> (tagsOnly: Bool, endsInside: Bool) {
    var inTag = inside
    var quote: UInt8 = 0
    var tagsOnly = true
    var index = cursor
    while index < lineEnd {
      let byte = buffer[index]
      if inTag {
        if quote != 0 {
          if byte == quote { quote = 0 }
        } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
          quote = byte
        } else if byte == UInt8(ascii: ">") {
          inTag = false
        }
      } else if byte == UInt8(ascii: "<"), index + 1 < lineEnd,
        ByteClass.isASCIILetter(buffer[index + 1]) || buffer[index + 1] == UInt8(ascii: "/")
          || buffer[index + 1] == UInt8(ascii: "!")
      {
        inTag = true
      } else if !isSpaceOrTab(byte) && byte != 0x0D {
        tagsOnly = false
      }
      index += 1
    }
    return (tagsOnly, inTag)
  }

  /// True when the line holds the end marker of an HTML block of kind 1–5.
  func htmlBlockEnds(kind: Int, from cursor: Int) -> Bool {
    switch kind {
    case 1:
      for index in cursor..<lineEnd
      where buffer[index] == UInt8(ascii: "<") && index + 1 < lineEnd
        && buffer[index + 1] == UInt8(ascii: "/")
      {
        let nameStart = index + 2
        var nameEnd = nameStart
        while nameEnd < lineEnd && ByteClass.isASCIILetter(buffer[nameEnd]) { nameEnd += 1 }
        let name = String(decoding: UnsafeBufferPointer(rebasing: buffer[nameStart..<nameEnd]), as: UTF8.self)
        if BlockParser.literalTags.contains(name.lowercased()) { return true }
      }
      return false
    case 2: return contains("-->", from: cursor)
    case 3: return contains("?>", from: cursor)
    case 4: return contains(">", from: cursor)
    default: return contains("]]>", from: cursor)
    }
  }

  private func hasPrefix(_ literal: String, at index: Int) -> Bool {
    var cursor = index
    for byte in literal.utf8 {
      guard cursor < lineEnd, buffer[cursor] == byte else { return false }
      cursor += 1
    }
    return true
  }

  private func contains(_ literal: String, from cursor: Int) -> Bool {
    var index = cursor
    while index < lineEnd {
      if hasPrefix(literal, at: index) { return true }
      index += 1
    }
    return false
  }
}
