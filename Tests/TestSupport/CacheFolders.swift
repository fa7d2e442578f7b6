package import GlossServer

// The caches made on a folder and a file system, as the tests name them: each makes the folder's writer, which is all
// the cache keeps (Gloss itself hands them the writer: `ServerOptions.cacheWriter`, `PrivateFileWriter.cache()`).

extension ExtractionCache {
  /// A cache in `directory`, written through `fileSystem`.
  package init(directory: String, fileSystem: any FileSystem) {
    self.init(writer: PrivateFileWriter(directory: directory, fileSystem: fileSystem))
  }
}

extension RestartCache {
  /// The snapshots in `directory` for the build `build`, written through `fileSystem`.
  package init(directory: String, fileSystem: any FileSystem, build: String) {
    self.init(writer: PrivateFileWriter(directory: directory, fileSystem: fileSystem), build: build)
  }
}

extension NoteImageCache {
  /// The note images in `directory` for the build `build`, written through `fileSystem`.
  package init(directory: String, fileSystem: any FileSystem, build: String) {
    self.init(writer: PrivateFileWriter(directory: directory, fileSystem: fileSystem), build: build)
  }
}

extension KeyMemory {
  /// The key memory in `directory`, written through `fileSystem`.
  package init(directory: String, fileSystem: any FileSystem) {
    self.init(writer: PrivateFileWriter(directory: directory, fileSystem: fileSystem))
  }
}

extension CheckReportCache {
  /// The kept check reports in `directory` for the build `build`, written through `fileSystem`.
  package init(directory: String, fileSystem: any FileSystem, build: String) {
    self.init(writer: PrivateFileWriter(directory: directory, fileSystem: fileSystem), build: build)
  }
}

extension FindImageCache {
  /// The kept find images in `directory` for the build `build`, written through `fileSystem`.
  package init(directory: String, fileSystem: any FileSystem, build: String) {
    self.init(writer: PrivateFileWriter(directory: directory, fileSystem: fileSystem), build: build)
  }
}
