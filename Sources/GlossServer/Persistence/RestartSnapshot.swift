#if canImport(FoundationEssentials)
  package import FoundationEssentials
#else
  package import Foundation
#endif

/// What a restart needs to publish a workspace's diagnostics before indexing it: every input the diagnostics were
/// computed from, stamped, and the `publishDiagnostics` notifications they gave.
///
/// A snapshot is only written when the index described exactly these files (nothing changed between reading them and
/// writing it), and only used when a fresh walk finds every stamp equal; anything else is a cold start.
package struct RestartSnapshot: Equatable, Sendable {
  /// What must be equal besides the files: the Gloss build, the root, the settings and the client's encoding.
  package var key: RestartKey
  /// Every file read (notes, bibliographies, sources, the config, referenced files), sorted by path.
  package var files: [DiscoveredFile]
  /// The other files of the workspace (links may point at them; only their existence matters), sorted.
  package var otherFiles: [String]
  /// What the walk could not read, with why.
  package var skipped: [SkippedFile]
  /// The files the index named outside the walk (front-matter bibliographies, `file` fields), present or not: a
  /// restart looks at each again, so one that appeared counts as a change.
  package var referenced: [String: FileRole]
  /// The extraction cache's entries the index's texts came from (a PDF's text), each stamped or absent.
  package var extractionEntries: [StampedPath]
  /// Each published file's path and its whole `publishDiagnostics` notification, in publishing order.
  package var published: [PublishedDiagnostics]
  /// The text each closed note's record was parsed from (its length and fingerprint), by path, and the file each closed
  /// source document that has parts was parsed from (its text is its file, or it is HTML): while its file's stamp is
  /// unchanged, the file is still that one, and a restart takes the record the note image keeps of it without reading
  /// the file.
  package var fileTexts: [String: TextStamp]
  /// Where each published notification's bytes are in the bytes a snapshot was decoded from without copying them
  /// (`init(decoding:build:copyingBodies:)` with `copyingBodies` off: the bodies are then empty); else empty.
  package var bodyRanges: [Range<Int>] = []

  /// Makes a snapshot.
  package init(
    key: RestartKey, files: [DiscoveredFile], otherFiles: [String], skipped: [SkippedFile],
    referenced: [String: FileRole], extractionEntries: [StampedPath], published: [PublishedDiagnostics],
    fileTexts: [String: TextStamp] = [:]
  ) {
    self.key = key
    self.files = files
    self.otherFiles = otherFiles
    self.skipped = skipped
    self.referenced = referenced
    self.extractionEntries = extractionEntries
    self.published = published
    self.fileTexts = fileTexts
  }

  /// Whether a fresh walk (`discover(…, referenced: referenced)`) and the extraction entries' stamps now describe
  /// exactly the inputs of this snapshot.
  package func matches(_ walk: WorkspaceFiles, entries: [StampedPath]) -> Bool {
    walk.files == files && walk.otherFiles.map(\.path) == otherFiles && walk.skipped == skipped
      && entries == extractionEntries
  }
}

/// Everything besides the files that a workspace's diagnostics depend on, or that their notifications spell.
package struct RestartKey: Hashable, Sendable {
  /// The Gloss build (version and executable): another build may diagnose differently.
  package var build: String
  /// The root as indexed (it is in every URI) and its real path (what the cache file is named after).
  package var root: String
  package var realRoot: String
  /// The home folder (`~/` paths).
  package var home: String
  /// The negotiated position encoding (the notifications' columns).
  package var positionEncoding: String
  /// The editor's settings, written canonically (the config file is one of the files).
  package var settings: String

  /// Makes a key.
  package init(
    build: String, root: String, realRoot: String, home: String, positionEncoding: String, settings: String
  ) {
    self.build = build
    self.root = root
    self.realRoot = realRoot
    self.home = home
    self.positionEncoding = positionEncoding
    self.settings = settings
  }
}

/// A path (absolute) with what `stat` said of it, or nil when nothing was there.
package struct StampedPath: Hashable, Sendable {
  /// The absolute path.
  package var path: String
  /// Its status, or nil when absent.
  package var status: FileStatus?

  /// Stamps `path` now.
  package init(path: String, fileSystem: any FileReading) {
    self.path = path
    status = try? fileSystem.status(of: path)
  }

  /// A stamp read back from a snapshot.
  package init(path: String, status: FileStatus?) {
    self.path = path
    self.status = status
  }
}

/// One file's published diagnostics: the path and the notification as sent.
package struct PublishedDiagnostics: Hashable, Sendable {
  /// The root-relative path.
  package var path: String
  /// The whole JSON-RPC notification.
  package var body: Data

  /// Makes a record.
  package init(path: String, body: Data) {
    self.path = path
    self.body = body
  }
}
