import Dispatch
import LanguageServerProtocol
import Synchronization

/// Writes long runs of notifications — the diagnostics of every file, after a restart's replay or the first indexing
/// — on a thread of its own, so that the loop goes on (indexing, answering) while the client reads them, rather than
/// waiting on a full pipe.
///
/// Anything the loop sends while a run is written overtakes the rest of the runs: the writer writes it before the
/// runs' next batch. (Written by the loop while the writer waits on a full pipe, an answer could wait for the whole
/// run: the writer takes the pipe again first.) A `publishDiagnostics` that names its document (`subject`) overtakes
/// too, and the runs' older one for that document, not written yet, is then left out: the client never gets an older
/// set of diagnostics after a newer one. One that names none (written by the encoder) waits until the runs are written.
/// Runs handed over while one is written follow it, in the order given, without the loop waiting; each is written in
/// batches of messages of about `batchBytes` in all (one write each: 60,000 writes of a message each took a large
/// workspace's restart 0.7 s of a core).
package final class BulkWriter: Sendable {
  /// A run's messages, numbered from `first` in the count of every run message handed over.
  private struct Run {
    var first: Int
    var messages: [OutgoingMessage]
  }

  /// What the writer thread and the loop share.
  private struct State {
    /// Whether the writer thread is writing runs.
    var writing = false
    /// The messages that overtake the runs, in the order sent.
    var overtaking: [OutgoingMessage] = []
    /// The runs handed over and not begun, in order.
    var waiting: [Run] = []
    /// How many run messages were handed over so far.
    var handedOver = 0
    /// For each document whose diagnostics overtook the runs, the number of run messages handed over then: its run
    /// messages numbered below that are older, and left out.
    var replacedBelow: [String: Int] = [:]
  }

  /// Left when the writer thread has written every run (and what overtook them).
  private let written = DispatchGroup()
  private let state = Mutex(State())
  /// Writes message bodies, framed, in one write (the transport: its lock keeps frames from several threads whole).
  private let write: @Sendable ([OutgoingMessage]) -> Void
  /// About how many bytes of a run's messages go in one write; what overtakes a run waits at most for one such batch.
  private let batchBytes: Int

  /// A writer that writes messages with `write`, a run's in batches of about `batchBytes`.
  package init(batchBytes: Int = 1 << 16, write: @escaping @Sendable ([OutgoingMessage]) -> Void) {
    self.batchBytes = batchBytes
    self.write = write
  }

  /// Writes `messages`, in order, on a thread of its own, after the runs handed over before; returns at once.
  package func writeInBackground(_ messages: [OutgoingMessage]) {
    guard !messages.isEmpty else { return }
    let starting = state.withLock { state -> Run? in
      let run = Run(first: state.handedOver, messages: messages)
      state.handedOver += messages.count
      if state.writing {
        state.waiting.append(run)
        return nil
      }
      state.writing = true
      written.enter()
      return run
    }
    guard let starting else { return }
    BackgroundThread.start(name: "gloss-writer") { [self] in
      var run: Run? = starting
      while let current = run {
        writeBatches(of: current)
        run = nextRun()
      }
      written.leave()
    }
  }

  /// Writes `run` in batches, what overtakes it before each, leaving out the messages replaced since.
  private func writeBatches(of run: Run) {
    var start = 0
    while start < run.messages.count {
      writeOvertaking()
      let batch = state.withLock { state -> [OutgoingMessage] in
        var batch: [OutgoingMessage] = []
        var bytes = 0
        while start < run.messages.count, batch.isEmpty || bytes + run.messages[start].body.count <= batchBytes {
          let message = run.messages[start]
          let replaced = message.subject.flatMap { state.replacedBelow[$0] }.map { run.first + start < $0 } ?? false
          if !replaced {
            batch.append(message)
            bytes += message.body.count
          }
          start += 1
        }
        return batch
      }
      if !batch.isEmpty { write(batch) }
    }
  }

  /// Writes what overtook the runs until nothing more has; then the next run, or nil when none waits (the writer is
  /// done: the next run starts a new thread).
  private func nextRun() -> Run? {
    while true {
      writeOvertaking()
      let next = state.withLock { state -> (run: Run?, done: Bool) in
        if !state.overtaking.isEmpty { return (nil, false) }
        if !state.waiting.isEmpty { return (state.waiting.removeFirst(), false) }
        state.writing = false
        // Every run message handed over is written or left out: the marks concern none to come.
        state.replacedBelow = [:]
        return (nil, true)
      }
      if let run = next.run { return run }
      if next.done { return nil }
    }
  }

  /// Writes the messages sent to overtake the runs, as one write.
  private func writeOvertaking() {
    let overtaking = state.withLock { state -> [OutgoingMessage] in
      defer { state.overtaking = [] }
      return state.overtaking
    }
    if !overtaking.isEmpty { write(overtaking) }
  }

  /// Writes `message` now: before the runs' next batch while runs are written (a `publishDiagnostics` without a
  /// subject after them), else at once.
  package func send(_ message: OutgoingMessage) {
    if message.mustFollowBulkRuns {
      waitUntilWritten()
    } else {
      let overtakes = state.withLock { state -> Bool in
        guard state.writing else { return false }
        if let subject = message.subject { state.replacedBelow[subject] = state.handedOver }
        state.overtaking.append(message)
        return true
      }
      if overtakes { return }
    }
    write([message])
  }

  /// Whether runs are being written now.
  package var isWriting: Bool { written.wait(timeout: .now()) == .timedOut }

  /// Returns once no run is being written (and what overtook them is written too).
  package func waitUntilWritten() {
    written.wait()
  }
}

extension OutgoingMessage {
  /// Whether the message must wait until the runs are written: a `publishDiagnostics` that does not name its document
  /// may be about one of their files.
  var mustFollowBulkRuns: Bool {
    guard subject == nil, case .notification(let method) = kind else { return false }
    return method == PublishDiagnosticsNotification.method
  }
}
