package import GlossIndex
import GlossSyntax

/// A Zotero data folder Gloss reads as a library (docs/zotero.md): where its files are, and how to read them without
/// writing anything there.
///
/// Gloss reads the database file itself (`SQLiteDatabase`) rather than through SQLite's library: nothing can be
/// written in Zotero's folder by construction (no `-shm`, no lock, no journal), and it works while Zotero holds its
/// lock on the database.
package struct ZoteroFolder: Hashable, Sendable {
  /// The absolute path of the data folder.
  package var dataDirectory: String
  /// Zotero's base folder for linked files, when configured (absolute).
  package var baseDirectory: String?
  /// The home folder whose Zotero preferences name `baseDirectory`, when `zotero.baseDir` does not (`ZoteroProfile`).
  package var preferencesHome: String?
  /// The files of Zotero's preferences that name `baseDirectory` (`ZoteroProfile.preferenceFiles`); empty when
  /// `zotero.baseDir` names it.
  package var preferenceFiles: [String] = []

  /// A data folder at an absolute path.
  package init(dataDirectory: String, baseDirectory: String? = nil) {
    self.dataDirectory = PathComponents.normalize(dataDirectory)
    self.baseDirectory = baseDirectory.map(PathComponents.normalize)
  }

  /// A data folder whose base folder for linked files is the one Zotero's preferences in `home` name.
  init(dataDirectory: String, preferencesIn home: String?, fileSystem: any FileReading) {
    self.init(dataDirectory: dataDirectory)
    preferencesHome = home
    readPreferences(fileSystem: fileSystem)
  }

  /// Reads the base folder for linked files again from Zotero's preferences, when they name it (Zotero's settings
  /// changed while Gloss runs); nothing otherwise.
  package mutating func readPreferences(fileSystem: any FileReading) {
    guard let home = preferencesHome else { return }
    baseDirectory = ZoteroProfile.baseAttachmentPath(home: home, fileSystem: fileSystem).map(PathComponents.normalize)
    preferenceFiles = ZoteroProfile.preferenceFiles(home: home, fileSystem: fileSystem)
  }

  /// `zotero.sqlite`.
  package var databasePath: String { PathComponents.join(dataDirectory, ZoteroSetting.databaseName) }
  /// The database's write-ahead log, where Zotero's latest changes are until it checkpoints them.
  package var walPath: String { databasePath + "-wal" }
  /// Better BibTeX's database beside it.
  package var betterBibTeXPath: String { PathComponents.join(dataDirectory, ZoteroSetting.betterBibTeXName) }
  /// Every file whose change means the library must be read again.
  package var libraryPaths: [String] { [databasePath, walPath, betterBibTeXPath] }
  /// Every file the periodic scan watches for it: the library's, then Zotero's preferences naming the base folder.
  package var watchedPaths: [String] { libraryPaths + preferenceFiles }

  /// The data folder `setting` names for the workspace at `root`: `zotero.dataDir` (`~/` from `home`, a relative
  /// path from the root), else `defaultDirectory` (`~/Zotero`) when it holds `zotero.sqlite`; nil when turned off or
  /// there is none. Its base folder for linked files is `zotero.baseDir`, else the one Zotero's preferences name
  /// (`ZoteroProfile`).
  package static func configured(
    _ setting: ZoteroSetting, root: String, home: String?, defaultDirectory: String?, fileSystem: any FileReading
  ) -> ZoteroFolder? {
    guard setting.isEnabled else { return nil }
    // Zotero's own preference when the configuration names no base folder.
    func folder(_ dataDirectory: String) -> ZoteroFolder {
      if let written = setting.baseDir {
        return ZoteroFolder(dataDirectory: dataDirectory, baseDirectory: absolute(written, root: root, home: home))
      }
      return ZoteroFolder(dataDirectory: dataDirectory, preferencesIn: home, fileSystem: fileSystem)
    }
    if let written = setting.dataDir {
      return absolute(written, root: root, home: home).map(folder)
    }
    guard let defaultDirectory, fileSystem.fileExists(PathComponents.join(defaultDirectory, ZoteroSetting.databaseName))
    else { return nil }
    return folder(defaultDirectory)
  }

  /// An absolute path for a folder written in the config: `~/` from `home`, `/` as is, else from the root.
  static func absolute(_ written: String, root: String, home: String?) -> String? {
    if written == "~" { return home }
    if written.hasPrefix("~/") { return home.map { PathComponents.join($0, String(written.dropFirst(2))) } }
    if written.hasPrefix("/") { return PathComponents.normalize(written) }
    return PathComponents.normalize(PathComponents.join(root, written))
  }
}
