/// A zero-based line and column in a text, the column counted in some `PositionEncoding`.
package struct TextPosition: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The zero-based line number.
  package var line: Int
  /// The zero-based column, in the units of the encoding the position was made for.
  package var column: Int

  /// A position at `line` and `column`.
  package init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// Orders positions by line, then by column.
  package static func < (lhs: TextPosition, rhs: TextPosition) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }

  /// The position as `line:column`, both zero-based.
  package var description: String { "\(line):\(column)" }
}
