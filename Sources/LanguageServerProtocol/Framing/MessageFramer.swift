/// Splits a byte stream into `Content-Length` framed message bodies, reporting and skipping what is not a frame.
///
/// Bytes go in with `append(_:)` in whatever pieces the transport reads; `next()` then returns each complete body
/// or framing error in order, and nil when it needs more bytes. Header names are case-insensitive, `Content-Type`
/// and unknown headers are accepted, and both `\r\n` and bare `\n` line ends are read. A header block without a
/// valid `Content-Length`, and bytes that are not a header at all, are reported as a `FramingError`; the framer then
/// resynchronises on the next `Content-Length` header. Because a raw line break can never follow digits inside a
/// JSON string, a `Content-Length: N` header line found inside a declared body proves the declared length wrong, so
/// a too-large length cannot make the framer wait forever.
package struct MessageFramer: Sendable {
  /// One item cut from the stream: a message body or a framing error.
  package enum Output: Hashable, Sendable {
    /// A complete message body (the JSON bytes, without the header).
    case message([UInt8])
    /// Bytes that could not be framed and were skipped.
    case error(FramingError)
  }

  /// The largest body accepted; a larger `Content-Length` is reported and its header skipped.
  package let maximumBodyLength: Int
  /// The longest header block accepted before the bytes are treated as garbage.
  private let maximumHeaderLength = 4096

  private var buffer: [UInt8] = []
  private var start = 0
  /// The body being waited for: where it starts in `buffer` and its declared length.
  private var pendingBody: (start: Int, length: Int)?
  /// How far the pending body has been searched for a stray header line.
  private var scannedUpTo = 0

  /// Creates a framer that accepts bodies up to `maximumBodyLength` bytes.
  package init(maximumBodyLength: Int = 256 << 20) {
    self.maximumBodyLength = maximumBodyLength
  }

  /// The number of buffered bytes not yet returned as a message or error.
  package var bufferedByteCount: Int { buffer.count - start }

  /// Adds bytes read from the stream.
  package mutating func append(_ bytes: some Sequence<UInt8>) {
    if start > 0 && start >= buffer.count / 2 {
      buffer.removeSubrange(0..<start)
      if let body = pendingBody { pendingBody = (body.start - start, body.length) }
      scannedUpTo -= start
      start = 0
    }
    buffer.append(contentsOf: bytes)
  }

  /// The next complete message body or framing error, or nil when more bytes are needed.
  package mutating func next() -> Output? {
    if let body = pendingBody { return nextBody(start: body.start, length: body.length) }
    return nextHeader()
  }

  /// Reports what is left in the buffer when the stream ends, if anything but whitespace.
  package mutating func finish() -> Output? {
    defer {
      buffer = []
      start = 0
      pendingBody = nil
      scannedUpTo = 0
    }
    let rest = buffer[start...]
    guard rest.contains(where: { !Self.isWhitespace($0) }) else { return nil }
    if let body = pendingBody {
      return .error(
        FramingError(
          "stream ended inside a message: Content-Length \(body.length) but \(buffer.count - body.start) bytes came"))
    }
    return .error(FramingError("stream ended inside a header (\(rest.count) bytes skipped)"))
  }

  private mutating func nextBody(start bodyStart: Int, length: Int) -> Output? {
    let available = min(buffer.count, bodyStart + length)
    switch findHeaderLine(from: max(bodyStart, scannedUpTo), to: available) {
    case .found(let header):
      // The declared length runs into the next frame's header: report it and resynchronise there.
      pendingBody = nil
      start = header
      return .error(
        FramingError("Content-Length \(length) is larger than the message (\(header - bodyStart) bytes came)"))
    case .incomplete(let candidate):
      // A header line cut by the end of what has arrived: wait for its end before deciding, even when the body
      // looks complete, so that how the stream was split into reads never changes what is reported.
      scannedUpTo = candidate
      return nil
    case .none:
      guard buffer.count >= bodyStart + length else {
        // A header name cut by the end of what has arrived is searched again when its end arrives.
        scannedUpTo = max(bodyStart, buffer.count - (Self.contentLengthName.count - 1))
        return nil
      }
    }
    pendingBody = nil
    start = bodyStart + length
    return .message(Array(buffer[bodyStart..<start]))
  }

  private mutating func nextHeader() -> Output? {
    // Skip line breaks between frames, which some clients send.
    while start < buffer.count, Self.isWhitespace(buffer[start]) { start += 1 }
    guard start < buffer.count else { return nil }
    // Decisions depend only on bytes up to the first blank line or `Content-Length`, so how the stream was split
    // into reads never changes what is reported.
    let blankLine = findBlankLine(from: start)
    let lengthHeader = findContentLengthName(from: start, to: blankLine?.headerEnd ?? buffer.count)
    if let lengthHeader, lengthHeader > start, !isHeaderLines(start..<lengthHeader) {
      let skipped = lengthHeader - start
      start = lengthHeader
      return .error(FramingError("skipped \(skipped) bytes that are not a message header"))
    }
    guard let (headerEnd, bodyStart) = blankLine else {
      if buffer.count - start > maximumHeaderLength {
        // No header ends here: drop the garbage but keep a tail that may hold the start of the next header.
        let keep = min(buffer.count - start, 32)
        let skipped = buffer.count - start - keep
        start = buffer.count - keep
        return .error(FramingError("skipped \(skipped) bytes that are not a message header"))
      }
      return nil
    }
    if lengthHeader == nil, !isHeaderLines(start..<(headerEnd + 1)) {
      let skipped = bodyStart - start
      start = bodyStart
      return .error(FramingError("skipped \(skipped) bytes that are not a message header"))
    }
    let lines = headerLines(start..<headerEnd)
    start = bodyStart
    var contentLength: Int?
    for (name, value) in lines where name.lowercased() == "content-length" {
      guard let length = Int(value), length >= 0, value.allSatisfy(\.isASCII) else {
        return .error(FramingError("invalid Content-Length '\(value)'"))
      }
      contentLength = length
    }
    guard let length = contentLength else {
      return .error(FramingError("message header without Content-Length"))
    }
    guard length <= maximumBodyLength else {
      return .error(FramingError("Content-Length \(length) is over the limit of \(maximumBodyLength) bytes"))
    }
    pendingBody = (bodyStart, length)
    scannedUpTo = bodyStart
    return nextBody(start: bodyStart, length: length)
  }

  /// The end of the header block starting at `from` and the start of its body, if the blank line has arrived.
  private func findBlankLine(from: Int) -> (headerEnd: Int, bodyStart: Int)? {
    var index = from
    let limit = min(buffer.count, from + maximumHeaderLength)
    while index < limit {
      if buffer[index] == UInt8(ascii: "\n") {
        let next = index + 1
        if next < buffer.count, buffer[next] == UInt8(ascii: "\n") { return (index, next + 1) }
        if next + 1 < buffer.count, buffer[next] == UInt8(ascii: "\r"), buffer[next + 1] == UInt8(ascii: "\n") {
          return (index, next + 2)
        }
      }
      index += 1
    }
    return nil
  }

  /// The `name: value` pairs of the header lines in `range`.
  private func headerLines(_ range: Range<Int>) -> [(String, String)] {
    buffer[range].split(separator: UInt8(ascii: "\n")).compactMap { line in
      guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return nil }
      let name = String(decoding: line[..<colon], as: UTF8.self).trimmingASCIIWhitespace()
      let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingASCIIWhitespace()
      return (name, value)
    }
  }

  /// Whether `range` holds only complete `Name: value` header lines (such as a `Content-Type` before the length).
  private func isHeaderLines(_ range: Range<Int>) -> Bool {
    guard let last = buffer[range].last, last == UInt8(ascii: "\n") else { return false }
    for var line in buffer[range].split(separator: UInt8(ascii: "\n")) {
      if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
      if line.isEmpty { continue }
      guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else { return false }
      guard line[..<colon].allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return false }
    }
    return true
  }

  /// The offset of the first `content-length` (any case) header name in `from..<to`.
  private func findContentLengthName(from: Int, to: Int) -> Int? {
    let name = Self.contentLengthName
    guard to - from >= name.count else { return nil }
    return buffer.withUnsafeBufferPointer { bytes -> Int? in
      var index = from
      while index + name.count <= to {
        if bytes[index] | 0x20 == name[0] {
          var offset = 1
          while offset < name.count, Self.matchesIgnoringCase(bytes[index + offset], name[offset]) { offset += 1 }
          if offset == name.count { return index }
        }
        index += 1
      }
      return nil
    }
  }

  private static let contentLengthName = Array("content-length".utf8)

  /// Whether `byte` is the lowercase ASCII `expected` in either case (other bytes must match exactly).
  private static func matchesIgnoringCase(_ byte: UInt8, _ expected: UInt8) -> Bool {
    if expected >= UInt8(ascii: "a") && expected <= UInt8(ascii: "z") { return byte | 0x20 == expected }
    return byte == expected
  }

  /// Where a `Content-Length: <digits>` line (which cannot occur in JSON) starts in `from..<to`, if one does.
  private enum HeaderLineSearch {
    /// A complete header line starts here.
    case found(Int)
    /// A header line may start here, but the bytes that would end it have not arrived.
    case incomplete(Int)
    /// There is none.
    case none
  }

  /// The first complete `Content-Length: <digits>` line starting in `from..<to`, or the first that the end of the
  /// buffer cuts before it can be told.
  private func findHeaderLine(from: Int, to: Int) -> HeaderLineSearch {
    var index = from
    while let found = findContentLengthName(from: index, to: to) {
      var cursor = found + "content-length".utf8.count
      while cursor < buffer.count, buffer[cursor] == UInt8(ascii: " ") || buffer[cursor] == UInt8(ascii: "\t") {
        cursor += 1
      }
      if cursor == buffer.count { return .incomplete(found) }
      if buffer[cursor] == UInt8(ascii: ":") {
        cursor += 1
        while cursor < buffer.count, buffer[cursor] == UInt8(ascii: " ") || buffer[cursor] == UInt8(ascii: "\t") {
          cursor += 1
        }
        let digitsStart = cursor
        while cursor < buffer.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(buffer[cursor]) { cursor += 1 }
        if cursor == buffer.count { return .incomplete(found) }
        if cursor > digitsStart, buffer[cursor] == UInt8(ascii: "\n") || buffer[cursor] == UInt8(ascii: "\r") {
          return .found(found)
        }
      }
      index = found + 1
    }
    return .none
  }

  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
  }
}

/// A part of the input stream that could not be framed as a message.
package struct FramingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What was wrong, as a lowercase sentence fragment.
  package var message: String

  /// Creates a framing error with `message`.
  package init(_ message: String) { self.message = message }

  package var description: String { message }
}

extension String {
  /// The string without leading and trailing ASCII spaces, tabs and carriage returns.
  fileprivate func trimmingASCIIWhitespace() -> String {
    let bytes = Array(utf8)
    var lower = 0
    var upper = bytes.count
    let blank: Set<UInt8> = [0x20, 0x09, 0x0D, 0x0A]
    while lower < upper, blank.contains(bytes[lower]) { lower += 1 }
    while upper > lower, blank.contains(bytes[upper - 1]) { upper -= 1 }
    return String(decoding: bytes[lower..<upper], as: UTF8.self)
  }
}
