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
  /// Writes several messages at once, framed, in one piece (a run is handed over in batches of about
  /// `batchBytes`, so that answers still pass between them).
  private let writeBatch: @Sendable ([OutgoingMessage]) -> Void

  /// About how many bytes of a run are written at once.
  static let batchBytes = 256 << 10

  /// A writer that writes each message with `write`, and the batches of a run with `writeBatch` (by default, each of
  /// their messages with `write`).
  package init(
    write: @escaping @Sendable (OutgoingMessage) -> Void,
    writeBatch: (@Sendable ([OutgoingMessage]) -> Void)? = nil
  ) {
    self.write = write
    self.writeBatch = writeBatch ?? { messages in for message in messages { write(message) } }
  }

  /// Writes `messages`, in order, on a thread of its own; returns at once, unless the previous run is still being
  /// written (it waits for that one first).
  package func writeInBackground(_ messages: [OutgoingMessage]) {
    guard !messages.isEmpty else { return }
    written.wait()
    written.enter()
    let (written, writeBatch) = (written, writeBatch)
    BackgroundThread.start(name: "gloss-writer") {
      var start = 0
      while start < messages.count {
        var end = start
        var bytes = 0
        while end < messages.count, end == start || bytes + messages[end].body.count <= Self.batchBytes {
          bytes += messages[end].body.count
          end += 1
        }
        writeBatch(Array(messages[start..<end]))
        start = end
      }
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
