package import Dispatch
import LanguageServerProtocol

/// The restart snapshot's side of the server: the checks of restarted roots running in the background, the
/// notifications of a first publishing being collected for a snapshot, and the background work snapshots are written
/// by (docs/contributing/architecture.md).
package struct RestartState {
  /// Restarted roots' indexes checked in the background against what their snapshots published.
  let checks = RestartChecks()
  /// The notifications of a new root's first publishing, collected for its restart snapshot.
  var captured: [PublishedDiagnostics]?
  /// Whether this run looked for leftovers of killed snapshot writes (`removeRestartLeftoversOnce`).
  private var checkedLeftovers = false
  /// Restart snapshots being written in the background (tests and the exit wait for them).
  package let writes = DispatchGroup()
  /// Completion indexes being built in the background (`prepareCompletion`); snapshot writes wait for them.
  package let completionBuilds = DispatchGroup()
  /// What was made for the restarted root before its first indexing (`Server+EarlyAnswers.swift`).
  var early: EarlyRoot?
  /// Requests that came before the first indexing and wait for it (`Server.answerWaitingRequests`).
  var waitingRequests: [IncomingRequest] = []

  /// Whether the leftovers of killed snapshot writes are still to be looked for: true once per run.
  mutating func takeLeftoverCheck() -> Bool {
    defer { checkedLeftovers = true }
    return !checkedLeftovers
  }
}
