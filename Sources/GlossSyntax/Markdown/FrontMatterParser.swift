/// Reads the lines between the front-matter fences as the YAML subset of docs/citations-and-quotations.md.
struct FrontMatterParser {
  let buffer: UnsafeBufferPointer<UInt8>
  let lines: [FrontMatterLine]
  var entries: [FrontMatterEntry] = []
  var problems: [SyntaxProblem] = []
  private var lineIndex = 0

  init(buffer: UnsafeBufferPointer<UInt8>, lines: [FrontMatterLine]) {
    self.buffer = buffer
    self.lines = lines
  }

  /// Reads every top-level entry, recording unreadable lines as problems.
  mutating func parseEntries() {
    var seenKeys: Set<String> = []
    while lineIndex < lines.count {
      let line = lines[lineIndex].content
      lineIndex += 1
      let first = skipBlanks(from: line.lowerBound, to: line.upperBound)
      let end = trimmedEnd(line.lowerBound..<line.upperBound)
      if first >= end || buffer[first] == UInt8(ascii: "#") { continue }
      if first > line.lowerBound {
        problems.append(SyntaxProblem(range: first..<end, message: "unexpected indentation in front matter"))
        continue
      }
      if buffer[first] == UInt8(ascii: "-") && (first + 1 == end || isBlank(buffer[first + 1])) {
        problems.append(SyntaxProblem(range: first..<end, message: "list item without a key in front matter"))
        continue
      }
      guard let (keyText, keyRange, colon) = readKey(first..<end) else {
        problems.append(SyntaxProblem(range: first..<end, message: "expected 'key: value' in front matter"))
        continue
      }
      // `'' :` or `"":` (the quotes, up to the colon).
      guard !keyText.isEmpty else {
        problems.append(SyntaxProblem(range: first..<trimmedEnd(first..<colon), message: "empty key in front matter"))
        continue
      }
      if !seenKeys.insert(keyText).inserted {
        problems.append(SyntaxProblem(range: keyRange, message: "duplicate front-matter key '\(keyText)'"))
      }
      let value = readValue(after: colon + 1, lineEnd: end)
      entries.append(FrontMatterEntry(key: keyText, keyRange: keyRange, value: value))
    }
  }

  // MARK: Keys and values

