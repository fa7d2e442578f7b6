package import GlossSyntax

/// A Zotero data folder's database read as a bibliography (docs/zotero.md): every regular item of every library
/// (the user's and the groups'), outside the trash, with a citation key, as the same entries a `.bib` export gives,
/// each with its attachments and their annotations.
///
/// Pure: the server hands it the bytes of `zotero.sqlite` (with its `-wal`) and of Better BibTeX's database, and
/// where the data folder lies; the reading never fails, and what could not be read travels as `problems` and
/// `notices`.
package struct ZoteroLibrary: Hashable, Sendable {
  /// The entries (their ranges empty: a database has no text positions), and what made the database unreadable.
  package var bibliography: Bibliography
  /// For each entry, the attachments of its item in Zotero's order.
  package var attachments: [[ZoteroAttachment]]
  /// What the user should know once about a library that was read (a newer schema, items without a citation key,
  /// linked files that cannot be placed): lowercase start, no final period.
  package var notices: [String]
  /// The items left out because they have no citation key, by title (else Zotero's item key).
  package var itemsWithoutKey: [String]
  /// The database's `userdata` schema version, when it says.
  package var schemaVersion: Int?

  /// An empty library.
  package init(
    bibliography: Bibliography = Bibliography(), attachments: [[ZoteroAttachment]] = [], notices: [String] = [],
    itemsWithoutKey: [String] = [], schemaVersion: Int? = nil
  ) {
    self.bibliography = bibliography
    self.attachments = attachments
    self.notices = notices
    self.itemsWithoutKey = itemsWithoutKey
    self.schemaVersion = schemaVersion
  }

  /// Reads the library in `database`; `betterBibTeX` is Better BibTeX's database beside it (its `citationkey`
  /// table), `dataDirectory` the absolute path of the data folder (stored files are in its `storage/`) and
  /// `baseDirectory` Zotero's base folder for linked files (`attachments:` paths), when known.
  package init(
    database: SQLiteDatabase, betterBibTeX: SQLiteDatabase? = nil, dataDirectory: String,
    baseDirectory: String? = nil
  ) {
    self.init()
    if let problem = database.problem {
      bibliography.problems = [SyntaxProblem(range: 0..<0, message: "cannot read the Zotero database: \(problem)")]
      return
    }
    guard database.table("items") != nil, database.table("itemData") != nil else {
      bibliography.problems = [
        SyntaxProblem(range: 0..<0, message: "not a Zotero database: it has no 'items' and 'itemData' tables")
      ]
      return
    }
    var reader = ZoteroReader(database: database, dataDirectory: dataDirectory, baseDirectory: baseDirectory)
    reader.betterBibTeXKeys = betterBibTeX.map(ZoteroReader.betterBibTeXKeys) ?? [:]
    self = reader.library()
  }

  /// The names of the database tables Gloss reads.
  package static var tablesRead: [String] { ZoteroReader.tablesRead.keys.sorted() }

  /// The attachment giving the entry at `index` its text: the one `isText` picks, else the first PDF with
  /// annotations, else the first PDF, else the first attachment.
  package func attachment(ofEntry index: Int, where isText: (ZoteroAttachment) -> Bool) -> ZoteroAttachment? {
    guard index < attachments.count else { return nil }
    let list = attachments[index]
    return list.first(where: isText) ?? list.first { $0.isPDF && !$0.annotations.isEmpty } ?? list.first(where: \.isPDF)
      ?? list.first
  }
}

extension ZoteroAttachment {
  /// Whether the attachment is a PDF (by its MIME type, else its file name).
  package var isPDF: Bool {
    contentType == "application/pdf" || (contentType.isEmpty && (path?.lowercased().hasSuffix(".pdf") ?? false))
  }
}
