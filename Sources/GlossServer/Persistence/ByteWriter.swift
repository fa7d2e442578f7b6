/// Appends the primitives of Gloss's binary cache formats: little-endian fixed-width integers and length-prefixed
/// bytes. Written by hand because a restart reads tens of thousands of records, where `Codable` costs too much.
struct ByteWriter {
  /// The bytes written so far.
  private(set) var bytes: [UInt8] = []

  /// An empty writer with room for `capacity` bytes.
  init(capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
  }

  /// Appends `value` as 8 bytes, little-endian.
  mutating func append(_ value: UInt64) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  /// Appends `value` as 8 bytes, little-endian two's complement.
  mutating func append(_ value: Int64) {
    append(UInt64(bitPattern: value))
  }

  /// Appends `value` as 8 bytes.
  mutating func append(_ value: Int) {
    append(Int64(value))
  }

  /// Appends one byte.
  mutating func append(_ value: UInt8) {
    bytes.append(value)
  }

  /// Appends a length, then the bytes.
  mutating func append(bytes data: some Collection<UInt8>) {
    append(data.count)
    bytes.append(contentsOf: data)
  }

  /// Appends a string's UTF-8 bytes with their length.
  mutating func append(_ string: String) {
    append(bytes: string.utf8)
  }

  /// Appends `value` in 1–10 bytes, seven bits at a time, low bits first (small numbers, as most lengths and
  /// offsets are, take one or two bytes).
  mutating func appendVarint(_ value: UInt64) {
    var rest = value
    while rest >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    bytes.append(UInt8(rest))
  }

  /// Appends a non-negative `Int` as a varint (a negative one is written as 0: callers write counts and offsets).
  mutating func appendVarint(_ value: Int) {
    appendVarint(UInt64(max(value, 0)))
  }

  /// Appends a string's UTF-8 bytes with their length as a varint.
  mutating func appendShort(_ string: String) {
    var string = string
    string.withUTF8 { utf8 in
      appendVarint(utf8.count)
      bytes.append(contentsOf: utf8)
    }
  }

  /// Appends raw bytes without a length (the magic number).
  mutating func appendRaw(_ data: some Collection<UInt8>) {
    bytes.append(contentsOf: data)
  }
}

/// Reads what `ByteWriter` wrote; every read checks the bytes are there, so a truncated or corrupt file gives nil,
/// never a crash.
struct ByteReader {
  private let bytes: FileBytes
  /// Where the next read starts.
  private(set) var offset: Int
  /// Where the bytes read end.
  private let end: Int

  /// A reader of `bytes` (a file read in place) from `offset`.
  init(_ bytes: FileBytes, offset: Int = 0) {
    self.bytes = bytes
    self.offset = offset
    end = bytes.count
  }

