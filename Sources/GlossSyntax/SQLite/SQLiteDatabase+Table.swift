extension SQLiteDatabase {
  /// The table called `name` (case-insensitive; `sqlite_schema` and `sqlite_master` name the schema itself), or nil
  /// when there is no such table. A table whose rows this reader cannot read (a virtual table, a `WITHOUT ROWID`
  /// table, a statement it cannot parse) has no rows and says why in `problems`.
  package func table(_ name: String) -> SQLiteTable? {
    guard let pager else { return nil }
    let wanted = SQLiteTableDefinition.folded(name)
    if wanted == "sqlite_schema" || wanted == "sqlite_master" {
      return read(name: name, root: 1, definition: Self.schemaDefinition, pager: pager)
    }
    guard let entry = schema.first(where: { $0.type == "table" && SQLiteTableDefinition.folded($0.name) == wanted })
    else { return nil }
    guard entry.rootPage > 0 else {
      return SQLiteTable(
        name: entry.name, columns: [],
        problems: ["\(entry.name) is a virtual table: its rows are not stored in its own pages"])
    }
    guard let sql = entry.sql, let definition = SQLiteTableDefinition(sql: sql) else {
      return SQLiteTable(
        name: entry.name, columns: [], problems: ["the columns of \(entry.name) cannot be read from its statement"])
    }
    if definition.withoutRowid {
      return SQLiteTable(
        name: entry.name, columns: definition.columns, problems: ["\(entry.name) is a WITHOUT ROWID table, not read"])
    }
    return read(name: entry.name, root: entry.rootPage, definition: definition, pager: pager)
  }

  /// The rows of the table b-tree at `root`, laid out as `definition` says.
  private func read(name: String, root: Int, definition: SQLiteTableDefinition, pager: SQLitePager) -> SQLiteTable {
    var tree = SQLiteTableTree(pager: pager)
    var rows: [SQLiteRow] = []
    var damaged: [Int64] = []
    let storedColumns = definition.stored.indices.filter { definition.stored[$0] }
    let allStored = storedColumns.count == definition.columns.count
    let encoding = self.encoding
    let hasReal = definition.real.contains(true)
    tree.walk(root: root) { rowid, payload in
      guard let record = SQLiteRecord.values(payload, encoding: encoding) else {
        damaged.append(rowid)
        return
      }
      var values: [SQLiteValue]
      if allStored {
        values = record
        if values.count > definition.columns.count {
          values.removeLast(values.count - definition.columns.count)
        } else if values.count < definition.columns.count {
          values += definition.defaults[values.count...]
        }
      } else {
        values = definition.defaults
        for (index, column) in storedColumns.enumerated() where index < record.count { values[column] = record[index] }
        for column in definition.columns.indices where !definition.stored[column] { values[column] = .null }
      }
      if hasReal {
        for column in values.indices where definition.real[column] {
          if case .integer(let whole) = values[column] { values[column] = .real(Double(whole)) }
        }
      }
      if let alias = definition.rowidColumn { values[alias] = .integer(rowid) }
      rows.append(SQLiteRow(rowid: rowid, values: values))
    }
    var problems = tree.problems
    if !damaged.isEmpty {
      let listed = damaged.prefix(5).map(String.init).joined(separator: ", ")
      problems.append(
        "the records of \(damaged.count) rows are damaged and skipped (rowid \(listed)\(damaged.count > 5 ? ", …" : ""))"
      )
    }
    if !zip(rows, rows.dropFirst()).allSatisfy({ $0.rowid < $1.rowid }) {
      // A damaged tree: rows in rowid order, the first met of each rowid kept.
      problems.append(
        "rows are out of rowid order or share a rowid (a damaged tree); the later of each rowid is skipped")
      var seen = Set<Int64>()
      rows = rows.filter { seen.insert($0.rowid).inserted }.sorted { $0.rowid < $1.rowid }
    }
    return SQLiteTable(name: name, columns: definition.columns, rows: rows, problems: problems)
  }
}
