import Dispatch
import LanguageServerProtocol
import Synchronization

/// Writes a long run of notifications — a restart's replayed diagnostics, one per file — on a thread of its own, so
/// that the loop goes on indexing while the client reads them, rather than waiting on a full pipe.
///
/// Order is kept where it matters: a `publishDiagnostics` the loop sends later may be for a file of the run, and must
/// not overtake it, so it waits until the run is written (`send(_:)`); anything else (responses, progress, logs)
/// overtakes the rest of the run: the writer writes it before the run's next message. (Written by the loop while the
/// writer waits on a full pipe, an answer could wait for the whole run: the writer takes the pipe again first.)
/// Runs are written one after another, in the order given, each in batches of messages of about `batchBytes` in all
/// (one write each: 60,000 writes of a message each took a large workspace's restart 0.7 s of a core).
package final class BulkWriter: Sendable {
  /// Left when the run being written is over.
  private let written = DispatchGroup()
  /// Whether a run is being written, and the messages that overtake it, in the order sent.
  private let state = Mutex<(writing: Bool, overtaking: [OutgoingMessage])>((false, []))
  /// Writes message bodies, framed, in one write (the transport: its lock keeps frames from several threads whole).
  private let write: @Sendable ([OutgoingMessage]) -> Void
  /// About how many bytes of a run's messages go in one write; what overtakes a run waits at most for one such batch.
  private let batchBytes: Int

  /// A writer that writes messages with `write`, a run's in batches of about `batchBytes`.
  package init(batchBytes: Int = 1 << 16, write: @escaping @Sendable ([OutgoingMessage]) -> Void) {
    self.batchBytes = batchBytes
    self.write = write
  }

  /// Writes `messages`, in order, on a thread of its own; returns at once, unless the previous run is still being
  /// written (it waits for that one first).
  package func writeInBackground(_ messages: [OutgoingMessage]) {
    guard !messages.isEmpty else { return }
    written.wait()
    written.enter()
    state.withLock { $0.writing = true }
    BackgroundThread.start(name: "gloss-writer") { [self] in
      var start = 0
      while start < messages.count {
        writeOvertaking(endingRun: false)
        var end = start
        var bytes = 0
        while end < messages.count, end == start || bytes + messages[end].body.count <= batchBytes {
          bytes += messages[end].body.count
          end += 1
        }
        write(Array(messages[start..<end]))
        start = end
      }
      writeOvertaking(endingRun: true)
      written.leave()
    }
  }

  /// Writes the messages sent to overtake the run; with `endingRun`, until none is left and the run is over.
  private func writeOvertaking(endingRun: Bool) {
    while true {
      let overtaking = state.withLock { state -> [OutgoingMessage] in
        let taken = state.overtaking
        state.overtaking = []
        if taken.isEmpty, endingRun { state.writing = false }
        return taken
      }
      if overtaking.isEmpty { return }
      write(overtaking)
      if !endingRun { return }
    }
  }

  /// Writes `message` now, after the run being written when it could be about one of its files, else before the
  /// run's next message.
  package func send(_ message: OutgoingMessage) {
    if message.mustFollowBulkRuns {
      waitUntilWritten()
    } else {
      let overtakes = state.withLock { state -> Bool in
        guard state.writing else { return false }
        state.overtaking.append(message)
        return true
      }
      if overtakes { return }
    }
    write([message])
  }

  /// Whether a run is being written now.
  package var isWriting: Bool { written.wait(timeout: .now()) == .timedOut }

  /// Returns once no run is being written (and what overtook it is written too).
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
