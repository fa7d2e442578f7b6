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
    let range = text.range(of: params.range, in: positionEncoding)
    return workspace.inlayHints(in: place.path, range: range).map { hint in
      InlayHint(
        position: text.lspPosition(of: hint.offset, in: positionEncoding), label: hint.label, tooltip: hint.title,
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
    return SemanticTokens(data: SemanticTokenLegend.encode(tokens, in: text, encoding: positionEncoding))
  }
}
