import Dispatch
import GlossIndex
import LanguageServerProtocol

/// Restarts with nothing changed answer requests before diagnosing: once the restart snapshot has published the
/// diagnostics, the root is loaded without diagnosing (`IndexedRoot(…, diagnosing: false)`: no quotation indexed or
/// checked), and a copy of its index is diagnosed off the loop (`checkReplay`), then taken back into the root
/// (`Workspace.adoptDiagnosis(of:)`).
///
/// Until then the loop answers only what needs no diagnostics and changes no file of the index (hover, completion,
/// definition, references, outline, decorations, code lenses; opening a note as it is on disk, whose publishing
/// waits for the diagnosis; the editor settings in force sent again) and skips its periodic work; any other event
/// first waits for the diagnosis and takes it (`finishRestartDiagnoses`), so that no change is ever diagnosed against
/// the empty diagnostics of an undiagnosed index (docs/contributing/architecture.md, "Restarts").
extension Server {
  /// The requests answered while a restarted root waits for its diagnosis: they read the files' records only.
  static let requestsBeforeRestartDiagnosis: Set<String> = [
    HoverRequest.method, CompletionRequest.method, CompletionItemResolveRequest.method, DefinitionRequest.method,
    ReferencesRequest.method, DocumentSymbolRequest.method, FoldingRangeRequest.method,
    SemanticTokensRequest.method, DocumentLinkRequest.method, CodeLensRequest.method, InlayHintRequest.method,
    WorkspaceSymbolRequest.method, PrepareRenameRequest.method,
  ]

  /// What `event` is, for the log.
  static func name(of event: ServerEvent) -> String {
    switch event {
    case .message(.request(let request)): "'\(request.method)'"
    case .message(.notification(let notification)): "'\(notification.method)'"
    case .scanned: "a scan's changes"
    case .idle: "the work deferred to idle moments"
    default: "an event"
    }
  }

  /// Whether `event` may be handled while a restarted root waits for its diagnosis (see above). Responses to our
  /// requests are taken: those sent by then are registrations and the indexing progress.
  func mayRunBeforeRestartDiagnosis(_ event: ServerEvent) -> Bool {
    switch event {
    case .message(.request(let request)): Self.requestsBeforeRestartDiagnosis.contains(request.method)
    case .message(.notification(let notification)):
      // Opening a note as it is on disk keeps its record (`keepIndexedNote`); from another text, indexing the buffer
      // first takes the diagnosis (`updateFromBuffer`).
      notification.method == DidOpenTextDocumentNotification.method
        || notification.method == CancelRequestNotification.method || changesNoSettings(notification)
    // A tick does nothing meanwhile (`handle`): the next one does its work.
    case .message(.response), .cancelledRequest, .unreadable, .framingError, .restartChecked, .extracted, .endOfInput,
      .tick:
      true
    case .scanned, .idle: false
    }
  }

  /// Waits for the diagnoses under way off the loop and takes them, before `what` (for the log); nothing when none is.
  func finishRestartDiagnoses(before what: @autoclosure () -> String) {
    guard restart.checks.isAwaiting else { return }
    let started = ContinuousClock.now
    restart.checks.diagnoses.wait()
    applyRestartChecks()
    log("waited \(ContinuousClock.now - started) for the diagnosis of a restarted workspace before \(what())")
  }

  /// Keeps the publishing of `path` in root `id` (an opened note) until its diagnosis is taken; false when the root
  /// does not wait for one.
  func publishAfterRestartDiagnosis(_ path: String, in id: RootID) -> Bool {
    restart.checks.publishLater(path, in: id)
  }

  /// Takes root `id`'s diagnosis made off the loop, and publishes the opened notes that waited for it.
  func takeRestartDiagnosis(_ diagnosed: Workspace, of id: RootID) {
    let waiting = restart.checks.end(id)
    guard let index = rootIndex(id), roots[index].workspace.awaitsDiagnosis else { return }
    if !roots[index].workspace.adoptDiagnosis(of: diagnosed) {
      // The index changed since it was copied (which the events let through must not do): diagnosed here instead,
      // and every file published from it.
      log("the index of '\(roots[index].path)' changed while it was diagnosed: diagnosed again")
      IndexedRoot.diagnose(&roots[index].workspace, files: roots[index].files, fileSystem: options.reader)
      publishAll(in: id)
      return
    }
    // The replayed snapshot was taken of these diagnostics (what differs is published and saved again after this).
    if roots[index].snapshotBasis != nil { roots[index].snapshotBasis = roots[index].snapshotBasisNow }
    if !waiting.isEmpty { publish(waiting.sorted(), in: id) }
    handBackFreedMemory(saying: "took the diagnosis of '\(roots[index].path)'")
  }

  /// Runs a restarted root's diagnosis off the loop: counted in `restart.writes` (tests and the exit wait for it) and
  /// in `restart.checks.diagnoses` (events that need it wait for it), after the completion index a user may be
  /// waiting for, at `.utility` priority: the loop may come to wait for it.
  func inRestartDiagnosis(_ work: @escaping @Sendable () -> Void) {
    let writes = restart.writes
    let diagnoses = restart.checks.diagnoses
    let completion = restart.completionBuilds
    writes.enter()
    diagnoses.enter()
    DispatchQueue.global(qos: .utility).async {
      defer {
        diagnoses.leave()
        writes.leave()
      }
      completion.wait()
      work()
    }
  }
}
