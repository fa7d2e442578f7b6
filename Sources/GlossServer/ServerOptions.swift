package import Foundation

/// What the server is given from outside: its name and version, a clock, a log and the tick period.
///
/// Later issues add their dependencies here, so tests can inject them: the workspace issue adds the
/// `FileSystem` (`LocalFileSystem` in `gloss lsp`, `InMemoryFileSystem` in tests).
package struct ServerOptions: Sendable {
  /// The name in `serverInfo`.
  package var name = "gloss"
  /// The version in `serverInfo`.
  package var version = GlossVersion.current
  /// The clock, read for time stamps (created dates, progress).
  package var now: @Sendable () -> Date = { Date() }
  /// Where log lines go (stderr in `gloss lsp`; stdout is the protocol).
  package var log: @Sendable (String) -> Void = { line in
    FileHandle.standardError.write(Data("gloss: \(line)\n".utf8))
  }
  /// How often the loop sends `.tick` events; nil for none.
  package var tickInterval: Duration?

  /// Creates the default options.
  package init() {}
}

/// The version of Gloss, for `--version` and `serverInfo`.
package enum GlossVersion {
  /// The current version.
  package static let current = "0.1.0"
}
