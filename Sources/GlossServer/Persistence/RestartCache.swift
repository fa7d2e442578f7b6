package import GlossIndex

/// Where restart snapshots live: `$XDG_CACHE_HOME/gloss/workspaces/<hash of the root's real path>.restart`, outside
/// every workspace, written only through `PrivateFileWriter` (atomic: a reader sees the old file or the new one).
package struct RestartCache: Sendable {
  /// The snapshot files.
  let file: WorkspaceCacheFile
  /// The Gloss build whose snapshots this cache reads and writes.
  package let build: String

  /// The snapshots in the cache folder `writer` owns, for the build `build`.
  package init(writer: PrivateFileWriter, build: String) {
    file = WorkspaceCacheFile(writer: writer, suffix: "restart")
    self.build = build
  }

  /// The writer of Gloss's cache folder.
  package var writer: PrivateFileWriter { file.writer }

  /// The snapshot file of the workspace whose real path is `realRoot`, relative to the cache folder.
  package func fileName(forRealRoot realRoot: String) -> String { file.fileName(forRealRoot: realRoot) }

  /// The absolute path of that file.
  package func filePath(forRealRoot realRoot: String) -> String { file.filePath(forRealRoot: realRoot) }

  /// The snapshot kept for `key`'s workspace, when it was written by this build for exactly that key; nil when there
  /// is none or it cannot be trusted whole (truncated, altered, another format or build, another key).
  package func snapshot(for key: RestartKey) -> RestartSnapshot? {
    guard let bytes = file.mapped(forRealRoot: key.realRoot),
      let snapshot = RestartSnapshot(decoding: bytes, build: build), snapshot.key == key
    else { return nil }
    return snapshot
  }

  /// Removes the temporary files that snapshot writes killed half-way left behind (`PrivateFileWriter`'s rules:
  /// Gloss's own temporary names, untouched for an hour); returns their names.
  @discardableResult
  package func removeLeftovers(now: FileTime) -> [String] {
    writer.removeStaleTemporaryFiles(in: WorkspaceCacheFile.folder, now: now)
  }

  /// Keeps `snapshot`, replacing the workspace's previous one.
  package func store(_ snapshot: RestartSnapshot) throws(CommandError) {
    try file.store(snapshot.encoded, forRealRoot: snapshot.key.realRoot)
  }
}
