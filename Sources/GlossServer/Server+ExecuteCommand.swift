import LanguageServerProtocol

extension Server {
  /// The commands `workspace/executeCommand` accepts (advertised in the capabilities).
  static let executableCommands = [showReferencesCommand]

  /// `workspace/executeCommand`: `gloss.showReferences` (a code lens's command) has nothing for the server to do —
  /// the client shows references itself — so it answers null; unknown commands are refused.
  func executeCommand(_ params: ExecuteCommandRequest) throws -> JSONValue? {
    guard Self.executableCommands.contains(params.command) else {
      throw ResponseError.invalidParams("unknown command '\(params.command)'")
    }
    return nil
  }
}
