/// Where JSON text stops being JSON, for reporting an unreadable JSON file on the byte where reading stopped.
package enum JSONSyntax {
  /// The first error in `bytes` read as one JSON value (after an optional UTF-8 byte order mark), or nil when the
  /// reader finds none: its byte offset (`bytes.count` when the text ends too early) and what was expected there.
  ///
  /// The reader is the CSL-JSON one, which accepts some numbers strict JSON does not (`01`, `1.2.3`).
  package static func firstError(in bytes: [UInt8]) -> (offset: Int, message: String)? {
    var reader = JSONReader(bytes: bytes)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.i = 3 }
    if case .failure(let error) = reader.value() { return (error.offset, error.message) }
    reader.skipSpace()
    guard reader.i < bytes.count else { return nil }
    return (reader.i, "unexpected text after the JSON value")
  }
}
