import GlossIndex

/// A document's URI as the client sends it, with conversions to and from file paths done by percent-decoding and
/// percent-encoding UTF-8 bytes (RFC 3986), never by string concatenation of a URI and a path.
package struct FileURI: Hashable, Sendable, CustomStringConvertible {
  /// The URI text exactly as received or made.
  package var string: String

  /// Wraps a URI received from a client.
  package init(_ string: String) {
    self.string = string
  }

  /// The `file://` URI of an absolute path, encoding everything but unreserved characters and `/`
  /// (`/a b/ý.md` → `file:///a%20b/%C3%BD.md`).
  package init(filePath: String) {
    let path = filePath.hasPrefix("/") ? filePath : "/" + filePath
    let scheme = "file://".utf8
    // Written into the string's own storage: a reference to a key cited across the workspace names a thousand files.
    string = String(unsafeUninitializedCapacity: scheme.count + path.utf8.count * 3) { buffer in
      var count = 0
      for byte in scheme {
        buffer[count] = byte
        count += 1
      }
      for byte in path.utf8 {
        if Self.isUnreserved(byte) || byte == UInt8(ascii: "/") {
          buffer[count] = byte
          count += 1
        } else {
          buffer[count] = UInt8(ascii: "%")
          buffer[count + 1] = Self.hexDigit(byte >> 4)
          buffer[count + 2] = Self.hexDigit(byte & 0x0F)
          count += 3
        }
      }
      return count
    }
  }

  /// The text of the URI.
  package var description: String { string }

  /// The scheme, lowercased (`file`, `untitled`), or `nil` when there is none.
  package var scheme: String? {
    guard let colon = string.utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
    let scheme = string.utf8[..<colon]
    guard let first = scheme.first, Self.isLetter(first),
      scheme.allSatisfy({ Self.isLetter($0) || Self.isDigit($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E })
    else { return nil }
    return String(decoding: scheme, as: UTF8.self).lowercased()
  }

  /// The absolute file path of a `file:` URI (percent-decoded, normalised), or `nil` for other schemes, remote
  /// hosts, or encodings that are not UTF-8.
  package var filePath: String? {
    guard scheme == "file" else { return nil }
    var rest = Substring(string.utf8.dropFirst(5))
    // Query and fragment are not part of the path.
    if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
    if rest.hasPrefix("//") {
      rest = rest.dropFirst(2)
      let slash = rest.firstIndex(of: "/") ?? rest.endIndex
      let host = rest[..<slash].lowercased()
      guard host.isEmpty || host == "localhost" else { return nil }
      rest = rest[slash...]
    }
    guard rest.hasPrefix("/"), let decoded = Self.percentDecode(rest) else { return nil }
    return PathComponents.normalize(decoded)
  }

  /// Whether both URIs name the same file: equal decoded paths for `file:` URIs, else equal text.
  package func sameDocument(as other: FileURI) -> Bool {
    if let path = filePath, let otherPath = other.filePath { return path == otherPath }
    return string == other.string
  }

  /// Decodes `%XX` escapes as UTF-8; `nil` when an escape is malformed or the bytes are not UTF-8.
  private static func percentDecode(_ text: Substring) -> String? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
        return nil
      }
      bytes.append(high << 4 | low)
    }
    guard !bytes.contains(0) else { return nil }
    return String(validating: bytes, as: UTF8.self)
  }

  /// The uppercase hexadecimal digit of `value` (below 16).
  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte)
  }

  private static func isUnreserved(_ byte: UInt8) -> Bool {
    isLetter(byte) || isDigit(byte) || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
  }
}

extension FileURI: Codable {
  /// Decodes a URI from a JSON string.
  package init(from decoder: any Decoder) throws {
    self.init(try decoder.singleValueContainer().decode(String.self))
  }

  /// Encodes the URI as a JSON string.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(string)
  }
}
