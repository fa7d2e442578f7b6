package import GlossIndex
import GlossSyntax

extension ZoteroFolder {
  /// How many times a read is tried again when Zotero wrote to its files while they were being read.
  static let readAttempts = 3

  /// Reads the library: `zotero.sqlite` with its `-wal` (and Better BibTeX's database), each only read, never
  /// opened for writing; when one of them changed size or time while they were read (Zotero wrote meanwhile), they
  /// are read again, so that the database and its log are one consistent view. A folder without a database is a
  /// `SkippedFile` on the database's `indexPath`; a database that cannot be read is a library with a problem.
  package func read(fileSystem: any FileReading, indexPath: String) -> Result<ZoteroLibrary, SkippedFile> {
    var attempt = 0
    while true {
      attempt += 1
      let before = stamps(fileSystem)
      let database: [UInt8]
      do {
        database = try fileSystem.contents(of: databasePath)
      } catch {
        let reason =
          error.kind == .notFound
          ? (fileSystem.isDirectory(dataDirectory)
            ? "the Zotero data folder holds no 'zotero.sqlite'" : "no Zotero data folder at '\(dataDirectory)'")
          : "cannot read the Zotero database: \(error.reason)"
        return .failure(SkippedFile(path: indexPath, reason: reason))
      }
      let wal = try? fileSystem.contents(of: walPath)
      let betterBibTeX = try? fileSystem.contents(of: betterBibTeXPath)
      guard stamps(fileSystem) == before || attempt >= Self.readAttempts else { continue }
      return .success(
        ZoteroLibrary(
          database: SQLiteDatabase(file: database, wal: wal),
          betterBibTeX: betterBibTeX.map { SQLiteDatabase(file: $0) },
          dataDirectory: dataDirectory, baseDirectory: baseDirectory))
    }
  }

  /// The size and times of each of the library's files (nil when it does not exist).
  private func stamps(_ fileSystem: any FileReading) -> [Stamp?] {
    libraryPaths.map { path in
      (try? fileSystem.status(of: path)).map {
        Stamp(size: $0.size, modificationTime: $0.modificationTime, changeTime: $0.changeTime, identity: $0.identity)
      }
    }
  }

  /// What tells one state of a file from another.
  private struct Stamp: Hashable {
    var size: Int
    var modificationTime: FileTime
    var changeTime: FileTime
    var identity: FileIdentity
  }
}

extension ZoteroFolder {
  /// What one load of the folder gives the index: the library's record (nil when there is no database), why there
  /// is none, and the watched files by index path with their status (nil when absent: the scan looks for them).
  package struct Load: Sendable {
    package var record: BibliographyRecord?
    package var skipped: SkippedFile?
    package var watched: [(path: String, status: FileStatus?)]
  }

  /// Reads the library as the index takes it, keyed by the database's index path in `place`.
  package func load(fileSystem: any FileReading, place: WorkspacePlace) -> Load {
    let indexPath = place.indexPath(ofAbsolute: databasePath) ?? databasePath
    var load = Load(record: nil, skipped: nil, watched: [])
    for path in watchedPaths {
      load.watched.append((place.indexPath(ofAbsolute: path) ?? path, try? fileSystem.status(of: path)))
    }
    switch read(fileSystem: fileSystem, indexPath: indexPath) {
    case .success(let library): load.record = BibliographyRecord(path: indexPath, zotero: library, place: place)
    case .failure(let problem): load.skipped = problem
    }
    return load
  }
}
