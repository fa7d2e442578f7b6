import GlossIndex
import GlossSyntax
import LanguageServerProtocol

/// Decorations of a note: "Author Year" inlay hints and semantic tokens.
extension Server {
  /// `textDocument/inlayHint`: "Author Year" after cited keys in the range, when the `inlayHints` setting is on.
  func inlayHint(_ params: InlayHintRequest) -> [InlayHint] {
    guard let place = locate(params.textDocument.uri), let workspace = workspace(place.root),
      workspace.config.inlayHints, let text = text(of: place.path, in: place.root)
    else { return [] }
    let range = text.range(of: params.range, in: connection.positionEncoding)
    return workspace.inlayHints(in: place.path, range: range).map { hint in
      InlayHint(
        position: text.lspPosition(of: hint.offset, in: connection.positionEncoding), label: hint.label,
        tooltip: hint.title,
        paddingLeft: true)
    }
  }

  /// `textDocument/semanticTokens/full`: cited keys, locators, tags and wiki links, in `SemanticTokenLegend`.
  func semanticTokens(_ params: SemanticTokensRequest) -> SemanticTokens {
    guard let place = locate(params.textDocument.uri), let workspace = workspace(place.root) else {
      return SemanticTokens(data: [])
    }
    let tokens = workspace.semanticTokens(in: place.path)
    guard !tokens.isEmpty, let text = text(of: place.path, in: place.root) else { return SemanticTokens(data: []) }
    return SemanticTokens(data: SemanticTokenLegend.encode(tokens, in: text, encoding: connection.positionEncoding))
  }
}

extension Server {
  /// Asks the client to request semantic tokens and inlay hints again, when it supports that: after files other
  /// than the one being typed in changed (a bibliography, a linked note, the config), which the client cannot see.
  func refreshDecorations() {
    let workspace = connection.capabilities.workspace
    if workspace?.semanticTokens?.refreshSupport == true { sendRequest(SemanticTokensRefreshRequest()) }
    if workspace?.inlayHint?.refreshSupport == true { sendRequest(InlayHintRefreshRequest()) }
  }

  /// Refreshes decorations after `paths` changed in root `id`: always when one is a bibliography or a source
  /// document (keys, authors and years come from them), else when a file whose diagnostics changed with them
  /// (`affected`) is open in the editor.
  func refreshDecorations(afterChanging paths: Set<String>, affecting affected: Set<String>, in id: RootID) {
    guard let root = root(id) else { return }
    let workspace = root.workspace
    let touchesSources = paths.contains { workspace.bibliographies[$0] != nil || workspace.sourceDocuments[$0] != nil }
    if touchesSources || affected.subtracting(paths).contains(where: { root.openPaths[$0] != nil }) {
      refreshDecorations()
    }
  }
}
