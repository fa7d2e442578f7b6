import Dispatch
import Foundation

/// Runs extractions in the background, at most `limit` at once, and hands their outcomes to the server loop.
///
/// The loop enqueues jobs and, woken by `wake` (which posts an event), takes what finished; nothing here touches the
/// index. A job already queued or running for the same file, size and time is not queued twice.
package final class ExtractionQueue: @unchecked Sendable {
  /// How many extractions run at once.
  package let limit: Int
  /// Called on a worker thread after each job finishes (the loop posts itself an event).
  package var wake: (@Sendable () -> Void)? {
    get { lock.withLock { wakeHandler } }
    set { lock.withLock { wakeHandler = newValue } }
  }

  private let work: @Sendable (ExtractionJob) -> ExtractionOutcome
  private let lock = NSLock()
  private var waiting: [ExtractionJob] = []
  private var active: Set<ExtractionJob> = []
  private var finished: [(ExtractionJob, ExtractionOutcome)] = []
  private var wakeHandler: (@Sendable () -> Void)?
  private let group = DispatchGroup()
  private var total = 0
  private var done = 0

  /// A queue running `work` (which extracts and caches) for each job.
  package init(limit: Int, work: @escaping @Sendable (ExtractionJob) -> ExtractionOutcome) {
    self.limit = max(1, limit)
    self.work = work
  }

  /// Queues `jobs` (those already queued or running are skipped).
  package func enqueue(_ jobs: [ExtractionJob]) {
    lock.withLock {
      for job in jobs where !active.contains(job) {
        active.insert(job)
        waiting.append(job)
        total += 1
        group.enter()
      }
    }
    startMore()
  }

  /// The outcomes finished since the last call, in the order they finished.
  package func takeFinished() -> [(job: ExtractionJob, outcome: ExtractionOutcome)] {
    lock.withLock {
      defer { finished = [] }
      return finished.map { (job: $0.0, outcome: $0.1) }
    }
  }

  /// How many jobs are queued or running, how many were queued since the queue was last idle, and how many of those
  /// finished.
  package var progress: (remaining: Int, total: Int, done: Int) {
    lock.withLock { (active.count, total, done) }
  }

  /// Blocks until every queued job has finished (tests and the command line).
  package func waitUntilIdle() {
    group.wait()
  }

  private func startMore() {
    var next: [ExtractionJob] = []
    lock.withLock {
      let running = active.count - waiting.count
      let count = min(waiting.count, limit - running)
      guard count > 0 else { return }
      next = Array(waiting.prefix(count))
      waiting.removeFirst(count)
    }
    for job in next {
      DispatchQueue.global(qos: .utility).async { [self] in
        let outcome = work(job)
        let handler = lock.withLock {
          active.remove(job)
          finished.append((job, outcome))
          done += 1
          if active.isEmpty {
            total = 0
            done = 0
          }
          return wakeHandler
        }
        startMore()
        handler?()
        group.leave()
      }
    }
  }
}
