/// Why a file operation failed, with a message a user can read.
package struct FileSystemError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kind of failure.
  package enum Kind: Hashable, Sendable {
    case notFound
    case permissionDenied
    case notADirectory
    case isADirectory
    case alreadyExists
    case symlinkLoop
    /// A compare-and-swap found the file changed since it was read.
    case changed
    case other
  }

  /// The kind of failure.
  package var kind: Kind
  /// The path the operation was about.
  package var path: String
  /// A user-facing reason: lowercase start, no final period (`permission denied`).
  package var reason: String

  /// Makes an error; the reason defaults to one that describes the kind.
  package init(_ kind: Kind, path: String, reason: String? = nil) {
    self.kind = kind
    self.path = path
    self.reason = reason ?? Self.defaultReason(kind)
  }

  /// `cannot read '/a/b.md': permission denied`-style text without the verb: `'/a/b.md': permission denied`.
  package var description: String {
    "'\(path)': \(reason)"
  }

  private static func defaultReason(_ kind: Kind) -> String {
    switch kind {
    case .notFound: "no such file or directory"
    case .permissionDenied: "permission denied"
    case .notADirectory: "not a directory"
    case .isADirectory: "is a directory"
    case .alreadyExists: "file already exists"
    case .symlinkLoop: "too many levels of symbolic links"
    case .changed: "changed since it was read"
    case .other: "input/output error"
    }
  }
}
