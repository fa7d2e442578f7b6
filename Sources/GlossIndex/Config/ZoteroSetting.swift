/// Where Gloss reads a Zotero library from (`zotero` in `.gloss.json`; docs/zotero.md).
package struct ZoteroSetting: Hashable, Sendable {
  /// Whether a library is read at all (`"zotero": false` turns it off).
  package var isEnabled = true
  /// The data folder as written (`zotero.dataDir`, `~/` allowed); nil means `~/Zotero`, read only when it holds
  /// `zotero.sqlite`.
  package var dataDir: String?
  /// Zotero's base folder for files linked relative to it (`zotero.baseDir`, Zotero's "Linked Attachment Base
  /// Directory"); nil when not given.
  package var baseDir: String?

  /// The default: `~/Zotero` when it holds a database.
  package init(isEnabled: Bool = true, dataDir: String? = nil, baseDir: String? = nil) {
    self.isEnabled = isEnabled
    self.dataDir = dataDir
    self.baseDir = baseDir
  }

  /// The name of Zotero's database in its data folder.
  package static let databaseName = "zotero.sqlite"
  /// The name of Better BibTeX's database beside it.
  package static let betterBibTeXName = "better-bibtex.sqlite"
}
