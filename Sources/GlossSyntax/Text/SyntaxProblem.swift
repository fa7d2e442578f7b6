/// A problem found while parsing, carried as data rather than thrown.
package struct SyntaxProblem: Hashable, Sendable {
  /// The UTF-8 byte range the problem is about, in the parsed file.
  package var range: Range<Int>
  /// A user-facing message: lowercase start, no final period.
  package var message: String

  package init(range: Range<Int>, message: String) {
    self.range = range
    self.message = message
  }
}
