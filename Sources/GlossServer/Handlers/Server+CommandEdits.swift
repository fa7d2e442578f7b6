import GlossIndex
import GlossSyntax
import LanguageServerProtocol

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Carrying out a command's `WorkspaceChange`: as a `workspace/applyEdit` when the client applies resource
/// operations (so the editor keeps its buffers and undo), else by writing the files through the guarded
/// `WorkspaceWriter`. Either way the change is checked against the disk first, and the command answers only once
/// the change is made: after the client's answer, whose refusal becomes the command's error.
extension Server {
  /// Applies `change` in root `id`, asks the client to show its primary file when it can, and answers `{"uri"}`
  /// (later, through `AnswerLater`, when the client applies the edit); `done`, when given, is shown to the user once
  /// the change is made (what moved, and how to undo it).
  func apply(_ change: WorkspaceChange, in id: RootID, label: String, done: String? = nil) throws -> JSONValue {
    guard let root = root(id) else { throw ResponseError.invalidParams("the workspace is gone") }
    let writer = writer(for: root)
    // Nothing leaves the workspace, replaces a file or moves a link, whoever carries the change out.
    try writer.check(change)
    let primary = change.primaryPath.map { root.uri(for: $0) }
    let answer = JSONValue.object(["uri": primary.map { .string($0) } ?? .null])
    let support = WorkspaceEditSupport(connection.capabilities)
    // New files are written by Gloss with their contents, through the guarded writer: created by the editor, a file
    // stays empty on disk until its buffer is saved. The editor gets the rest (the origin's link) and shows the note.
    let createsOnly =
      !change.operations.isEmpty && change.operations.allSatisfy { if case .create = $0 { true } else { false } }
    if connection.capabilities.workspace?.applyEdit == true, support.documentChanges, support.canApply(change),
      !createsOnly
    {
      let edit = change.workspaceEdit(support: support, context: editContext(in: id))
      return try askClient(
        edit, label: label, in: id, touching: change.touchedPaths, then: answer, showing: primary, done: done)
    }
    let clientEdits = try write(change, in: root, writer: writer)
    syncWithDisk(id, forcing: change.touchedPaths)
    guard !clientEdits.isEmpty else {
      if let primary { showDocument(primary) }
      if let done { send(ShowMessageNotification(type: .info, message: done)) }
      return answer
    }
    let edit = clientEdits.workspaceEdit(support: support, context: editContext(in: id))
    return try askClient(
      edit, label: label, in: id, touching: clientEdits.touchedPaths, then: answer, showing: primary, done: done)
  }

  /// Asks the client to apply `edit` and answers the current request when it did (with `answer`), or with an error
  /// carrying the client's reason when it did not. The request waits at most `applyEditTimeout`, and a
  /// `$/cancelRequest` ends the wait (`WaitingCommand`); an answer that comes after is still taken into account.
  private func askClient(
    _ edit: WorkspaceEdit, label: String, in id: RootID, touching touched: Set<String>, then answer: JSONValue,
    showing primary: DocumentURI?, done: String? = nil
  ) throws -> JSONValue {
    guard let request = currentRequestID else { throw ResponseError.internalError("'\(label)' has no request") }
    sendRequest(ApplyWorkspaceEditRequest(label: label, edit: edit)) { server, result in
      let isWaiting = server.waitingCommands.removeValue(forKey: request) != nil
      if case .success(let reply) = result, reply.applied { server.syncWithDisk(id, forcing: touched) }
      guard isWaiting else {
        // The command was answered already (cancelled, or it stopped waiting): the files are synced all the same.
        let outcome = (try? result.get())?.applied == true ? "applied" : "not applied"
        server.log("'\(label)' was \(outcome) by the editor after Gloss stopped waiting")
        server.logMessage(.info, "'\(label)' was \(outcome) by the editor after Gloss stopped waiting")
        return
      }
      switch result {
      case .success(let reply) where reply.applied:
        if let primary { server.showDocument(primary) }
        if let done { server.send(ShowMessageNotification(type: .info, message: done)) }
        server.answer(request, result: answer)
      case .success(let reply):
        let reason = reply.failureReason ?? "the editor refused it"
        server.answer(
          request, error: ResponseError(code: .requestFailed, message: "'\(label)' was not applied: \(reason)"))
      case .failure(let error):
        server.answer(
          request, error: ResponseError(code: .requestFailed, message: "'\(label)' was not applied: \(error.message)"))
      }
    }
    waitingCommands[request] = WaitingCommand(
      label: label, deadline: options.now() + options.applyEditTimeout.timeInterval)
    throw AnswerLater()
  }

