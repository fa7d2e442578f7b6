import LanguageServerProtocol

extension Server {
  /// `textDocument/didOpen`: the editor's buffer becomes the truth for the file.
  func didOpen(_ params: DidOpenTextDocumentNotification) {
    documents.open(params.textDocument)
    documentDidChange(params.textDocument.uri)
  }

  /// `textDocument/didChange`: applies the edits, in order, in the negotiated encoding.
  func didChange(_ params: DidChangeTextDocumentNotification) throws {
    let uri = params.textDocument.uri
    guard
      documents.change(
        uri, version: params.textDocument.version, changes: params.contentChanges, encoding: positionEncoding)
    else {
      throw ResponseError.invalidParams("change to '\(uri)', which is not open")
    }
    documentDidChange(uri)
  }

  /// `textDocument/didSave`: nothing to do while the buffer is the truth; the file on disk follows it.
  func didSave(_ params: DidSaveTextDocumentNotification) {}

  /// `textDocument/didClose`: the file on disk is the truth again.
  func didClose(_ params: DidCloseTextDocumentNotification) {
    documents.close(params.textDocument.uri)
    // The index issue re-reads the file from disk here (or removes it when it no longer exists).
  }

  /// Called after an open document's text changed.
  ///
  /// The index issue updates the workspace from `documents[uri]` here and publishes the diagnostics that changed.
  private func documentDidChange(_ uri: DocumentURI) {}
}
