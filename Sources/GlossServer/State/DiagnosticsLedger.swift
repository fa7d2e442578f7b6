import LanguageServerProtocol

/// How diagnostics reach the client and, for a pull client, which reports it holds: the result id of each report
/// handed out and whether one went stale since the client was last asked to pull again (docs/features.md).
package struct DiagnosticsLedger {
  /// How diagnostics reach the client, settled in `initialize`.
  package internal(set) var mode = DiagnosticsMode.push
  /// The pull-diagnostics result id of each document whose report was computed, by URI.
  private var resultIDs: [DocumentURI: String] = [:]
  /// The number behind the next pull-diagnostics result id.
  private var nextResultID = 1
  /// Whether a pull-diagnostics report the client held went stale since the last refresh.
  var hasStale = false
  /// Whether some of those reports belong to documents the client does not have open (it re-pulls only the open
  /// ones after its own edits).
  var hasStaleUnopened = false

  /// The result id of the current report of `uri`, a new one when none was handed out since it last changed.
  mutating func resultID(for uri: DocumentURI) -> String {
    if let id = resultIDs[uri] { return id }
    let id = String(nextResultID)
    nextResultID += 1
    resultIDs[uri] = id
    return id
  }

  /// Marks the report of `uri` stale if the client holds one; `isOpen` says whether the client has it open.
  mutating func invalidate(_ uri: DocumentURI, isOpen: Bool) {
    guard resultIDs.removeValue(forKey: uri) != nil else { return }
    hasStale = true
    if !isOpen { hasStaleUnopened = true }
  }

  /// Forgets the report of `uri` without asking for a refresh (a document that left the index).
  mutating func forget(_ uri: DocumentURI) {
    resultIDs[uri] = nil
  }

  /// After the client's own edits: it pulls its open documents again, so only stale reports of documents it does
  /// not have open still call for a refresh.
  mutating func settleAfterEdits() {
    if !hasStaleUnopened { hasStale = false }
  }

  /// Clears the stale marks (a refresh is being asked for, or none is needed).
  mutating func clearStale() {
    hasStale = false
    hasStaleUnopened = false
  }
}
