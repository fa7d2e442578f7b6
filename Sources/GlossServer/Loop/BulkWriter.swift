import Dispatch
import LanguageServerProtocol

/// Writes a long run of notifications — a restart's replayed diagnostics, one per file — on a thread of its own, so
/// that the loop goes on indexing while the client reads them, rather than waiting on a full pipe.
///
/// Order is kept where it matters: a `publishDiagnostics` the loop sends later may be for a file of the run, and must
/// not overtake it, so it waits until the run is written (`send(_:)`); anything else (responses, progress, logs)
/// goes out at once, between two of the run's messages. Runs are written one after another, in the order given.
package final class BulkWriter: Sendable {
  /// Left when the run being written is over.
  private let written = DispatchGroup()
  /// Writes one message body, framed (the transport: its lock keeps frames from several threads whole).
  private let write: @Sendable (OutgoingMessage) -> Void

  /// A writer that writes each message with `write`.
  package init(write: @escaping @Sendable (OutgoingMessage) -> Void) {
    self.write = write
  }

  /// Writes `messages`, in order, on a thread of its own; returns at once, unless the previous run is still being
  /// written (it waits for that one first).
  package func writeInBackground(_ messages: [OutgoingMessage]) {
    guard !messages.isEmpty else { return }
    written.wait()
    written.enter()
    let (written, write) = (written, write)
    BackgroundThread.start(name: "gloss-writer") {
      for message in messages { write(message) }
      written.leave()
    }
  }

  /// Writes `message` now, after the run being written when it could be about one of its files.
  package func send(_ message: OutgoingMessage) {
    if message.mustFollowBulkRuns { waitUntilWritten() }
    write(message)
  }

  /// Whether a run is being written now.
  package var isWriting: Bool { written.wait(timeout: .now()) == .timedOut }

  /// Returns once no run is being written.
  package func waitUntilWritten() {
    written.wait()
  }
}

extension OutgoingMessage {
  /// Whether the message may be about a file whose diagnostics a run written in the background holds.
  var mustFollowBulkRuns: Bool {
    if case .notification(let method) = kind { return method == PublishDiagnosticsNotification.method }
    return false
  }
}
