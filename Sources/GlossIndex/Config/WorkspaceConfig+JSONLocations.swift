import GlossSyntax

extension WorkspaceConfig {
  /// The problem of `bytes`, which are not JSON: what the JSON reader expected, on the byte where it stopped (the
  /// last byte when the text ends too early), or the whole file when the reader finds nothing wrong.
  static func jsonSyntaxProblem(in bytes: [UInt8]) -> SyntaxProblem {
    guard let error = JSONSyntax.firstError(in: bytes) else {
      return SyntaxProblem(range: 0..<bytes.count, message: "'.gloss.json' is not valid JSON")
    }
    let start = min(error.offset, max(bytes.count - 1, 0))
    let detail = error.offset >= bytes.count ? "unexpected end of file, \(error.message)" : error.message
    return SyntaxProblem(
      range: start..<min(start + 1, bytes.count), message: "'.gloss.json' is not valid JSON: \(detail)")
  }

  /// The range of the key at `keyPath` (the quoted key), or the whole file when it cannot be found.
  package static func range(ofKeyPath keyPath: [String], in bytes: [UInt8]) -> Range<Int> {
    var searchFrom = 0
    var found: Range<Int>?
    for key in keyPath {
      guard let range = quotedKey(key, in: bytes, from: searchFrom) else { break }
      found = range
      searchFrom = range.upperBound
    }
    return found ?? 0..<bytes.count
  }

  /// The first `"key"` followed by a colon at or after `start`.
  private static func quotedKey(_ key: String, in bytes: [UInt8], from start: Int) -> Range<Int>? {
    let needle: [UInt8] = [0x22] + Array(key.utf8) + [0x22]
    guard bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
    var index = start
    while index <= bytes.count - needle.count {
      if bytes[index] == 0x22, bytes[index..<(index + needle.count)].elementsEqual(needle) {
        var after = index + needle.count
        while after < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[after]) { after += 1 }
        if after < bytes.count, bytes[after] == 0x3A { return index..<(index + needle.count) }
      }
      index += 1
    }
    return nil
  }
}
