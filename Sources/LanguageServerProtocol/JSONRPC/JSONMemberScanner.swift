/// Finds where the members of a top-level JSON object lie, without decoding their values.
///
/// Used to keep a message's `params` or `result` as raw bytes for lazy, typed decoding. The input is expected to
/// be JSON already validated by the envelope decode; on malformed input the scanner returns what it found so far.
enum JSONMemberScanner {
  /// The byte ranges of the values of the top-level members named in `keys`.
  static func valueRanges(in bytes: [UInt8], keys: Set<String>) -> [String: Range<Int>] {
    bytes.withUnsafeBufferPointer { buffer in
      var scanner = Cursor(bytes: buffer)
      var result: [String: Range<Int>] = [:]
      scanner.skipWhitespace()
      guard scanner.consume(UInt8(ascii: "{")) else { return result }
      while true {
        scanner.skipWhitespace()
        guard let key = scanner.string() else { return result }
        scanner.skipWhitespace()
        guard scanner.consume(UInt8(ascii: ":")) else { return result }
        scanner.skipWhitespace()
        let start = scanner.index
        guard scanner.skipValue() else { return result }
        let name = String(decoding: buffer[key], as: UTF8.self)
        if keys.contains(name) { result[name] = start..<scanner.index }
        scanner.skipWhitespace()
        guard scanner.consume(UInt8(ascii: ",")) else { return result }
      }
    }
  }

  private struct Cursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func skipWhitespace() {
      while index < bytes.count {
        switch bytes[index] {
        case 0x20, 0x09, 0x0A, 0x0D: index += 1
        default: return
        }
      }
    }

    mutating func consume(_ byte: UInt8) -> Bool {
      guard index < bytes.count, bytes[index] == byte else { return false }
      index += 1
      return true
    }

    /// Skips a string and returns the range of its contents (escapes not decoded).
    mutating func string() -> Range<Int>? {
      guard consume(UInt8(ascii: "\"")) else { return nil }
      let start = index
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "\\"): index += 2
        case UInt8(ascii: "\""):
          index += 1
          return start..<(index - 1)
        default: index += 1
        }
      }
      return nil
    }

    /// Skips one value of any kind.
    mutating func skipValue() -> Bool {
      guard index < bytes.count else { return false }
      switch bytes[index] {
      case UInt8(ascii: "\""):
        return string() != nil
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        var depth = 0
        while index < bytes.count {
          switch bytes[index] {
          case UInt8(ascii: "\""):
            guard string() != nil else { return false }
            continue
          case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
          case UInt8(ascii: "}"), UInt8(ascii: "]"):
            depth -= 1
            if depth == 0 {
              index += 1
              return true
            }
          default: break
          }
          index += 1
        }
        return false
      default:
        let start = index
        while index < bytes.count {
          switch bytes[index] {
          case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D:
            return index > start
          default: index += 1
          }
        }
        return index > start
      }
    }
  }
}