  /// The key before the first `:` that is followed by a blank or the end of the line.
  private func readKey(_ line: Range<Int>) -> (String, Range<Int>, Int)? {
    let quote = buffer[line.lowerBound]
    if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
      let quoted = readQuoted(from: line.lowerBound, lineEnd: line.upperBound)
      guard !quoted.unterminated else { return nil }
      let colon = skipBlanks(from: quoted.end, to: line.upperBound)
      guard colon < line.upperBound, buffer[colon] == UInt8(ascii: ":") else { return nil }
      guard colon + 1 == line.upperBound || isBlank(buffer[colon + 1]) else { return nil }
      return (quoted.text, quoted.range, colon)
    }
    var index = line.lowerBound
    while index < line.upperBound {
      if buffer[index] == UInt8(ascii: ":") && (index + 1 == line.upperBound || isBlank(buffer[index + 1])) {
        let keyRange = line.lowerBound..<trimmedEnd(line.lowerBound..<index)
        guard !keyRange.isEmpty else { return nil }
        return (text(keyRange), keyRange, index)
      }
      index += 1
    }
    return nil
  }

  /// The value after a key's colon, reading the following lines for block lists, block scalars and folding.
  private mutating func readValue(after start: Int, lineEnd: Int) -> FrontMatterValue {
    let first = skipBlanks(from: start, to: lineEnd)
    if first >= lineEnd || buffer[first] == UInt8(ascii: "#") {
      return readBlockList(emptyAt: start)
    }
    switch buffer[first] {
    case UInt8(ascii: "["):
      return readFlowList(from: first, lineEnd: lineEnd)
    case UInt8(ascii: "|"), UInt8(ascii: ">"):
      return readBlockScalar(folded: buffer[first] == UInt8(ascii: ">"), emptyAt: lineEnd)
    default:
      guard let scalar = readScalar(first..<lineEnd) else { return .scalar("", first..<first) }
      if buffer[first] == UInt8(ascii: "\"") || buffer[first] == UInt8(ascii: "'") {
        return .scalar(scalar.0, scalar.1)
      }
      return foldPlainContinuation(scalar.0, scalar.1)
    }
  }

  /// One scalar (quoted or plain, comment stripped) filling `range`, or nil after recording a problem.
  private mutating func readScalar(_ range: Range<Int>) -> (String, Range<Int>)? {
    let first = range.lowerBound
    if buffer[first] == UInt8(ascii: "\"") || buffer[first] == UInt8(ascii: "'") {
      let quoted = readQuoted(from: first, lineEnd: range.upperBound)
      if quoted.unterminated {
        let name = buffer[first] == UInt8(ascii: "\"") ? "double" : "single"
        problems.append(SyntaxProblem(range: first..<range.upperBound, message: "unterminated \(name)-quoted value"))
        return nil
      }
      let rest = skipBlanks(from: quoted.end, to: range.upperBound)
      if rest < range.upperBound && buffer[rest] != UInt8(ascii: "#") {
        let extra = rest..<trimmedEnd(rest..<range.upperBound)
        problems.append(SyntaxProblem(range: extra, message: "unexpected text after a quoted value"))
      }
      return (quoted.text, quoted.range)
    }
    let plain = first..<plainEnd(first..<range.upperBound)
    return (text(plain), plain)
  }

  /// Joins more-indented lines that continue a plain scalar, as YAML folds them.
  private mutating func foldPlainContinuation(_ value: String, _ range: Range<Int>) -> FrontMatterValue {
    var value = value
    var upper = range.upperBound
    while lineIndex < lines.count {
      let line = lines[lineIndex].content
      let first = skipBlanks(from: line.lowerBound, to: line.upperBound)
      guard first > line.lowerBound, first < line.upperBound, buffer[first] != UInt8(ascii: "#") else { break }
      let end = plainEnd(first..<line.upperBound)
      value += " " + text(first..<end)
      upper = end
      lineIndex += 1
    }
    return .scalar(value, range.lowerBound..<upper)
  }

  /// Block-list items (`- a`) on the following lines; other indented lines (a nested map) are skipped.
  private mutating func readBlockList(emptyAt position: Int) -> FrontMatterValue {
    var items: [FrontMatterItem] = []
    while lineIndex < lines.count {
      let line = lines[lineIndex].content
      let first = skipBlanks(from: line.lowerBound, to: line.upperBound)
      let end = trimmedEnd(line)
      if first >= end || buffer[first] == UInt8(ascii: "#") {
        lineIndex += 1
        continue
      }
      let isItem = buffer[first] == UInt8(ascii: "-") && (first + 1 == end || isBlank(buffer[first + 1]))
      guard isItem || first > line.lowerBound else { break }
      lineIndex += 1
      guard isItem else { continue }
      let itemStart = skipBlanks(from: first + 1, to: end)
      if itemStart >= end || buffer[itemStart] == UInt8(ascii: "#") {
        items.append(FrontMatterItem(text: "", range: itemStart..<itemStart))
      } else if let scalar = readScalar(itemStart..<end) {
        items.append(FrontMatterItem(text: scalar.0, range: scalar.1))
      }
    }
    return items.isEmpty ? .scalar("", position..<position) : .list(items)
  }

  /// A `|` or `>` block scalar: the more-indented lines that follow, joined by newlines or spaces.
  private mutating func readBlockScalar(folded: Bool, emptyAt position: Int) -> FrontMatterValue {
    var parts: [String] = []
    var range: Range<Int>?
    while lineIndex < lines.count {
      let line = lines[lineIndex].content
      let first = skipBlanks(from: line.lowerBound, to: line.upperBound)
      let end = trimmedEnd(line)
      if first < end && first == line.lowerBound { break }
      lineIndex += 1
      guard first < end else { continue }
      parts.append(text(first..<end))
      range = (range?.lowerBound ?? first)..<end
    }
    guard let range else { return .scalar("", position..<position) }
    return .scalar(parts.joined(separator: folded ? " " : "\n"), range)
  }

  /// A flow list `[a, "b c", d]`, continued on more-indented lines until its `]`.
  private mutating func readFlowList(from open: Int, lineEnd: Int) -> FrontMatterValue {
    var items: [FrontMatterItem] = []
    var index = open + 1
    var end = lineEnd
    var expectingItem = true
    while true {
      index = skipBlanks(from: index, to: end)
      if index >= end || buffer[index] == UInt8(ascii: "#") {
        // The list goes on to the next line only when that line is indented.
        guard lineIndex < lines.count else { break }
        let line = lines[lineIndex].content
        let first = skipBlanks(from: line.lowerBound, to: line.upperBound)
        guard first > line.lowerBound || first >= line.upperBound else { break }
        lineIndex += 1
        index = first
        end = trimmedEnd(line)
        continue
      }
      let byte = buffer[index]
      if byte == UInt8(ascii: "]") {
        let rest = skipBlanks(from: index + 1, to: end)
        if rest < end && buffer[rest] != UInt8(ascii: "#") {
          problems.append(SyntaxProblem(range: rest..<end, message: "unexpected text after a flow list"))
        }
        return .list(items)
      }
      if byte == UInt8(ascii: ",") {
        if expectingItem { items.append(FrontMatterItem(text: "", range: index..<index)) }
        expectingItem = true
        index += 1
        continue
      }
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        let quoted = readQuoted(from: index, lineEnd: end)
        if quoted.unterminated {
          problems.append(SyntaxProblem(range: index..<end, message: "unterminated quoted item in a flow list"))
          return .list(items)
        }
        items.append(FrontMatterItem(text: quoted.text, range: quoted.range))
        index = quoted.end
      } else {
        var stop = index
        while stop < end && buffer[stop] != UInt8(ascii: ",") && buffer[stop] != UInt8(ascii: "]") {
          if buffer[stop] == UInt8(ascii: "#") && isBlank(buffer[stop - 1]) { break }
          stop += 1
        }
        let item = index..<trimmedEnd(index..<stop)
        items.append(FrontMatterItem(text: text(item), range: item))
        index = stop
      }
      expectingItem = false
    }
    problems.append(SyntaxProblem(range: open..<end, message: "flow list has no closing ']'"))
    return .list(items)
  }
}
