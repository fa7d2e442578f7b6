import Foundation
import GlossIndex
import GlossServer
import GlossSyntax

/// `gloss-bench zotero <data-folder>`: reads a Zotero data folder as the server does (the files read, then
/// `ZoteroLibrary`), best of five, and says how many entries, attachments and annotations it gave.
enum ZoteroBench {
  static func run(_ arguments: [String]) {
    guard let folder = arguments.first else {
      print("usage: gloss-bench zotero <zotero-data-folder>   (make one with Tests/Bench/make_zotero_library.py)")
      return
    }
    let zotero = ZoteroFolder(dataDirectory: folder)
    var best = Duration.seconds(1000)
    var library: ZoteroLibrary?
    for _ in 0..<5 {
      let start = ContinuousClock.now
      if case .success(let read) = zotero.read(fileSystem: LocalFileSystem(), indexPath: zotero.databasePath) {
        library = read
      }
      best = min(best, ContinuousClock.now - start)
    }
    guard let library else {
      print("no Zotero database in '\(folder)'")
      return
    }
    // The SQLite reading alone (every table Gloss reads, once), to tell it from the mapping.
    var tablesBest = Duration.seconds(1000)
    if let bytes = try? LocalFileSystem().contents(of: zotero.databasePath) {
      for _ in 0..<5 {
        let start = ContinuousClock.now
        let database = SQLiteDatabase(file: bytes, wal: try? LocalFileSystem().contents(of: zotero.walPath))
        for name in ZoteroLibrary.tablesRead { _ = database.table(name) }
        tablesBest = min(tablesBest, ContinuousClock.now - start)
      }
    }
    print("zotero: the tables alone (SQLite reading) in \(milliseconds(tablesBest)) ms")
    let attachments = library.attachments.reduce(0) { $0 + $1.count }
    let annotations = library.attachments.reduce(0) { $0 + $1.reduce(0) { $0 + $1.annotations.count } }
    print(
      "zotero: \(library.bibliography.entries.count) entries, \(attachments) attachments, \(annotations) annotations"
        + " read in \(milliseconds(best)) ms"
        + " (best of 5); problems: \(library.bibliography.problems.map(\.message))")
  }

  static func milliseconds(_ duration: Duration) -> Int64 {
    duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
  }
}
