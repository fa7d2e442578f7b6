import GlossSyntax

/// One table of a Zotero database read by column name: missing tables and columns read as empty, so a database
/// with an older or newer schema gives what it has. Columns are looked up once per table, not per row (a library
/// has hundreds of thousands of rows).
struct ZoteroTable {
  /// The table, nil when the database lacks it.
  let table: SQLiteTable?
  /// The columns that are aliases of the row id (`INTEGER PRIMARY KEY`): SQLite stores NULL there.
  let rowidColumns: Set<String>

  /// The table `name` of `database`; `rowidColumns` name its `INTEGER PRIMARY KEY` column.
  init(_ database: SQLiteDatabase, _ name: String, rowidColumns: Set<String> = []) {
    self.init(database.table(name), rowidColumns: rowidColumns)
  }

  /// A table already read.
  init(_ table: SQLiteTable?, rowidColumns: Set<String> = []) {
    self.table = table
    self.rowidColumns = rowidColumns
  }

  /// The rows (none when the table is missing).
  var rows: [SQLiteRow] { table?.rows ?? [] }

  /// The reader of the column `name` in this table's rows.
  func column(_ name: String) -> Column {
    Column(index: table?.column(name), isRowid: rowidColumns.contains(name))
  }

  /// One column of a table, read from its rows.
  struct Column {
    /// The column's position in a row, nil when the table lacks it.
    let index: Int?
    /// Whether the column is the row id's alias.
    let isRowid: Bool

    /// The value in a row, `.null` when the table lacks the column (or the row is shorter: a column added later).
    func value(_ row: SQLiteRow) -> SQLiteValue {
      guard let index else { return .null }
      let value = index < row.values.count ? row.values[index] : .null
      if isRowid, case .null = value { return .integer(row.rowid) }
      return value
    }

    /// The integer in a row (a whole real or a numeric text counts too).
    func int(_ row: SQLiteRow) -> Int64? {
      switch value(row) {
      case .integer(let number): number
      case .real(let number): Int64(exactly: number)
      case .text(let text): Int64(text.trimmingSpaces())
      default: nil
      }
    }

    /// The text in a row, without surrounding spaces; numbers are written out as SQLite's `CAST(… AS TEXT)` would.
    func text(_ row: SQLiteRow) -> String? {
      switch value(row) {
      case .text(let text):
        guard let first = text.utf8.first, let last = text.utf8.last else { return text }
        return first <= 32 || last <= 32 ? text.trimmingSpaces() : text
      case .integer(let number):
        return String(number)
      case .real(let number):
        return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : "\(number)"
      case .blob(let bytes):
        return String(decoding: bytes, as: UTF8.self)
      case .null:
        return nil
      }
    }
  }
}
