import GlossSyntax

/// The reading of one Zotero database into a `ZoteroLibrary`: lookup tables first, then one entry per citable item.
struct ZoteroReader {
  let database: SQLiteDatabase
  let dataDirectory: String
  let baseDirectory: String?
  /// Better BibTeX's citation keys by Zotero item ID.
  var betterBibTeXKeys: [Int64: String] = [:]

  /// The tables read, each read once, by name.
  let tables: [String: SQLiteTable]

  /// The tables Gloss reads, with their `INTEGER PRIMARY KEY` columns (stored as NULL: the row id is the value).
  static let tablesRead: [String: Set<String>] = [
    "version": [], "itemTypes": ["itemTypeID"], "fields": ["fieldID"], "creatorTypes": ["creatorTypeID"],
    "deletedItems": ["itemID"], "feedItems": ["itemID"], "items": ["itemID"], "itemDataValues": ["valueID"],
    "itemData": [], "creators": ["creatorID"], "itemCreators": [], "itemAttachments": ["itemID"],
    "itemAnnotations": ["itemID"], "tags": ["tagID"], "itemTags": [],
  ]

  init(database: SQLiteDatabase, dataDirectory: String, baseDirectory: String?) {
    self.database = database
    var tables: [String: SQLiteTable] = [:]
    for name in Self.tablesRead.keys {
      if let table = database.table(name) { tables[name] = table }
    }
    self.tables = tables
    self.dataDirectory = dataDirectory.hasSuffix("/") ? String(dataDirectory.dropLast()) : dataDirectory
    self.baseDirectory = baseDirectory.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
  }

  /// Better BibTeX's `citationkey` table (`itemID`, `itemKey`, `libraryID`, `citationKey`, `pinned`) by item ID.
  static func betterBibTeXKeys(_ database: SQLiteDatabase) -> [Int64: String] {
    guard database.problem == nil else { return [:] }
    var keys: [Int64: String] = [:]
    let read = ZoteroTable(database, "citationkey")
    let citationKeyColumn = read.column("citationKey")
    let itemIDColumn = read.column("itemID")
    for row in read.rows {
      guard let id = itemIDColumn.int(row), let key = citationKeyColumn.text(row), !key.isEmpty else {
        continue
      }
      keys[id] = key
    }
    return keys
  }

  /// The table `name` as read, with its row-id columns.
  func table(_ name: String) -> ZoteroTable {
    ZoteroTable(tables[name], rowidColumns: Self.tablesRead[name] ?? [])
  }

  /// What was wrong in the tables read (a damaged page, a table that cannot be read), each said once.
  var tableProblems: [String] {
    var seen: Set<String> = []
    return Self.tablesRead.keys.sorted().flatMap { tables[$0]?.problems ?? [] }.filter { seen.insert($0).inserted }
  }

  /// One regular item as read from the tables, before it becomes an entry.
  private struct Item {
    var id: Int64
    var key: String
    var type: String
    var fields: [String: String] = [:]
    var creators: [(order: Int64, type: String, name: PersonName)] = []
    var tags: [String] = []
  }

