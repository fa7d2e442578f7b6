import Foundation
import GlossSyntax

extension WorkspaceConfig {
  /// The problem JSONSerialization finds in `bytes`, placed at the offset it reports when it reports one.
  static func jsonSyntaxProblem(in bytes: [UInt8]) -> SyntaxProblem? {
    do {
      _ = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
      return nil
    } catch {
      let description = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
      var detail = description.trimmingCharacters(in: .whitespaces)
      if detail.hasSuffix(".") { detail.removeLast() }
      if let first = detail.first { detail = first.lowercased() + detail.dropFirst() }
      let message = detail.isEmpty ? "'.gloss.json' is not valid JSON" : "'.gloss.json' is not valid JSON: \(detail)"
      return SyntaxProblem(range: errorRange(description: description, count: bytes.count), message: message)
    }
  }

  /// The byte range a JSONSerialization error description points at (`around character 12`, `end of file`).
  private static func errorRange(description: String, count: Int) -> Range<Int> {
    let marker = "character "
    if let markerRange = description.range(of: marker) {
      let digits = description[markerRange.upperBound...].prefix(while: \.isASCII).prefix(while: \.isNumber)
      if let offset = Int(digits), offset >= 0 {
        let start = min(offset, max(count - 1, 0))
        return start..<min(start + 1, count)
      }
    }
    if description.lowercased().contains("end of file") {
      return max(count - 1, 0)..<count
    }
    return 0..<count
  }

  /// The range of the key at `keyPath` (the quoted key), or the whole file when it cannot be found.
  static func range(ofKeyPath keyPath: [String], in bytes: [UInt8]) -> Range<Int> {
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
