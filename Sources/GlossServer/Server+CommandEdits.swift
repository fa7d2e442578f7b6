import GlossIndex
import GlossSyntax
import LanguageServerProtocol

/// Carrying out a command's `WorkspaceChange`: as a `workspace/applyEdit` when the client applies resource
/// operations (so the editor keeps its buffers and undo), else by writing the files through `FileSystem`.
extension Server {
  /// Applies `change` in root `id`, asks the client to show its primary file when it can, and answers `{"uri"}`.
  func apply(_ change: WorkspaceChange, in id: RootID, label: String) throws -> JSONValue {
    guard let root = root(id) else { throw ResponseError.invalidParams("the workspace is gone") }
    let primary = change.primaryPath.map { root.uri(for: $0) }
    let touched = change.touchedPaths
    let support = WorkspaceEditSupport(clientCapabilities)
    if clientCapabilities.workspace?.applyEdit == true, support.documentChanges, support.canApply(change) {
      let edit = change.workspaceEdit(support: support, context: editContext(in: id))
      sendRequest(ApplyWorkspaceEditRequest(label: label, edit: edit)) { server, result in
        switch result {
        case .success(let answer) where answer.applied:
          server.syncWithDisk(id, forcing: touched)
          if let primary { server.showDocument(primary) }
        case .success(let answer):
          server.logMessage(.warning, "'\(label)' was not applied: \(answer.failureReason ?? "the editor refused it")")
        case .failure(let error):
          server.logMessage(.warning, "'\(label)' was not applied: \(error.message)")
        }
      }
    } else {
      try write(change, in: root)
      syncWithDisk(id, forcing: touched)
      if let primary { showDocument(primary) }
    }
    return .object(["uri": primary.map { .string($0) } ?? .null])
  }

  /// Asks the client to show `uri`, when it can.
  func showDocument(_ uri: DocumentURI) {
    guard clientCapabilities.window?.showDocument?.support == true else { return }
    sendRequest(ShowDocumentRequest(uri: uri, takeFocus: true))
  }

  /// Writes `change` through the file system (creations, then text edits, then renames): new files atomically and
  /// never over an existing one; edits to a document open in the editor go to the client as text edits when it
  /// takes them.
  private func write(_ change: WorkspaceChange, in root: WorkspaceRoot) throws {
    let fileSystem = options.fileSystem
    let renamed = Set(change.operations.compactMap { if case .rename(let old, _) = $0 { old } else { nil } })
    for case .create(let path, let contents) in change.operations {
      try writeNew(Array(contents.utf8), to: root.files.absolutePath(path))
    }
    var edited: [String: [UInt8]] = [:]
    var clientEdits = WorkspaceChange()
    for (path, edits) in change.edits.sorted(by: { $0.key < $1.key }) {
      guard var text = text(of: path, in: root.id) else { continue }
      if !renamed.contains(path), documents[root.uri(for: path)] != nil,
        clientCapabilities.workspace?.applyEdit == true
      {
        clientEdits.edits[path] = edits
        continue
      }
      for edit in edits.reversed() { text.replace(edit.range, with: edit.newText) }
      edited[path] = text.bytes
      if !renamed.contains(path) {
        try fileSystem.write(text.bytes, to: root.files.absolutePath(path), overwrite: true)
      }
    }
    for case .rename(let old, let new) in change.operations {
      let bytes: [UInt8]
      if let pending = edited[old] {
        bytes = pending
      } else if let text = text(of: old, in: root.id) {
        bytes = text.bytes
      } else {
        throw ResponseError.invalidParams("'\(old)' cannot be read")
      }
      try writeNew(bytes, to: root.files.absolutePath(new))
      try fileSystem.remove(root.files.absolutePath(old))
    }
    if !clientEdits.isEmpty {
      let textEditsOnly = WorkspaceEditSupport(documentChanges: false, createFiles: false, renameFiles: false)
      let edit = clientEdits.workspaceEdit(support: textEditsOnly, context: editContext(in: root.id))
      sendRequest(ApplyWorkspaceEditRequest(label: "Gloss", edit: edit))
    }
  }

  /// Writes a new file atomically (making its folder), refusing to replace an existing one.
  private func writeNew(_ bytes: [UInt8], to path: String) throws {
    let folder = PathComponents.split(path).folder
    if !folder.isEmpty { try options.fileSystem.createDirectory(folder) }
    do {
      try options.fileSystem.write(bytes, to: path, overwrite: false)
    } catch {
      throw ResponseError.invalidParams("cannot write '\(path)': \(error)")
    }
  }
}

extension WorkspaceChange {
  /// The root-relative paths the change touches: edited, created and both ends of each rename.
  var touchedPaths: Set<String> {
    var paths = Set(edits.keys)
    for operation in operations {
      switch operation {
      case .create(let path, _): paths.insert(path)
      case .rename(let old, let new): paths.formUnion([old, new])
      }
    }
    return paths
  }
}
