import GlossIndex
import GlossSyntax
import LanguageServerProtocol

/// Carrying out a command's `CommandChange`: as a `workspace/applyEdit` when the client applies resource
/// operations (so the editor keeps its buffers and undo), else by writing the files through `FileSystem`.
extension Server {
  /// Applies `change` in root `id`, asks the client to show its main file when it can, and answers `{"uri"}`.
  func apply(_ change: CommandChange, in id: RootID, label: String) throws -> JSONValue {
    guard let root = root(id) else { throw ResponseError.invalidParams("the workspace is gone") }
    let primary = root.uri(for: change.primaryPath)
    let touched = Set(change.operations.flatMap(\.paths))
    if clientAppliesResourceOperations(for: change) {
      let edit = WorkspaceEdit(documentChanges: change.operations.flatMap { documentChanges(for: $0, in: root) })
      sendRequest(ApplyWorkspaceEditRequest(label: label, edit: edit)) { server, result in
        switch result {
        case .success(let answer) where answer.applied:
          server.syncWithDisk(id, forcing: touched)
          server.showDocument(primary)
        case .success(let answer):
          server.logMessage(.warning, "'\(label)' was not applied: \(answer.failureReason ?? "the editor refused it")")
        case .failure(let error):
          server.logMessage(.warning, "'\(label)' was not applied: \(error.message)")
        }
      }
    } else {
      try write(change, in: root)
      syncWithDisk(id, forcing: touched)
      showDocument(primary)
    }
    return .object(["uri": .string(primary)])
  }

  /// Whether the client applies every resource operation `change` needs through `workspace/applyEdit`.
  func clientAppliesResourceOperations(for change: CommandChange) -> Bool {
    guard let workspace = clientCapabilities.workspace, workspace.applyEdit == true,
      workspace.workspaceEdit?.documentChanges == true
    else { return false }
    let offered = Set(workspace.workspaceEdit?.resourceOperations ?? [])
    for operation in change.operations {
      switch operation {
      case .create: if !offered.contains("create") { return false }
      case .rename: if !offered.contains("rename") { return false }
      case .edit: break
      }
    }
    return true
  }

  /// Asks the client to show `uri`, when it can.
  func showDocument(_ uri: DocumentURI) {
    guard clientCapabilities.window?.showDocument?.support == true else { return }
    sendRequest(ShowDocumentRequest(uri: uri, takeFocus: true))
  }

  /// The `documentChanges` entries of one operation; a new file is created empty, then filled by a text edit.
  private func documentChanges(for operation: CommandChange.Operation, in root: WorkspaceRoot) -> [DocumentChange] {
    let never = FileOperationOptions(overwrite: false, ignoreIfExists: false)
    switch operation {
    case .create(let path, let text):
      let uri = root.uri(for: path)
      let start = Position(line: 0, character: 0)
      return [
        .createFile(CreateFile(uri: uri, options: never)),
        .textDocumentEdit(
          TextDocumentEdit(
            textDocument: OptionalVersionedTextDocumentIdentifier(uri: uri, version: nil),
            edits: [TextEdit(range: LSPRange(start: start, end: start), newText: text)])),
      ]
    case .rename(let from, let to):
      return [.renameFile(RenameFile(oldUri: root.uri(for: from), newUri: root.uri(for: to), options: never))]
    case .edit(let path, let replacements):
      let uri = root.uri(for: path)
      guard let text = text(of: path, in: root.id) else { return [] }
      let edits = replacements.map {
        TextEdit(range: text.lspRange(of: $0.range, in: positionEncoding), newText: $0.text)
      }
      return [
        .textDocumentEdit(
          TextDocumentEdit(
            textDocument: OptionalVersionedTextDocumentIdentifier(uri: uri, version: documents[uri]?.version),
            edits: edits))
      ]
    }
  }

  /// Writes `change` through the file system: new files atomically and never over an existing one; edits to a
  /// document open in the editor go to the client as text edits when it takes them.
  private func write(_ change: CommandChange, in root: WorkspaceRoot) throws {
    let fileSystem = options.fileSystem
    let renamed = Set(change.operations.compactMap { if case .rename(let from, _) = $0 { from } else { nil } })
    var edited: [String: [UInt8]] = [:]
    var clientEdits: [DocumentURI: [TextEdit]] = [:]
    for operation in change.operations {
      switch operation {
      case .create(let path, let text):
        try writeNew(Array(text.utf8), to: root.files.absolutePath(path))
      case .edit(let path, let replacements):
        guard var text = text(of: path, in: root.id) else { continue }
        let uri = root.uri(for: path)
        if !renamed.contains(path), documents[uri] != nil, clientCapabilities.workspace?.applyEdit == true {
          clientEdits[uri, default: []] += replacements.map {
            TextEdit(range: text.lspRange(of: $0.range, in: positionEncoding), newText: $0.text)
          }
          continue
        }
        for replacement in replacements.reversed() { text.replace(replacement.range, with: replacement.text) }
        edited[path] = text.bytes
        if !renamed.contains(path) {
          try fileSystem.write(text.bytes, to: root.files.absolutePath(path), overwrite: true)
        }
      case .rename(let from, let to):
        let bytes: [UInt8]
        if let pending = edited[from] {
          bytes = pending
        } else if let text = text(of: from, in: root.id) {
          bytes = text.bytes
        } else {
          throw ResponseError.invalidParams("'\(from)' cannot be read")
        }
        try writeNew(bytes, to: root.files.absolutePath(to))
        try fileSystem.remove(root.files.absolutePath(from))
      }
    }
    if !clientEdits.isEmpty {
      sendRequest(ApplyWorkspaceEditRequest(label: "Gloss", edit: WorkspaceEdit(changes: clientEdits)))
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

extension CommandChange.Operation {
  /// The root-relative paths the operation touches.
  var paths: [String] {
    switch self {
    case .create(let path, _): [path]
    case .rename(let from, let to): [from, to]
    case .edit(let path, _): [path]
    }
  }
}
