/// `workspace/executeCommand`: runs one of the commands the server listed in `executeCommandProvider`.
package struct ExecuteCommandRequest: RequestType, Hashable {
  /// Whatever the command returns (`null` when it returns nothing).
  package typealias Response = JSONValue
  package static let method = "workspace/executeCommand"
  /// The command's name, such as `gloss.saveAsNote`.
  package var command: String
  /// The command's arguments, as the code action or the editor gave them.
  package var arguments: [JSONValue]?

  /// Creates the request.
  package init(command: String, arguments: [JSONValue]? = nil) {
    self.command = command
    self.arguments = arguments
  }
}

/// The server's `executeCommandProvider` capability: the commands it runs.
package struct ExecuteCommandOptions: Hashable, Sendable, Codable {
  /// Every command name the server implements.
  package var commands: [String]

  /// Creates the options.
  package init(commands: [String]) { self.commands = commands }
}