  func library() -> ZoteroLibrary {
    var library = ZoteroLibrary()
    var notices: [String] = []
    // The schema version: a newer one is read as far as its tables are understood.
    do {
      let read = table("version")
      let schemaColumn = read.column("schema")
      let versionColumn = read.column("version")
      for row in read.rows where schemaColumn.text(row) == "userdata" {
        library.schemaVersion = versionColumn.int(row).map(Int.init)
      }
    }
    if let version = library.schemaVersion, version > ZoteroSchema.knownUserDataVersion {
      notices.append(
        "the Zotero database has schema version \(version), newer than the \(ZoteroSchema.knownUserDataVersion)"
          + " Gloss knows: what it understands is read")
    }
    let typeNames = names(table("itemTypes"), "itemTypeID", "typeName")
    let fieldNames = names(table("fields"), "fieldID", "fieldName")
    let creatorTypes = names(
      table("creatorTypes"), "creatorTypeID", "creatorType")
    let excluded = excludedItems()

    // Every item not in the trash, by ID; the citable ones are those of a regular type.
    var keysByID: [Int64: String] = [:]
    var items: [Int64: Item] = [:]
    do {
      let read = table("items")
      let itemIDColumn = read.column("itemID")
      let itemTypeIDColumn = read.column("itemTypeID")
      let keyColumn = read.column("key")
      for row in read.rows {
        guard let id = itemIDColumn.int(row), !excluded.contains(id), let key = keyColumn.text(row) else { continue }
        keysByID[id] = key
        let type = itemTypeIDColumn.int(row).flatMap { typeNames[$0] } ?? ""
        if !ZoteroSchema.childTypes.contains(type) { items[id] = Item(id: id, key: key, type: type) }
      }
    }
    let values = valuesByID()
    do {
      let read = table("itemData")
      let fieldIDColumn = read.column("fieldID")
      let itemIDColumn = read.column("itemID")
      let valueIDColumn = read.column("valueID")
      for row in read.rows {
        guard let id = itemIDColumn.int(row), items[id] != nil,
          let field = fieldIDColumn.int(row).flatMap({ fieldNames[$0] }),
          let value = valueIDColumn.int(row).flatMap({ values[$0] }), !value.isEmpty
        else { continue }
        items[id]?.fields[field] = value
      }
    }
    let people = creators()
    do {
      let read = table("itemCreators")
      let creatorIDColumn = read.column("creatorID")
      let creatorTypeIDColumn = read.column("creatorTypeID")
      let itemIDColumn = read.column("itemID")
      let orderIndexColumn = read.column("orderIndex")
      for row in read.rows {
        guard let id = itemIDColumn.int(row), items[id] != nil,
          let person = creatorIDColumn.int(row).flatMap({ people[$0] })
        else { continue }
        let type = creatorTypeIDColumn.int(row).flatMap { creatorTypes[$0] } ?? "author"
        items[id]?.creators.append((orderIndexColumn.int(row) ?? 0, type, person))
      }
    }
    do {
      let tagNames = names(table("tags"), "tagID", "name")
      let read = table("itemTags")
      let itemIDColumn = read.column("itemID")
      let tagIDColumn = read.column("tagID")
      for row in read.rows {
        guard let id = itemIDColumn.int(row), items[id] != nil,
          let tag = tagIDColumn.int(row).flatMap({ tagNames[$0] }),
          !tag.isEmpty
        else { continue }
        items[id]?.tags.append(tag)
      }
    }
    let attachments = attachmentsByParent(keysByID: keysByID, excluded: excluded, notices: &notices)

    var withoutKey: [String] = []
    for id in items.keys.sorted() {
      guard let item = items[id] else { continue }
      guard let key = citationKey(of: item) else {
        withoutKey.append(item.fields["title"] ?? item.key)
        continue
      }
      let files = attachments[id] ?? []
      library.bibliography.entries.append(entry(item, key: key, files: files.compactMap(\.path)))
      library.attachments.append(files)
    }
    if !withoutKey.isEmpty {
      let shown = withoutKey.prefix(3).map { "'\($0)'" }.joined(separator: ", ") + (withoutKey.count > 3 ? ", …" : "")
      notices.append(
        "\(withoutKey.count) Zotero item\(withoutKey.count == 1 ? " has" : "s have") no citation key and cannot be"
          + " cited (\(shown)): give \(withoutKey.count == 1 ? "it" : "them") one in Zotero's Citation Key field"
          + " or with Better BibTeX")
    }
    let problems = tableProblems
    if !problems.isEmpty {
      let shown = problems.prefix(3).joined(separator: "; ") + (problems.count > 3 ? "; …" : "")
      library.bibliography.problems.append(
        SyntaxProblem(range: 0..<0, message: "the Zotero database is damaged, some items may be missing: \(shown)"))
    }
    library.itemsWithoutKey = withoutKey
    library.notices = notices
    return library
  }

  /// ID → name for a lookup table such as `itemTypes` or `fields`.
  private func names(_ table: ZoteroTable, _ idColumn: String, _ nameColumn: String) -> [Int64: String] {
    var out: [Int64: String] = [:]
    let ids = table.column(idColumn)
    let names = table.column(nameColumn)
    for row in table.rows {
      if let id = ids.int(row), let name = names.text(row) { out[id] = name }
    }
    return out
  }

  /// Items that are not entries: in the trash (`deletedItems`), and those of feeds (their own libraries).
  private func excludedItems() -> Set<Int64> {
    var out: Set<Int64> = []
    for name in ["deletedItems", "feedItems"] {
      let read = table(name)
      let itemIDColumn = read.column("itemID")
      for row in read.rows {
        if let id = itemIDColumn.int(row) { out.insert(id) }
      }
    }
    return out
  }

  /// `itemDataValues` by value ID.
  private func valuesByID() -> [Int64: String] {
    var out: [Int64: String] = [:]
    let read = table("itemDataValues")
    let valueColumn = read.column("value")
    let valueIDColumn = read.column("valueID")
    for row in read.rows {
      if let id = valueIDColumn.int(row), let value = valueColumn.text(row) { out[id] = value }
    }
    return out
  }