  /// A reader of the bytes at `range` in `bytes` (one record of a file read in place), which ends where it ends.
  init(_ bytes: FileBytes, in range: Range<Int>) {
    precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "a range outside the file's bytes")
    self.bytes = bytes
    offset = range.lowerBound
    end = range.upperBound
  }

  /// A reader of a copy of `bytes` from `offset`.
  init(_ bytes: [UInt8], offset: Int = 0) {
    self.init(FileBytes(bytes), offset: offset)
  }

  /// Whether every byte was read.
  var isAtEnd: Bool { offset == end }

  /// The next 8 bytes as a little-endian integer.
  mutating func uint64() -> UInt64? {
    guard end - offset >= 8 else { return nil }
    var value: UInt64 = 0
    for index in (0..<8).reversed() { value = value << 8 | UInt64(bytes[offset + index]) }
    offset += 8
    return value
  }

  /// The next 8 bytes as a signed integer.
  mutating func int64() -> Int64? {
    uint64().map { Int64(bitPattern: $0) }
  }

  /// The next 8 bytes as an `Int`.
  mutating func int() -> Int? {
    int64().map { Int($0) }
  }

  /// The next 8 bytes as a count: nil when negative or larger than what is left (a corrupt length).
  mutating func count(each minimum: Int = 1) -> Int? {
    guard let value = int(), value >= 0, value <= (end - offset) / max(minimum, 1) else { return nil }
    return value
  }

  /// The next byte.
  mutating func byte() -> UInt8? {
    guard offset < end else { return nil }
    defer { offset += 1 }
    return bytes[offset]
  }

  /// The next length-prefixed bytes.
  mutating func data() -> Slice<FileBytes>? {
    guard let length = count() else { return nil }
    defer { offset += length }
    return bytes[offset..<offset + length]
  }

  /// The next length-prefixed UTF-8 string (invalid UTF-8 is a corrupt file).
  mutating func string() -> String? {
    guard let length = count() else { return nil }
    defer { offset += length }
    return Self.validated(bytes.buffer(offset..<offset + length))
  }

  /// `utf8` as a string, nil when it is not valid UTF-8. An ASCII string (most of what the caches hold: keys, paths,
  /// tags) is made without the generic validation, whose type lookups were a tenth of decoding a note image.
  private static func validated(_ utf8: UnsafeBufferPointer<UInt8>) -> String? {
    var high: UInt8 = 0
    for byte in utf8 { high |= byte }
    if high < 0x80 { return String(decoding: utf8, as: UTF8.self) }
    return String(validating: utf8, as: UTF8.self)
  }

  /// The next varint (`ByteWriter.appendVarint`); nil when cut short or longer than ten bytes.
  mutating func varint() -> UInt64? {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while offset < end, shift < 64 {
      let byte = bytes[offset]
      offset += 1
      value |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { return value }
      shift += 7
    }
    return nil
  }

  /// The next varint as an `Int`, at most `limit`; nil when larger (a corrupt value).
  mutating func varint(atMost limit: Int) -> Int? {
    guard let value = varint(), value <= UInt64(max(limit, 0)) else { return nil }
    return Int(value)
  }

  /// The next varint as a count of things each at least `minimum` bytes long: nil when more than what is left.
  mutating func varintCount(each minimum: Int = 1) -> Int? {
    varint(atMost: (end - offset) / max(minimum, 1))
  }

  /// The next string written by `ByteWriter.appendShort` (invalid UTF-8 is a corrupt file).
  mutating func shortString() -> String? {
    guard let length = varintCount() else { return nil }
    defer { offset += length }
    return Self.validated(bytes.buffer(offset..<offset + length))
  }

  /// Skips the next length-prefixed string or bytes; false when cut short.
  mutating func skipData() -> Bool {
    guard let length = count() else { return false }
    offset += length
    return true
  }

  /// Skips the next `count` bytes; false when cut short.
  mutating func skip(_ count: Int) -> Bool {
    guard count >= 0, end - offset >= count else { return false }
    offset += count
    return true
  }

  /// The next `count` raw bytes.
  mutating func raw(_ count: Int) -> Slice<FileBytes>? {
    guard count >= 0, end - offset >= count else { return nil }
    defer { offset += count }
    return bytes[offset..<offset + count]
  }
}

/// A 64-bit checksum of a whole cache file, eight bytes at a time (a file cut short, or bytes changed on disk, give
/// another sum). Not cryptographic: the cache guards against accidents, and lives in the user's own folder.
enum ByteChecksum {
  /// The checksum of `bytes`.
  static func of(_ bytes: ArraySlice<UInt8>) -> UInt64 {
    bytes.withUnsafeBufferPointer { of($0) }
  }

  /// The checksum of `bytes` (part of a file read in place).
  static func of(_ bytes: Slice<FileBytes>) -> UInt64 {
    of(bytes.buffer)
  }

  /// The checksum of the bytes of `buffer`.
  static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var state: UInt64 = 0xcbf2_9ce4_8422_2325
    let buffer = UnsafeRawBufferPointer(bytes)
    let words = buffer.count / 8
    for index in 0..<words {
      let word = buffer.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
      state = (state ^ word) &* 0x0000_0100_0000_01b3
      state ^= state >> 29
    }
    for index in (words * 8)..<buffer.count {
      state = (state ^ UInt64(buffer[index])) &* 0x0000_0100_0000_01b3
    }
    return state ^ UInt64(bytes.count)
  }
}
