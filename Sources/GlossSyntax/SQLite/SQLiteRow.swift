/// One row of a table: its rowid and its values in the table's column order.
package struct SQLiteRow: Sendable, Equatable {
  /// The row's key in its table's b-tree.
  package var rowid: Int64
  /// One value per declared column; an `INTEGER PRIMARY KEY` column holds the rowid; a column added later by
  /// `ALTER TABLE` and absent from an old record holds its constant default, or `.null`.
  package var values: [SQLiteValue]

  /// A row with these values.
  package init(rowid: Int64, values: [SQLiteValue]) {
    self.rowid = rowid
    self.values = values
  }
}
