package import GlossSyntax

/// What a released text was (its length and fingerprint), to tell whether the file read again still holds it; and,
/// when asked for, its position table, to convert offsets in it to positions without reading it again.
package struct TextStamp: Hashable, Sendable {
  /// The length in bytes.
  package var count: Int
  /// `TextFingerprint.of` the bytes.
  package var fingerprint: UInt64
  /// The lines and multi-byte scalars of the text stamped, when kept (`keepingPositions`): made from the same bytes,
  /// so it takes no part in comparing stamps.
  package var positions: PositionTable?

  /// The stamp of `bytes`, with their position table when `keepingPositions`.
  package init(_ bytes: [UInt8], keepingPositions: Bool = false) {
    count = bytes.count
    fingerprint = TextFingerprint.of(bytes)
    positions = keepingPositions ? PositionTable(bytes) : nil
  }

  /// The stamp of a text known by its length and fingerprint alone, without a position table.
  package init(count: Int, fingerprint: UInt64) {
    self.count = count
    self.fingerprint = fingerprint
    positions = nil
  }

  /// Whether `bytes` are the bytes stamped.
  package func matches(_ bytes: [UInt8]) -> Bool {
    bytes.count == count && TextFingerprint.of(bytes) == fingerprint
  }

  /// Stamps are equal when they stamp the same bytes, with or without a table.
  package static func == (lhs: TextStamp, rhs: TextStamp) -> Bool {
    lhs.count == rhs.count && lhs.fingerprint == rhs.fingerprint
  }

  /// Hashes what `==` compares.
  package func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    hasher.combine(fingerprint)
  }
}