  /// `creators` by creator ID: a two-field name, or one field (`fieldMode` 1: an institution) as a literal.
  private func creators() -> [Int64: PersonName] {
    var out: [Int64: PersonName] = [:]
    let read = table("creators")
    let creatorIDColumn = read.column("creatorID")
    let fieldModeColumn = read.column("fieldMode")
    let firstNameColumn = read.column("firstName")
    let lastNameColumn = read.column("lastName")
    for row in read.rows {
      guard let id = creatorIDColumn.int(row) else { continue }
      let last = lastNameColumn.text(row) ?? ""
      let first = firstNameColumn.text(row) ?? ""
      if fieldModeColumn.int(row) == 1 {
        out[id] = PersonName(literal: last.isEmpty ? first : last)
      } else {
        out[id] = PersonName(family: last.isEmpty ? nil : last, given: first.isEmpty ? nil : first)
      }
    }
    return out
  }

  /// The citation key: Zotero's own field (Zotero 7 and later), else Better BibTeX's, else `Citation Key:` in Extra.
  private func citationKey(of item: Item) -> String? {
    if let native = item.fields["citationKey"], !native.isEmpty { return native }
    if let key = betterBibTeXKeys[item.id] { return key }
    for line in (item.fields["extra"] ?? "").split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
      let parts = line.split(separator: ":", maxSplits: 1)
      guard parts.count == 2, parts[0].trimmingSpaces().lowercased() == "citation key" else { continue }
      let key = String(parts[1]).trimmingSpaces()
      if !key.isEmpty, !key.contains(" ") { return key }
    }
    return nil
  }

  /// The entry an item gives, as Zotero's BibTeX export maps it.
  private func entry(_ item: Item, key: String, files: [String]) -> BibliographyEntry {
    let fields = item.fields
    func first(_ names: [String]) -> String? { names.lazy.compactMap { fields[$0] }.first }
    var entry = BibliographyEntry(
      key: key, keyRange: 0..<0, range: 0..<0, type: ZoteroSchema.bibTeXTypes[item.type] ?? "misc",
      title: fields["title"] ?? fields["caseName"] ?? fields["nameOfAct"] ?? fields["subject"],
      containerTitle: first(ZoteroSchema.containerFields), volume: fields["volume"],
      issue: first(ZoteroSchema.issueFields), pages: fields["pages"],
      publisher: first(ZoteroSchema.publisherFields), url: fields["url"], doi: fields["DOI"],
      abstract: fields["abstractNote"], files: files)
    entry.address = fields["place"]
    entry.isbn = fields["ISBN"]
    entry.language = fields["language"]
    // Tags by name, case aside (by code point, not a language's collation), as `keywords`.
    entry.keywords = item.tags.sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
    let ordered = item.creators.sorted { $0.order < $1.order }
    entry.authors = ordered.filter { ZoteroSchema.authorTypes.contains($0.type) }.map(\.name)
    entry.editors = ordered.filter { ZoteroSchema.editorTypes.contains($0.type) }.map(\.name)
    if let date = fields["date"] ?? fields["dateDecided"] ?? fields["dateEnacted"] ?? fields["issueDate"] {
      (entry.year, entry.date) = Self.date(date)
    }
    return entry
  }

  /// Zotero's stored date, `YYYY-MM-DD original` with `00` for an unknown part (`2019-00-00 2019`,
  /// `0000-00-00 Spring 2020` when Zotero could not read it): its year and date.
  static func date(_ stored: String) -> (year: String?, date: EntryDate?) {
    let bytes = Array(stored.utf8)
    func number(_ range: Range<Int>) -> Int? {
      guard range.upperBound <= bytes.count, bytes[range].allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
      return Int(String(decoding: bytes[range], as: UTF8.self))
    }
    if bytes.count >= 10, bytes[4] == 45, bytes[7] == 45, let year = number(0..<4), year > 0 {
      var parts = [year]
      if let month = number(5..<7), month > 0 {
        parts.append(month)
        if let day = number(8..<10), day > 0 { parts.append(day) }
      }
      return (String(year), EntryDate(parts: [parts]))
    }
    // Not in Zotero's form: the first run of four digits is the year.
    var run = 0
    for (index, byte) in bytes.enumerated() {
      run = byte >= 48 && byte <= 57 ? run + 1 : 0
      let next = index + 1 < bytes.count ? bytes[index + 1] : 0
      if run == 4, !(next >= 48 && next <= 57), let year = number(index - 3..<index + 1), year > 0 {
        return (String(year), EntryDate(parts: [[year]]))
      }
    }
    return (nil, nil)
  }
}
