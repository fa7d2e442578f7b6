import GlossIndex
import GlossSyntax
package import LanguageServerProtocol

/// The refactor code actions of docs/features.md as commands, for the `textDocument/codeAction` handler to list.
extension Server {
  /// The refactor kinds offered in `codeActionProvider.codeActionKinds`.
  static let refactorKinds = ["refactor.extract", "refactor.rewrite"]

  /// The refactor code actions at the request's range, each running its command; only the kinds asked for.
  func refactorActions(_ params: CodeActionRequest) -> [CodeAction] {
    refactorCommands(at: params.textDocument.uri, range: params.range).compactMap { kind, command in
      if let only = params.context.only, !only.contains(where: { $0.isEmpty || kind.hasPrefix($0) }) { return nil }
      var action = CodeAction(title: command.title, kind: kind)
      action.command = command
      return action
    }
  }

  /// The refactorings at `range` of the document at `uri`, each as its code action kind and the command to run
  /// (`gloss.saveAsNote` with the uri and range, `gloss.convertToSource` with the uri, `gloss.createLiteratureNote`
  /// and `gloss.openSource` with the key); the code action handler
  /// makes each a `CodeAction(title: command.title, kind: kind, command: command)`.
  package func refactorCommands(at uri: DocumentURI, range: LSPRange) -> [(kind: String, command: Command)] {
    guard let location = locate(uri), let text = text(of: location.path, in: location.root),
      let workspace = workspace(location.root)
    else { return [] }
    let selection = text.range(of: range, in: connection.positionEncoding)
    return workspace.refactors(at: location.path, selection: selection, bytes: text.bytes).map { action in
      var argument: [String: JSONValue] = ["uri": .string(uri)]
      if case .source(let key, let target) = action.target {
        argument = ["key": .string(key)]
        if let target { argument["target"] = .string(target) }
      }
      if case .selection(_, let offsets) = action.target {
        let lsp = text.lspRange(of: offsets, in: connection.positionEncoding)
        argument["range"] = .object([
          "start": .object(["line": .int(lsp.start.line), "character": .int(lsp.start.character)]),
          "end": .object(["line": .int(lsp.end.line), "character": .int(lsp.end.character)]),
        ])
      }
      return (action.kind, Command(title: action.title, command: action.command, arguments: [.object(argument)]))
    }
  }
}
