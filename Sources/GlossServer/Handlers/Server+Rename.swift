import GlossIndex
import GlossSyntax
import LanguageServerProtocol

/// Rename (`textDocument/prepareRename`, `textDocument/rename`) and link updates for files renamed in the editor
/// (`workspace/willRenameFiles`): convert → `Workspace` rename query → convert.
extension Server {
  /// `textDocument/prepareRename`: the name at the cursor and its range, or `null` when nothing can be renamed.
  func prepareRename(_ params: PrepareRenameRequest) -> PrepareRenameResult? {
    guard let location = locate(params.textDocument.uri), let workspace = workspace(location.root),
      let text = text(of: location.path, in: location.root)
    else { return nil }
    let offset = text.offset(of: params.position, in: connection.positionEncoding)
    guard let placeholder = workspace.prepareRename(at: offset, in: location.path) else { return nil }
    return PrepareRenameResult(
      range: text.lspRange(of: placeholder.range, in: connection.positionEncoding), placeholder: placeholder.text)
  }

  /// `textDocument/rename`: every edit (and file rename) the new name needs; a refusal is a `RequestFailed` error
  /// carrying the reason.
  func rename(_ params: RenameRequest) throws -> WorkspaceEdit? {
    guard let location = locate(params.textDocument.uri), let workspace = workspace(location.root),
      let text = text(of: location.path, in: location.root)
    else { throw Self.renameRefused(RenameError.nothingToRename.message) }
    let offset = text.offset(of: params.position, in: connection.positionEncoding)
    guard let placeholder = workspace.prepareRename(at: offset, in: location.path) else {
      throw Self.renameRefused(RenameError.nothingToRename.message)
    }
    let whole: WorkspaceChange
    do {
      whole = try workspace.rename(placeholder.subject, to: params.newName)
    } catch {
      throw Self.renameRefused(error.message)
    }
    let support = WorkspaceEditSupport(connection.capabilities)
    guard support.canApply(whole) else {
      throw Self.renameRefused("the editor cannot rename files, which this rename needs")
    }
    if let refusal = fileOperationRefusal(whole, in: location.root) { throw Self.renameRefused(refusal) }
    // A bibliography Gloss must not change (a Zotero export outside the workspace, a read-only file) is left out.
    let (change, leftOut) = editorChange(whole, in: location.root)
    let advice = Self.renameAdvice(placeholder.subject, to: params.newName)
    if !leftOut.isEmpty, change.isEmpty {
      throw Self.renameRefused(leftOut.map(\.sentence).joined(separator: "; ") + ": nothing was renamed; " + advice)
    }
    // Every edited file's text is read before anything is answered: a rename missing one file's edits would leave
    // citations or links of the old name behind. They are read together (a key cited a thousand times is in a
    // thousand notes).
    var context = editContext(in: location.root, reading: Array(change.edits.keys))
    let (texts, unreadable) = Self.texts(ofEditedFiles: change, context: context)
    if !unreadable.isEmpty {
      throw Self.renameRefused(
        "\(Self.quotedList(unreadable)) \(Self.unreadableReason): nothing was renamed; try again once Gloss has read "
          + (unreadable.count == 1 ? "it" : "them") + " again")
    }
    tellLeftOut(leftOut, advice: advice)
    context.text = { texts[$0] }
    return change.workspaceEdit(support: support, context: context)
  }

  /// What the user should do about the files a rename left out.
  private static func renameAdvice(_ subject: RenameSubject, to newName: String) -> String {
    switch subject {
    case .sourceKey(let key):
      "rename '\(key)' to '\(newName.trimmingSpaces())' there yourself (for a reference manager's export, in the "
        + "reference manager, which will export it again)"
    default:
      "change it there yourself"
    }
  }

