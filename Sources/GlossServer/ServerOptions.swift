package import GlossIndex
import LanguageServerProtocol

#if canImport(FoundationEssentials)
  package import FoundationEssentials
#else
  package import Foundation
#endif

/// What the server is given from outside: its name and version, the file system, a clock, a log and the tick period.
///
/// Later issues add their dependencies here, so tests can inject them.
package struct ServerOptions: Sendable {
  /// The name in `serverInfo`.
  package var name = "gloss"
  /// The version in `serverInfo`.
  package var version = GlossVersion.current
  /// The clock, read for time stamps (created dates, progress).
  package var now: @Sendable () -> Date = { Date() }
  /// Where log lines go (stderr in `gloss lsp`; stdout is the protocol).
  package var log: @Sendable (String) -> Void = { line in
    FileDescriptorIO.writeToStandardError("gloss: \(line)\n")
  }
  /// How often the loop sends `.tick` events; nil for none.
  package var tickInterval: Duration?
  /// Where workspace files are read and written (`LocalFileSystem` in `gloss lsp`, `InMemoryFileSystem` in tests).
  /// Only the writers are made from it, here (`workspaceWriter(root:)`, `cacheWriter`, `restartCacheWriter`); the
  /// server reads through `reader`.
  package var fileSystem: any FileSystem = LocalFileSystem()
  /// The file system as a reader: what the server's handlers, scans and loads are given, which cannot write.
  package var reader: any FileReading { fileSystem }
  /// Gloss's own state folder, outside every workspace (the record of the exports it wrote): by default
  /// `$XDG_STATE_HOME/gloss`, else `~/.local/state/gloss`.
  package var stateDirectory = PrivateFileWriter.state().directory
  /// The root used when the client names no workspace folder, root URI or root path (docs/configuration.md).
  package var currentDirectory = FileManager.default.currentDirectoryPath
  /// The user's home folder: `~/` paths in `.gloss.json`, front matter and `file` fields start there, and workspace
  /// discovery never takes it for a workspace without `.gloss.json`.
  package var homeDirectory: String? = ProcessInfo.processInfo.environment["HOME"]
  /// Zotero's default data folder, read as a library when it holds `zotero.sqlite` and the config names none
  /// (docs/zotero.md): `~/Zotero` of `homeDirectory`, so tests that give a home never see the machine's.
  package var defaultZoteroDirectory: String? { homeDirectory.map { PathComponents.join($0, "Zotero") } }
  /// Where extracted texts are cached (`$XDG_CACHE_HOME/gloss`, else `~/.cache/gloss`); nil for no cache.
  package var cacheDirectory: String? = ExtractionCache.defaultDirectory(
    environment: ProcessInfo.processInfo.environment)
  /// How long a command waits for the client's answer to its `workspace/applyEdit` before it answers that the editor
  /// did not answer (checked at each `.tick`).
  package var applyEditTimeout: Duration = .seconds(120)
  /// Where restart snapshots are kept (`workspaces/` in the same folder); nil for none: every start is cold.
  package var restartCacheDirectory: String? = ExtractionCache.defaultDirectory(
    environment: ProcessInfo.processInfo.environment)
  /// What tells this build of Gloss from any other (a restart snapshot is only read by the build that wrote it); nil
  /// when it cannot be told, and then no snapshot is read or written.
  package var build: String? = GlossVersion.build
  /// How long after indexing or a change of sources the search over the sources' text is built in the background
  /// (`FindPreparation`); nil: never in the background (tests that build it themselves).
  package var findPreparationDelay: TimeInterval? = 1
  /// How long reading `gloss find`'s image for an early root waits first (tests that need the read to take a while).
  package var earlyFindImageReadDelay: TimeInterval = 0
  /// How long a restart's first indexing, built in the background while an early root answers, waits first (tests
  /// that need it to take a while).
  package var earlyIndexDelay: TimeInterval = 0
  /// From how many bytes on a note opened with its indexed text has its blocks parsed off the loop rather than at
  /// once (`Server.keepIndexedNote`); tests set 0 to take the background path with small notes.
  package var openedNoteParseInBackground = 256 * 1024
  /// How many extractions run at once in the background.
  package var extractionLimit = 2
  /// Extracts the text of the file at an absolute path (`pdftotext`, `pandoc`); tests give a stand-in.
  package var extractText: @Sendable (String, ExtractedFormat) -> ExtractionOutcome = { path, format in
    TextExtractor.extract(path, format: format)
  }

  /// The writer of the cache folder of extracted texts (`cacheDirectory`); nil for none.
  package var cacheWriter: PrivateFileWriter? {
    cacheDirectory.map { PrivateFileWriter(directory: $0, fileSystem: fileSystem) }
  }

  /// The writer of the folder of restart snapshots (`restartCacheDirectory`), which also holds the note images, the key
  /// memory and `gloss find`'s images; nil for none.
  package var restartCacheWriter: PrivateFileWriter? {
    restartCacheDirectory.map { PrivateFileWriter(directory: $0, fileSystem: fileSystem) }
  }

  /// The guarded writer of the workspace at `root`, recording exports in `stateDirectory`.
  package func workspaceWriter(root: String) -> WorkspaceWriter {
    WorkspaceWriter(root: root, fileSystem: fileSystem, stateDirectory: stateDirectory)
  }

  /// Creates the default options.
  package init() {}
}

/// The version of Gloss, for `--version` and `serverInfo`.
package enum GlossVersion {
  /// The current version.
  package static let current = "0.1.0"

  /// The version and the running executable's size, modification time and inode: every build differs, so what one
  /// build cached is never taken for another's. Nil when the executable cannot be found.
  package static let build: String? = {
    #if os(Linux)
      let executable: String? = "/proc/self/exe"
    #else
      let executable = Bundle.main.executablePath
    #endif
    guard let executable, let status = try? LocalFileSystem().status(of: executable) else { return nil }
    return "\(current)+\(status.size)-\(status.modificationTime.nanoseconds)-\(status.identity.inode)"
  }()
}
