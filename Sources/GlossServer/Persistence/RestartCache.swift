package import GlossIndex

/// Where restart snapshots live: `$XDG_CACHE_HOME/gloss/workspaces/<hash of the root's real path>.restart`, outside
/// every workspace, written only through `PrivateFileWriter` (atomic: a reader sees the old file or the new one).
package struct RestartCache: Sendable {
  /// The writer of Gloss's cache folder.
  package let writer: PrivateFileWriter
  /// The Gloss build whose snapshots this cache reads and writes.
  package let build: String
  /// The folder of the snapshots inside the cache folder.
  static let folder = "workspaces"

  /// The snapshots in the cache folder `directory`, for the build `build`.
  package init(directory: String, fileSystem: any FileSystem, build: String) {
    writer = PrivateFileWriter(directory: directory, fileSystem: fileSystem)
    self.build = build
  }

  /// The snapshot file of the workspace whose real path is `realRoot`, relative to the cache folder.
  package func fileName(forRealRoot realRoot: String) -> String {
    Self.fileName(forRealRoot: realRoot, suffix: "restart")
  }

  /// The file of one thing kept for the workspace whose real path is `realRoot` (`restart`, `check`, `find`,
  /// `keys`, `notes`), relative to the cache folder: `workspaces/<hash of the real path>.<suffix>`.
  package static func fileName(forRealRoot realRoot: String, suffix: String) -> String {
    folder + "/" + String(ExtractionCache.hash(Array(realRoot.utf8)), radix: 16) + "." + suffix
  }

  /// The absolute path of that file.
  package func filePath(forRealRoot realRoot: String) -> String {
    PathComponents.join(writer.directory, fileName(forRealRoot: realRoot))
  }

  /// The snapshot kept for `key`'s workspace, when it was written by this build for exactly that key; nil when there
  /// is none or it cannot be trusted whole (truncated, altered, another format or build, another key).
  package func snapshot(for key: RestartKey) -> RestartSnapshot? {
    guard let bytes = try? writer.read(fileName(forRealRoot: key.realRoot)),
      let snapshot = RestartSnapshot(decoding: bytes, build: build), snapshot.key == key
    else { return nil }
    return snapshot
  }

  /// Removes the temporary files that snapshot writes killed half-way left behind (`PrivateFileWriter`'s rules:
  /// Gloss's own temporary names, untouched for an hour); returns their names.
  @discardableResult
  package func removeLeftovers(now: FileTime) -> [String] {
    writer.removeStaleTemporaryFiles(in: Self.folder, now: now)
  }

  /// Keeps `snapshot`, replacing the workspace's previous one.
  package func store(_ snapshot: RestartSnapshot) throws(CommandError) {
    try writer.write(snapshot.encoded, to: fileName(forRealRoot: snapshot.key.realRoot))
  }
}
