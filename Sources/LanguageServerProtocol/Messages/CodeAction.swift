/// `textDocument/codeAction`: the actions available for a range (Gloss answers quick fixes of its diagnostics).
package struct CodeActionRequest: RequestType, Hashable {
  package typealias Response = [CodeAction]?
  package static let method = "textDocument/codeAction"
  /// The document.
  package var textDocument: TextDocumentIdentifier
  /// The range the actions are asked for.
  package var range: LSPRange
  /// The diagnostics the client shows there, and which kinds it wants.
  package var context: CodeActionContext

  /// Creates the request.
  package init(textDocument: TextDocumentIdentifier, range: LSPRange, context: CodeActionContext) {
    self.textDocument = textDocument
    self.range = range
    self.context = context
  }
}

/// The client's context of a code action request.
package struct CodeActionContext: Hashable, Sendable, Codable {
  /// The diagnostics the client shows at the range (possibly stale or from other tools).
  package var diagnostics: [Diagnostic]
  /// The kinds wanted (`quickfix`, `refactor`, …); nil for all.
  package var only: [String]?
  /// 1 when invoked by the user, 2 when automatic.
  package var triggerKind: Int?

  /// Creates the context.
  package init(diagnostics: [Diagnostic] = [], only: [String]? = nil, triggerKind: Int? = nil) {
    self.diagnostics = diagnostics
    self.only = only
    self.triggerKind = triggerKind
  }

  private enum CodingKeys: String, CodingKey { case diagnostics, only, triggerKind }

  package init(from decoder: any Decoder) throws {
    // Some clients omit `diagnostics` although LSP requires it.
    let container = try decoder.container(keyedBy: CodingKeys.self)
    diagnostics = try container.decodeIfPresent([Diagnostic].self, forKey: .diagnostics) ?? []
    only = try? container.decodeIfPresent([String].self, forKey: .only)
    triggerKind = try? container.decodeIfPresent(Int.self, forKey: .triggerKind)
  }
}

/// A code action: a titled workspace edit, with the diagnostics it fixes.
package struct CodeAction: Hashable, Sendable, Codable {
  /// The kind of a quick fix.
  package static let quickFix = "quickfix"

  /// What the editor shows.
  package var title: String
  /// `quickfix`, `refactor`, …
  package var kind: String?
  /// The diagnostics it fixes.
  package var diagnostics: [Diagnostic]?
  /// Whether it is the obvious fix.
  package var isPreferred: Bool?
  /// The edit applied when chosen.
  package var edit: WorkspaceEdit?
  /// The command run when chosen (after the edit, if any), such as `gloss.saveAsNote` for a refactor.
  package var command: Command?

  /// Creates a code action.
  package init(
    title: String, kind: String? = nil, diagnostics: [Diagnostic]? = nil, isPreferred: Bool? = nil,
    edit: WorkspaceEdit? = nil
  ) {
    self.title = title
    self.kind = kind
    self.diagnostics = diagnostics
    self.isPreferred = isPreferred
    self.edit = edit
  }
}

/// The server's `codeActionProvider` options.
package struct CodeActionOptions: Hashable, Sendable, Codable {
  /// The kinds of action the server answers.
  package var codeActionKinds: [String]?

  /// Creates the options.
  package init(codeActionKinds: [String]? = nil) { self.codeActionKinds = codeActionKinds }
}
