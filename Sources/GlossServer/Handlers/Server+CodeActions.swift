import GlossIndex
import GlossSyntax
import LanguageServerProtocol

/// Quick fixes (`textDocument/codeAction`): convert → `Workspace.quickFixes(in:range:)` → convert.
extension Server {
  /// `textDocument/codeAction`: the quick fixes of docs/diagnostics.md for the diagnostics the index holds at the range
  /// (the client's `context.diagnostics` may be stale, so they are not trusted). Fixes that create files are left out
  /// when the client cannot apply `create` operations, or when the guarded writer would refuse the file.
  func codeAction(_ params: CodeActionRequest) -> [CodeAction]? {
    // The refactors of docs/features.md (Server+Refactors.swift) come after the quick fixes.
    let refactors = refactorActions(params)
    if let only = params.context.only, !only.contains(where: { $0.isEmpty || CodeAction.quickFix.hasPrefix($0) }) {
      return refactors
    }
    guard let location = locate(params.textDocument.uri), let workspace = workspace(location.root),
      let text = text(of: location.path, in: location.root)
    else { return refactors }
    let range = text.range(of: params.range, in: connection.positionEncoding)
    let support = WorkspaceEditSupport(connection.capabilities)
    let context = editContext(in: location.root)
    var actions: [CodeAction] = []
    for fix in workspace.quickFixes(in: location.path, range: range) where support.canApply(fix.change) {
      // A fix whose file the guarded writer would refuse (a name in use, a folder leading out of the workspace) is
      // not offered: the editor would carry it out unchecked.
      if fileOperationRefusal(fix.change, in: location.root) != nil { continue }
      // Nor one that edits a file Gloss must not change (outside the workspace, read-only).
      if !editorChange(fix.change, in: location.root).leftOut.isEmpty { continue }
      actions.append(
        CodeAction(
          title: fix.title, kind: CodeAction.quickFix,
          diagnostics: [fix.diagnostic.lspDiagnostic(in: text, encoding: connection.positionEncoding)],
          isPreferred: fix.isPreferred ? true : nil,
          edit: fix.change.workspaceEdit(support: support, context: context)))
    }
    // A quotation without a citation: cite it where the sources hold it.
    for cite in workspace.citeQuotationActions(at: range.lowerBound, in: location.path, text: text.bytes)
    where editorChange(cite.change, in: location.root).leftOut.isEmpty {
      actions.append(
        CodeAction(
          title: cite.title, kind: CodeAction.quickFix,
          edit: cite.change.workspaceEdit(support: support, context: context)))
    }
    // A citation of a source with Zotero highlights: quote one of them (docs/zotero.md).
    for insert in workspace.highlightQuotationActions(at: range.lowerBound, in: location.path)
    where editorChange(insert.change, in: location.root).leftOut.isEmpty {
      actions.append(
        CodeAction(
          title: insert.title, kind: CodeAction.quickFix,
          edit: insert.change.workspaceEdit(support: support, context: context)))
    }
    return actions + refactors
  }
}