  /// `workspace/willRenameFiles`: the link edits that keep links to moved notes (and citations of a source keyed
  /// by its file name) working; `null` when nothing needs to change.
  func willRenameFiles(_ params: WillRenameFilesRequest) -> WorkspaceEdit? {
    var movesByRoot: [RootID: [(old: String, new: String)]] = [:]
    for file in params.files {
      guard let old = locate(file.oldUri), let new = locate(file.newUri), old.root == new.root else { continue }
      movesByRoot[old.root, default: []].append((old: old.path, new: new.path))
    }
    let support = WorkspaceEditSupport(connection.capabilities)
    var merged: WorkspaceEdit?
    for (id, moves) in movesByRoot.sorted(by: { $0.key < $1.key }) {
      guard let workspace = workspace(id) else { continue }
      var (change, leftOut) = editorChange(workspace.renamingFiles(moves), in: id)
      // The files are moved whatever is answered: edits that cannot be placed are left out, and the user told.
      var context = editContext(in: id, reading: Array(change.edits.keys))
      let (texts, unreadable) = Self.texts(ofEditedFiles: change, context: context)
      for path in unreadable {
        change.edits[path] = nil
        leftOut.append(LeftOutFile(shown: path, reason: Self.unreadableReason))
      }
      context.text = { texts[$0] }
      tellLeftOut(leftOut, advice: "it still names the old path")
      guard !change.isEmpty else { continue }
      let edit = change.workspaceEdit(support: support, context: context)
      merged = Self.merging(merged, edit)
    }
    return merged
  }

  /// What converting a `WorkspaceChange` of root `id` needs: URIs, open versions and texts (no file re-read for
  /// indexed notes and bibliographies).
  func editContext(in id: RootID, reading paths: [String] = []) -> WorkspaceEditContext {
    // The root is looked up once, not per file: a rename may touch a thousand files, whose texts are read together
    // first when the caller names them.
    let root = root(id)
    let read = paths.isEmpty ? [:] : texts(of: paths, in: id)
    // A thousand URIs built through path normalisation cost ~20 ms: encode the relative path onto the root's URI.
    var base = root.map { FileURI(filePath: $0.path).string } ?? ""
    while base.hasSuffix("/") { base.removeLast() }
    return WorkspaceEditContext(
      uri: { path in
        guard let root else { return nil }
        // A file outside the root is keyed by its absolute path (`WorkspacePlace`): never under the root's URI.
        if WorkspacePlace.isOutside(path) { return FileURI(filePath: path).string }
        if let open = root.openPaths[path] { return open }
        return base + FileURI(filePath: path).string.dropFirst("file://".count)
      },
      version: { [unowned self] in documents[$0]?.version },
      text: { [unowned self] path in
        guard let root else { return nil }
        if let text = read[path] { return text }
        if let uri = root.openPaths[path], let document = documents[uri] { return document.text }
        return root.texts[path] ?? text(of: path, in: id)
      },
      encoding: connection.positionEncoding)
  }

  /// Why the guarded writer would refuse the file operations of `change` in root `id` (a name in use on disk, which
  /// the index may not list; a folder leading out of the workspace), or nil when it would carry them out.
  func fileOperationRefusal(_ change: WorkspaceChange, in id: RootID) -> String? {
    guard change.hasFileOperations else { return nil }
    guard let root = root(id) else { return "the workspace is gone" }
    do {
      try writer(for: root).check(change, includingEdits: false)
      return nil
    } catch {
      return error.message
    }
  }

  private static func renameRefused(_ message: String) -> ResponseError {
    ResponseError(code: .requestFailed, message: message)
  }

  private static func merging(_ first: WorkspaceEdit?, _ second: WorkspaceEdit) -> WorkspaceEdit {
    guard var merged = first else { return second }
    if let changes = second.changes { merged.changes = (merged.changes ?? [:]).merging(changes) { $0 + $1 } }
    if let documentChanges = second.documentChanges {
      merged.documentChanges = (merged.documentChanges ?? []) + documentChanges
    }
    return merged
  }
}
