import GlossSyntax

/// What a released text was (its length and fingerprint), to tell whether the file read again still holds it.
package struct TextStamp: Hashable, Sendable {
  /// The length in bytes.
  package var count: Int
  /// `TextFingerprint.of` the bytes.
  package var fingerprint: UInt64

  /// The stamp of `bytes`.
  package init(_ bytes: [UInt8]) {
    count = bytes.count
    fingerprint = TextFingerprint.of(bytes)
  }

  /// Whether `bytes` are the bytes stamped.
  package func matches(_ bytes: [UInt8]) -> Bool {
    bytes.count == count && TextFingerprint.of(bytes) == fingerprint
  }
}
