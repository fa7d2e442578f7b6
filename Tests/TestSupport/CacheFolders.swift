package import GlossServer

/// A cache of Gloss's own files made on the writer of its folder (as Gloss makes them: `ServerOptions.cacheWriter`,
/// `PrivateFileWriter.cache()`), which tests name by a folder and a file system.
package protocol CacheOnAWriter {
  /// The cache in the folder `writer` owns.
  init(writer: PrivateFileWriter)
}

extension CacheOnAWriter {
  /// The cache in `directory`, written through `fileSystem`.
  package init(directory: String, fileSystem: any FileSystem) {
    self.init(writer: PrivateFileWriter(directory: directory, fileSystem: fileSystem))
  }
}

/// A cache of what one build of Gloss keeps, made on the writer of its folder, which tests name by a folder and a file
/// system.
package protocol BuildCacheOnAWriter {
  /// The cache in the folder `writer` owns, for the build `build`.
  init(writer: PrivateFileWriter, build: String)
}

extension BuildCacheOnAWriter {
  /// The cache in `directory` for the build `build`, written through `fileSystem`.
  package init(directory: String, fileSystem: any FileSystem, build: String) {
    self.init(writer: PrivateFileWriter(directory: directory, fileSystem: fileSystem), build: build)
  }
}

extension ExtractionCache: CacheOnAWriter {}
extension KeyMemory: CacheOnAWriter {}
extension RestartCache: BuildCacheOnAWriter {}
extension NoteImageCache: BuildCacheOnAWriter {}
extension CheckReportCache: BuildCacheOnAWriter {}
extension FindImageCache: BuildCacheOnAWriter {}
