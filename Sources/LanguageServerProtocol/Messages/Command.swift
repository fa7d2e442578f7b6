/// A command: a title to show and the name (with arguments) the client runs or sends back in
/// `workspace/executeCommand`.
package struct Command: Hashable, Sendable, Codable {
  /// The title shown (a code lens's text).
  package var title: String
  /// The command's identifier (`gloss.showReferences`).
  package var command: String
  /// The command's arguments.
  package var arguments: [JSONValue]?

  /// Creates a command.
  package init(title: String, command: String, arguments: [JSONValue]? = nil) {
    self.title = title
    self.command = command
    self.arguments = arguments
  }
}

/// `workspace/executeCommand`: runs one of the commands the server advertised.
package struct ExecuteCommandRequest: RequestType, Hashable {
  package typealias Response = JSONValue?
  package static let method = "workspace/executeCommand"
  /// The command's identifier.
  package var command: String
  /// The command's arguments.
  package var arguments: [JSONValue]?

  /// Creates the request.
  package init(command: String, arguments: [JSONValue]? = nil) {
    self.command = command
    self.arguments = arguments
  }
}

/// The commands the server runs through `workspace/executeCommand`.
package struct ExecuteCommandOptions: Hashable, Sendable, Codable {
  /// The command identifiers.
  package var commands: [String]

  /// Creates the options.
  package init(commands: [String]) { self.commands = commands }
}
