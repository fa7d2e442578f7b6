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
    var encoded: [UInt8] = []
    encoded.reserveCapacity(7 + path.utf8.count * 3)
    encoded.append(contentsOf: "file://".utf8)
    for byte in path.utf8 {
      if Self.isUnreserved(byte) || byte == UInt8(ascii: "/") {
        encoded.append(byte)
      } else {
        encoded.append(UInt8(ascii: "%"))
        encoded.append(Self.hexDigits[Int(byte >> 4)])
        encoded.append(Self.hexDigits[Int(byte & 0x0F)])
      }
    }
    self.string = String(decoding: encoded, as: UTF8.self)
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

  private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

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
