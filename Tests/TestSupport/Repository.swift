package import Foundation

/// Paths inside this repository, for tests that read committed fixtures or the examples.
package enum Repository {
  /// The repository's root folder (the one holding `Package.swift`).
  package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// A path under the root, such as `Tests/Fixtures/bibtex` or `examples/research`.
  package static func url(_ relativePath: String) -> URL {
    root.appendingPathComponent(relativePath)
  }
}
