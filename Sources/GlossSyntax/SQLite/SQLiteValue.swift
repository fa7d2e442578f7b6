/// A value of a column in an SQLite record.
package enum SQLiteValue: Sendable, Equatable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob([UInt8])

  /// The integer of an `.integer`, else nil.
  package var integer: Int64? {
    if case .integer(let value) = self { return value }
    return nil
  }

  /// The text of a `.text`, else nil (no conversion).
  package var text: String? {
    if case .text(let value) = self { return value }
    return nil
  }
}
