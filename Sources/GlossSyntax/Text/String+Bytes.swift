#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Byte-level functions for strings that are paths, keys or names: each reads the UTF-8 bytes directly, since the
/// generic `Character` or `UTF8View` algorithms cost several times more in the hot paths of indexing.
extension StringProtocol {
  /// The text without leading and trailing spaces and tabs.
  package func trimmingSpaces() -> String {
    var utf8 = Substring(self).utf8
    while let first = utf8.first, first == 32 || first == 9 { utf8 = utf8.dropFirst() }
    while let last = utf8.last, last == 32 || last == 9 { utf8 = utf8.dropLast() }
    return String(Substring(utf8))
  }
}

extension String {
  /// True when the UTF-8 bytes of `self` sort before those of `other` (the order of paths in listings and output,
  /// which does not depend on Unicode collation).
  package func utf8Precedes(_ other: String) -> Bool {
    var a = self
    var b = other
    return a.withUTF8 { x in
      b.withUTF8 { y in
        let common = min(x.count, y.count)
        if common > 0, let p = x.baseAddress, let q = y.baseAddress {
          let order = memcmp(p, q, common)
          if order != 0 { return order < 0 }
        }
        return x.count < y.count
      }
    }
  }

  /// `lowercased() == other.lowercased()`, compared in place when both are ASCII (no strings are made).
  package func caseInsensitivelyEquals(_ other: String) -> Bool {
    var a = self
    var b = other
    let ascii = a.withUTF8 { x in
      b.withUTF8 { y -> Bool? in
        guard x.allSatisfy({ $0 < 0x80 }), y.allSatisfy({ $0 < 0x80 }) else { return nil }
        guard x.count == y.count else { return false }
        for k in 0..<x.count {
          let p = x[k]
          let q = y[k]
          if p != q, (p | 0x20) != (q | 0x20) || !((p | 0x20) >= 0x61 && (p | 0x20) <= 0x7A) { return false }
        }
        return true
      }
    }
    return ascii ?? (lowercased() == other.lowercased())
  }

  /// True when a path normalizer's split and join would give `self` back unchanged: ASCII (so that bytes are
  /// characters), with no empty, `.` or `..` component. `rooted` allows one leading `/` (and `/` alone). Most paths
  /// are, and skip the split and join.
  package func isNormalPath(rooted: Bool) -> Bool {
    utf8.withContiguousStorageIfAvailable { bytes -> Bool in
      if bytes.isEmpty || (rooted && bytes.count == 1 && bytes[0] == UInt8(ascii: "/")) { return true }
      var start = 0
      for index in 0...bytes.count {
        if index < bytes.count {
          if bytes[index] >= 0x80 { return false }
          if bytes[index] != UInt8(ascii: "/") { continue }
        }
        let length = index - start
        if length == 0 && !(rooted && index == 0) { return false }
        if length == 1 && bytes[start] == UInt8(ascii: ".") { return false }
        if length == 2 && bytes[start] == UInt8(ascii: ".") && bytes[start + 1] == UInt8(ascii: ".") { return false }
        start = index + 1
      }
      return true
    } ?? false
  }

  /// The UTF-8 offset of the last `byte`, if any.
  package func lastUTF8Offset(of byte: UInt8) -> Int? {
    var copy = self
    return copy.withUTF8 { bytes in
      var index = bytes.count - 1
      while index >= 0, bytes[index] != byte { index -= 1 }
      return index >= 0 ? index : nil
    }
  }

  /// The text from UTF-8 offset `lower` to `upper`, both on scalar boundaries.
  package func utf8Slice(_ lower: Int, _ upper: Int) -> String {
    let start = utf8.index(utf8.startIndex, offsetBy: lower)
    return String(Substring(utf8[start..<utf8.index(start, offsetBy: upper - lower)]))
  }
}
