import GlossIndex
import GlossSyntax
import LanguageServerProtocol

/// How the client applies workspace edits, read from its capabilities.
struct WorkspaceEditSupport: Hashable, Sendable {
  /// Whether `documentChanges` is accepted.
  var documentChanges: Bool
  /// Whether `create` operations are applied.
  var createFiles: Bool
  /// Whether `rename` operations are applied.
  var renameFiles: Bool

  /// The support announced in `workspace.workspaceEdit`. Resource operations exist only inside `documentChanges`,
  /// so a client announcing any of them takes `documentChanges` whether or not it says so (Neovim 0.11 and 0.12
  /// announce `resourceOperations` alone).
  init(_ capabilities: ClientCapabilities) {
    let edit = capabilities.workspace?.workspaceEdit
    let operations = edit?.resourceOperations ?? []
    documentChanges = edit?.documentChanges == true || !operations.isEmpty
    createFiles = documentChanges && operations.contains("create")
    renameFiles = documentChanges && operations.contains("rename")
  }

  /// Support given field by field (tests).
  init(documentChanges: Bool, createFiles: Bool, renameFiles: Bool) {
    self.documentChanges = documentChanges
    self.createFiles = createFiles
    self.renameFiles = renameFiles
  }

  /// Whether the client can apply every file operation of `change`.
  func canApply(_ change: WorkspaceChange) -> Bool {
    change.operations.allSatisfy { operation in
      switch operation {
      case .create: createFiles
      case .rename: renameFiles
      }
    }
  }
}

/// What converting a change needs from the server: URIs, versions and texts of root-relative paths.
struct WorkspaceEditContext {
  /// The URI of a path (open documents keep the client's URI).
  var uri: (String) -> DocumentURI?
  /// The version of an open document, nil for a file on disk.
  var version: (DocumentURI) -> Int?
  /// The text of a path as the index sees it (for offset → position).
  var text: (String) -> SourceText?
  /// The negotiated position encoding.
  var encoding: PositionEncoding
}

extension WorkspaceChange {
  /// The LSP edit: `documentChanges` (creations with their contents, text edits, then renames) when the client
  /// takes them, else a `changes` map without file operations (the caller decides whether that is acceptable).
  /// Files whose URI or text is unavailable are left out. A creation onto a file that exists makes the client refuse
  /// the whole edit (`overwrite: false, ignoreIfExists: false`): the contents that follow a creation must never be
  /// inserted into a file someone else made in the meantime.
  func workspaceEdit(support: WorkspaceEditSupport, context: WorkspaceEditContext) -> WorkspaceEdit {
    var textEdits: [(uri: DocumentURI, edits: [TextEdit])] = []
    for path in edits.keys.sorted() {
      guard let list = edits[path], let uri = context.uri(path), let text = context.text(path) else { continue }
      textEdits.append(
        (uri, list.map { TextEdit(range: text.lspRange(of: $0.range, in: context.encoding), newText: $0.newText) }))
    }
    guard support.documentChanges else {
      var changes: [DocumentURI: [TextEdit]] = [:]
      for (uri, list) in textEdits { changes[uri, default: []] += list }
      return WorkspaceEdit(changes: changes)
    }
    var documentChanges: [DocumentChange] = []
    let start = LSPRange(at: Position(line: 0, character: 0))
    for operation in operations {
      guard case .create(let path, let contents) = operation, let uri = context.uri(path) else { continue }
      documentChanges.append(
        .createFile(
          CreateFile(uri: uri, options: FileOperationOptions(overwrite: false, ignoreIfExists: false))))
      documentChanges.append(
        .textDocumentEdit(
          TextDocumentEdit(
            textDocument: OptionalVersionedTextDocumentIdentifier(uri: uri, version: nil),
            edits: [TextEdit(range: start, newText: contents)])))
    }
    for (uri, list) in textEdits {
      documentChanges.append(
        .textDocumentEdit(
          TextDocumentEdit(
            textDocument: OptionalVersionedTextDocumentIdentifier(uri: uri, version: context.version(uri)), edits: list)
        ))
    }
    for operation in operations {
      guard case .rename(let old, let new) = operation, let oldURI = context.uri(old), let newURI = context.uri(new)
      else { continue }
      // Never onto an existing file: the client refuses rather than overwrites.
      documentChanges.append(
        .renameFile(
          RenameFile(
            oldUri: oldURI, newUri: newURI, options: FileOperationOptions(overwrite: false, ignoreIfExists: false))))
    }
    return WorkspaceEdit(documentChanges: documentChanges)
  }
}
