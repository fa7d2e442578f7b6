package import GlossIndex

/// One file Gloss keeps for a workspace in its cache folder, `workspaces/<hash of the root's real path>.<suffix>`
/// (the restart snapshot, the kept check report and find image, the key memory, the note image), outside every
/// workspace: read back through the cache folder's writer, and written only through it (`PrivateFileWriter`: atomic, a
/// reader sees the old file or the new one).
package struct WorkspaceCacheFile: Sendable {
  /// The writer of Gloss's cache folder.
  package let writer: PrivateFileWriter
  /// The file name's suffix, which tells the things kept apart (`restart`, `check`, `find`, `keys`, `notes`).
  package let suffix: String
  /// The folder of these files inside the cache folder.
  static let folder = "workspaces"

  /// The `suffix` files in the cache folder `writer` owns.
  init(writer: PrivateFileWriter, suffix: String) {
    self.writer = writer
    self.suffix = suffix
  }

  /// The file of one thing kept for the workspace whose real path is `realRoot` (`restart`, `check`, `find`,
  /// `keys`, `notes`), relative to the cache folder: `workspaces/<hash of the real path>.<suffix>`.
  package static func fileName(forRealRoot realRoot: String, suffix: String) -> String {
    folder + "/" + String(ExtractionCache.hash(Array(realRoot.utf8)), radix: 16) + "." + suffix
  }

  /// The file of the workspace whose real path is `realRoot`, relative to the cache folder.
  package func fileName(forRealRoot realRoot: String) -> String {
    Self.fileName(forRealRoot: realRoot, suffix: suffix)
  }

  /// The absolute path of that file.
  package func filePath(forRealRoot realRoot: String) -> String {
    PathComponents.join(writer.directory, fileName(forRealRoot: realRoot))
  }

  /// The bytes kept for the workspace whose real path is `realRoot`; nil when there are none or they cannot be read.
  func bytes(forRealRoot realRoot: String) -> [UInt8]? {
    try? writer.read(fileName(forRealRoot: realRoot))
  }

  /// The bytes kept for the workspace whose real path is `realRoot`, read in place (mapped: an image is tens of
  /// megabytes); nil when there are none or they cannot be read.
  func mapped(forRealRoot realRoot: String) -> FileBytes? {
    try? writer.mapped(fileName(forRealRoot: realRoot))
  }

  /// Keeps `bytes` for the workspace whose real path is `realRoot`, replacing what was kept.
  func store(_ bytes: [UInt8], forRealRoot realRoot: String) throws(CommandError) {
    try writer.write(bytes, to: fileName(forRealRoot: realRoot))
  }
}
