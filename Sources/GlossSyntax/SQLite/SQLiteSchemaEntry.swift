/// One row of `sqlite_schema` (page 1's table: type, name, tbl_name, rootpage, sql): a table, index, view or trigger.
struct SQLiteSchemaEntry: Sendable, Equatable {
  /// `table`, `index`, `view` or `trigger`.
  var type: String
  /// The object's name.
  var name: String
  /// The root page of its b-tree (0 for views, triggers and virtual tables).
  var rootPage: Int
  /// The statement that created it (nil for automatic indexes).
  var sql: String?

  /// The entry of a schema row's values, or nil when they are not a schema row.
  init?(_ values: [SQLiteValue]) {
    guard values.count >= 5, let type = values[0].text, let name = values[1].text else { return nil }
    self.type = type
    self.name = name
    self.rootPage = values[3].integer.flatMap { Int(exactly: $0) } ?? 0
    self.sql = values[4].text
  }
}
