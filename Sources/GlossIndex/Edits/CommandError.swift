/// Why a command cannot be carried out, in words for the user.
package struct CommandError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The message (lowercase start, no final period).
  package var message: String

  /// Makes an error.
  package init(_ message: String) { self.message = message }

  /// The message.
  package var description: String { message }
}
