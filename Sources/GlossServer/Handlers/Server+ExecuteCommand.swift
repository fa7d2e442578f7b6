import LanguageServerProtocol

extension Server {
  /// The commands `workspace/executeCommand` accepts (advertised in the capabilities).
  static let executableCommands = [showReferencesCommand] + commandNames

  /// `workspace/executeCommand`: `gloss.showReferences` (a code lens's command) has nothing for the server to do —
  /// the client shows references itself — so it answers null; the commands of docs/commands.md run in `runCommand`;
  /// unknown commands are refused.
  func executeCommand(_ params: ExecuteCommandRequest) throws -> JSONValue? {
    guard Self.executableCommands.contains(params.command) else {
      throw ResponseError.invalidParams("unknown command '\(params.command)'")
    }
    if Self.commandNames.contains(params.command) { return try runCommand(params) }
    return nil
  }
}
