package import GlossIndex

/// One file whose text an external tool is to extract: where it is and the size and time that key its cache entry.
package struct ExtractionJob: Hashable, Sendable {
  /// The root that asked for it.
  package var root: RootID
  /// Its path in that root's index (root-relative, or absolute outside the root).
  package var path: String
  /// The absolute path on disk.
  package var absolutePath: String
  /// The size in bytes when it was looked at.
  package var size: Int
  /// The modification time when it was looked at.
  package var modificationTime: FileTime
  /// Which tool reads it.
  package var format: ExtractedFormat

  /// Makes a job.
  package init(
    root: RootID, path: String, absolutePath: String, size: Int, modificationTime: FileTime, format: ExtractedFormat
  ) {
    self.root = root
    self.path = path
    self.absolutePath = absolutePath
    self.size = size
    self.modificationTime = modificationTime
    self.format = format
  }
}

/// What an extraction gave: the text (pages separated by form feeds), or why there is none.
package enum ExtractionOutcome: Hashable, Sendable {
  /// The extracted text, UTF-8.
  case text([UInt8])
  /// No text, with a user-facing reason; `isLasting` when trying again on the same file would give the same answer
  /// (encrypted, scanned), so it is cached too.
  case noText(reason: String, isLasting: Bool)
}
