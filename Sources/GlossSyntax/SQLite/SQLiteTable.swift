/// The rows of one table and what could not be read.
package struct SQLiteTable: Sendable, Equatable {
  /// The table's name, as its `CREATE TABLE` statement spells it.
  package var name: String
  /// The declared column names, in order (parsed from the `CREATE TABLE` text).
  package var columns: [String]
  /// The rows, in rowid order.
  package var rows: [SQLiteRow]
  /// What could not be read (a page that is not a table page, a broken overflow chain…); the rows of unreadable
  /// pages are skipped.
  package var problems: [String]

  /// A table with these columns and rows.
  package init(name: String, columns: [String], rows: [SQLiteRow] = [], problems: [String] = []) {
    self.name = name
    self.columns = columns
    self.rows = rows
    self.problems = problems
  }

  /// The index of the column called `name` (case-insensitive, as SQL names are), or nil.
  package func column(_ name: String) -> Int? {
    let wanted = SQLiteTableDefinition.folded(name)
    return columns.firstIndex { SQLiteTableDefinition.folded($0) == wanted }
  }
}
