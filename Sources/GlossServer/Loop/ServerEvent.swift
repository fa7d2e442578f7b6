package import LanguageServerProtocol

#if canImport(FoundationEssentials)
  package import FoundationEssentials
#else
  package import Foundation
#endif

/// One input to the server, in arrival order: a message, something unreadable, a timer tick or the end of input.
package enum ServerEvent: Sendable {
  /// A decoded message from the client (request, notification or response to our request).
  case message(IncomingMessage)
  /// A request the client cancelled while it was still queued: it is answered `requestCancelled`.
  case cancelledRequest(IncomingRequest)
  /// A framed body that is not a JSON-RPC message: answered with the error it carries.
  case unreadable(MessageDecodingError)
  /// Bytes on the input that could not be framed; logged.
  case framingError(FramingError)
  /// A periodic tick, for work such as scanning the workspace for changed files.
  case tick(Date)
  /// What a scan of a folder root found changed, computed off the loop (see `ScanBoard`).
  case scanned(ScanBoard.Result)
  /// Background extractions finished (their outcomes wait in `Server.extractions`, put in place when idle).
  case extracted
  /// A restarted root's index was checked against its snapshot in the background (taken at the next event).
  case restartChecked
  /// The input ended.
  case endOfInput
  /// Nothing waits: the server may do the work it deferred (the notes an edit affects, after the edited one).
  case idle
}

extension ServerEvent {
  /// Whether this is a `textDocument/didChange` notification (changes in a row are indexed once, after the last).
  var isDocumentChange: Bool {
    if case .message(.notification(let notification)) = self {
      return notification.method == DidChangeTextDocumentNotification.method
    }
    return false
  }
}