  /// `$/cancelRequest` for a command waiting for the client's answer to its edit: answered `RequestCancelled` at once
  /// (a request still queued is cancelled by the loop's `EventQueue` before it runs).
  func cancelRequest(_ params: CancelRequestNotification) {
    guard waitingCommands.removeValue(forKey: params.id) != nil else { return }
    answer(params.id, error: .cancelled)
  }

  /// Answers the commands whose wait for the client's edit passed its deadline at `date`: the editor did not answer.
  func stopWaiting(at date: Date) {
    for (request, waiting) in waitingCommands where waiting.deadline <= date {
      waitingCommands[request] = nil
      let seconds = Int(options.applyEditTimeout.timeInterval.rounded())
      answer(
        request,
        error: ResponseError(
          code: .requestFailed,
          message: "'\(waiting.label)': the editor did not answer the edit in \(seconds) s; Gloss stopped waiting "
            + "(the editor may still apply it)"))
    }
  }

  /// Asks the client to show `uri`, when it can.
  func showDocument(_ uri: DocumentURI) {
    guard connection.capabilities.window?.showDocument?.support == true else { return }
    sendRequest(ShowDocumentRequest(uri: uri, takeFocus: true))
  }

  /// Writes `change` through the guarded writer (creations, then text edits, then renames) and returns the edits
  /// left for the client: those of documents open in an editor that applies edits, so its buffer and undo stay
  /// right. Every other edit is applied only to the bytes on disk it was computed from, so an unsaved buffer is
  /// never written and a change made on disk meanwhile is never lost.
  private func write(_ change: WorkspaceChange, in root: WorkspaceRoot, writer: WorkspaceWriter) throws
    -> WorkspaceChange
  {
    let renamed = Set(change.operations.compactMap { if case .rename(let old, _) = $0 { old } else { nil } })
    var clientEdits = WorkspaceChange()
    var ownEdits: [(path: String, from: [UInt8], to: [UInt8])] = []
    for (path, edits) in change.edits.sorted(by: { $0.key < $1.key }) {
      guard var text = text(of: path, in: root.id) else { continue }
      if !renamed.contains(path), documents[root.uri(for: path)] != nil,
        connection.capabilities.workspace?.applyEdit == true
      {
        clientEdits.edits[path] = edits
        continue
      }
      let original = text.bytes
      for edit in edits.reversed() { text.replace(edit.range, with: edit.newText) }
      ownEdits.append((path, original, text.bytes))
    }
    var movedFrom: [String: [UInt8]] = [:]
    for case .rename(let old, _) in change.operations {
      guard let text = text(of: old, in: root.id) else { throw ResponseError.invalidParams("'\(old)' cannot be read") }
      movedFrom[old] = text.bytes
    }
    // Every file Gloss edits or moves itself is checked against the disk before anything is written; each write
    // checks again at its own moment.
    for edit in ownEdits where !renamed.contains(edit.path) { try writer.verify(edit.path, holds: edit.from) }
    for (old, bytes) in movedFrom.sorted(by: { $0.key < $1.key }) { try writer.verify(old, holds: bytes) }
    for case .create(let path, let contents) in change.operations {
      try writer.create(Array(contents.utf8), at: path)
    }
    for edit in ownEdits where !renamed.contains(edit.path) {
      try writer.replace(edit.path, expecting: edit.from, with: edit.to)
    }
    for case .rename(let old, let new) in change.operations {
      let original = movedFrom[old] ?? []
      let bytes = ownEdits.first { $0.path == old }?.to ?? original
      try writer.move(old, expecting: original, to: new, bytes: bytes)
    }
    return clientEdits
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
