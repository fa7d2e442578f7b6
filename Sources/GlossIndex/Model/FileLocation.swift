/// A range in a workspace file, as navigation queries answer: a root-relative path and UTF-8 byte offsets.
package struct FileLocation: Hashable, Sendable, CustomStringConvertible {
  /// The root-relative path, with `/`.
  package var path: String
  /// The range in the file's bytes (empty for "the start of the file").
  package var range: Range<Int>

  /// A location from its parts.
  package init(path: String, range: Range<Int>) {
    self.path = path
    self.range = range
  }

  /// The start of the file at `path`.
  package static func start(of path: String) -> FileLocation { FileLocation(path: path, range: 0..<0) }

  /// `path [lower..<upper)`, for test dumps and logs.
  package var description: String { "\(path) [\(range.lowerBound)..<\(range.upperBound))" }
}
