import GlossServer
import LanguageServerProtocol

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A one-line progress display on stderr, shown only when stderr is a terminal (never when it is piped or a file).
final class TerminalProgress {
  /// Whether anything is shown: stderr is a terminal.
  let isShown: Bool
  private var isLineOpen = false

  /// A display on stderr, shown when `isatty(2)`.
  init(isShown: Bool = isatty(2) == 1) {
    self.isShown = isShown
  }

  /// Replaces the line with `message`.
  func show(_ message: String) {
    guard isShown else { return }
    FileDescriptorIO.writeToStandardError("\r\u{1B}[K" + message)
    isLineOpen = true
  }

  /// Shows an indexing step.
  func show(_ step: IndexingStep) {
    show(step.message)
  }

  /// Clears the line, so what is printed next starts on a clean line.
  func clear() {
    guard isShown, isLineOpen else { return }
    FileDescriptorIO.writeToStandardError("\r\u{1B}[K")
    isLineOpen = false
  }
}
