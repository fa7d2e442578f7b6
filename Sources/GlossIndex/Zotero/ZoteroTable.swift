package import GlossSyntax

/// One table of a Zotero database read by column name: missing tables and columns read as empty, so a database
/// with an older or newer schema gives what it has.
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

  /// Whether the database has the table.
  var exists: Bool { table != nil }

  /// The rows, each read through `Row`.
  var rows: [Row] {
    guard let table else { return [] }
    return table.rows.map { Row(row: $0, table: table, rowidColumns: rowidColumns) }
  }

  /// One row of a table, read by column name.
  struct Row {
    let row: SQLiteRow
    let table: SQLiteTable
    let rowidColumns: Set<String>

    /// The value in `column`, `.null` when the table lacks the column (or the row is shorter: columns added later).
    func value(_ column: String) -> SQLiteValue {
      guard let index = table.column(column) else { return .null }
      let value = index < row.values.count ? row.values[index] : .null
      if value == .null, rowidColumns.contains(column) { return .integer(row.rowid) }
      return value
    }

    /// The integer in `column` (a whole real or a numeric text counts too).
    func int(_ column: String) -> Int64? {
      switch value(column) {
      case .integer(let number): number
      case .real(let number): Int64(exactly: number)
      case .text(let text): Int64(text.trimmingSpaces())
      default: nil
      }
    }

    /// The text in `column`; numbers are written out as SQLite's `CAST(… AS TEXT)` would.
    func text(_ column: String) -> String? {
      switch value(column) {
      case .text(let text): text
      case .integer(let number): String(number)
      case .real(let number): number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : "\(number)"
      case .blob(let bytes): String(decoding: bytes, as: UTF8.self)
      case .null: nil
      }
    }
  }
}
