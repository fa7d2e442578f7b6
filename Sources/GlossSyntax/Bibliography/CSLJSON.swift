/// The CSL-JSON reader: items with positions, unreadable JSON and items without `id` as problems.
///
/// Accepted shapes: an array of items (the standard), a single item object, and `{"items": [...]}`.
package enum CSLJSON {
  /// Whether `bytes` hold CSL-JSON rather than other JSON: an array (or `{"items": [...]}`) whose first item is an
  /// object with an `"id"` and one of `"type"`, `"title"`, `"author"`, `"issued"` (read in its first 64 kB).
  package static func looksLikeCSL(_ bytes: [UInt8]) -> Bool {
    var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    func skipSpace() {
      while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
    }
    skipSpace()
    guard i < bytes.count, bytes[i] == UInt8(ascii: "[") || bytes[i] == UInt8(ascii: "{") else { return false }
    if bytes[i] == UInt8(ascii: "[") {
      i += 1
      skipSpace()
      guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else { return false }
    }
    let head = String(decoding: bytes[i..<min(bytes.count, i + 65_536)], as: UTF8.self)
    guard head.contains("\"id\"") else { return false }
    return ["\"type\"", "\"title\"", "\"author\"", "\"issued\""].contains { head.contains($0) }
  }

  /// The entries of a CSL-JSON file; where the JSON breaks and items that cannot load become problems.
  package static func parse(_ bytes: [UInt8]) -> Bibliography {
    var reader = JSONReader(bytes: bytes)
    var bibliography = Bibliography()
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.i = 3 }
    reader.skipSpace()
    guard reader.i < bytes.count else { return bibliography }
    if bytes[reader.i] == UInt8(ascii: "[") {
      readItemArray(&reader, into: &bibliography)
    } else {
      switch reader.value() {
      case .success(let node):
        if case .array(let items) = node["items"]?.value {
          for item in items { add(item, to: &bibliography) }
        } else if case .object = node.value {
          add(node, to: &bibliography)
        } else {
          bibliography.problems.append(SyntaxProblem(range: node.range, message: "expected an array of CSL items"))
        }
        checkEnd(&reader, into: &bibliography)
      case .failure(let error):
        bibliography.problems.append(problem(error, count: bytes.count))
      }
    }
    return bibliography
  }

  /// Reads the top-level array item by item, so a break inside one item loses only that item.
  ///
  /// After a break, reading resumes at the next line whose first character is `{` in the column of the first item
  /// (pretty-printed files); minified files stop at the break.
  private static func readItemArray(_ reader: inout JSONReader, into bibliography: inout Bibliography) {
    let bytes = reader.bytes
    reader.i += 1
    reader.skipSpace()
    if reader.i < bytes.count, bytes[reader.i] == UInt8(ascii: "]") {
      reader.i += 1
      checkEnd(&reader, into: &bibliography)
      return
    }
    var itemColumn: Int?
    while true {
      reader.skipSpace()
      if itemColumn == nil { itemColumn = lineStartColumn(of: reader.i, in: bytes) }
      let failure: JSONError
      switch reader.value() {
      case .success(let node):
        add(node, to: &bibliography)
        switch reader.separator(close: UInt8(ascii: "]")) {
        case .success(true):
          checkEnd(&reader, into: &bibliography)
          return
        case .success(false):
          continue
        case .failure(let error):
          failure = error
        }
      case .failure(let error):
        failure = error
      }
      bibliography.problems.append(problem(failure, count: bytes.count))
      guard let column = itemColumn, let next = nextItemStart(after: failure.offset, column: column, in: bytes) else {
        return
      }
      reader.i = next
    }
  }

  private static func add(_ node: JSONNode, to bibliography: inout Bibliography) {
    if let entry = BibliographyEntry(cslItem: node, problems: &bibliography.problems) {
      bibliography.entries.append(entry)
    }
  }

  private static func checkEnd(_ reader: inout JSONReader, into bibliography: inout Bibliography) {
    reader.skipSpace()
    guard reader.i < reader.bytes.count else { return }
    bibliography.problems.append(
      SyntaxProblem(range: reader.i..<reader.bytes.count, message: "unexpected text after the JSON value"))
  }

  private static func problem(_ error: JSONError, count: Int) -> SyntaxProblem {
    let start = max(0, min(error.offset, count - 1))
    return SyntaxProblem(range: start..<min(start + 1, count), message: error.message)
  }

  /// The column of `offset` when only blanks precede it on its line, else nil.
  private static func lineStartColumn(of offset: Int, in bytes: [UInt8]) -> Int? {
    var j = offset
    while j > 0, bytes[j - 1] == UInt8(ascii: " ") || bytes[j - 1] == UInt8(ascii: "\t") { j -= 1 }
    guard j == 0 || bytes[j - 1] == UInt8(ascii: "\n") || bytes[j - 1] == UInt8(ascii: "\r") else { return nil }
    return offset - j
  }

  /// The offset of the next `{` after `offset` that starts a line at `column`.
  private static func nextItemStart(after offset: Int, column: Int, in bytes: [UInt8]) -> Int? {
    var j = offset
    while j < bytes.count {
      if bytes[j] == UInt8(ascii: "\n") {
        var k = j + 1
        while k < bytes.count, bytes[k] == UInt8(ascii: " ") || bytes[k] == UInt8(ascii: "\t") { k += 1 }
        if k < bytes.count, bytes[k] == UInt8(ascii: "{"), k - j - 1 == column { return k }
      }
      j += 1
    }
    return nil
  }
}
