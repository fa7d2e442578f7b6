import Dispatch
package import GlossIndex
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Runs extractions in the background, at most `limit` at once, and hands their outcomes to the server loop.
///
/// Each job is extracted (or taken from the cache) and its text parsed and indexed for quotation checks on a worker
/// thread, so the loop only files the result. The loop enqueues jobs and, woken by `wake` (which posts an event),
/// takes what finished in batches; nothing here touches the index. A job already queued or running for the same
/// file, size and time is not queued twice.
// @unchecked: every `var` is read and written only holding `lock`.
package final class ExtractionQueue: @unchecked Sendable {
  /// How many extractions run at once.
  package let limit: Int
  /// Called on a worker thread after each job finishes (the loop posts itself an event).
  package var wake: (@Sendable () -> Void)? {
    get { lock.withLock { _ in wakeHandler } }
    set { lock.withLock { _ in wakeHandler = newValue } }
  }

  private let work: @Sendable (ExtractionJob) -> ExtractionOutcome
  private let lock = Mutex(())
  private var waiting: [(job: ExtractionJob, preparation: SourcePreparation)] = []
  private var active: Set<ExtractionJob> = []
  private var finished: [ExtractedSource] = []
  private var wakeHandler: (@Sendable () -> Void)?
  private let group = DispatchGroup()
  private var total = 0
  private var done = 0

  /// A queue running `work` (which extracts and caches) for each job.
  package init(limit: Int, work: @escaping @Sendable (ExtractionJob) -> ExtractionOutcome) {
    self.limit = max(1, limit)
    self.work = work
  }

  /// Queues `jobs` (those already queued or running are skipped); their texts are prepared for a workspace as
  /// `preparation` describes it.
  package func enqueue(_ jobs: [ExtractionJob], preparation: SourcePreparation) {
    lock.withLock { _ in
      for job in jobs where !active.contains(job) {
        active.insert(job)
        waiting.append((job, preparation))
        total += 1
        group.enter()
      }
    }
    startMore()
  }

  /// At most `limit` of the results finished since the last call, in the order they finished.
  package func takeFinished(limit: Int = .max) -> [ExtractedSource] {
    lock.withLock { _ in
      let count = min(limit, finished.count)
      let taken = Array(finished.prefix(count))
      finished.removeFirst(count)
      done += count
      if active.isEmpty && finished.isEmpty {
        total = 0
        done = 0
      }
      return taken
    }
  }

  /// Whether results wait to be taken.
  package var hasFinished: Bool {
    lock.withLock { _ in !finished.isEmpty }
  }

  /// How many jobs are queued, running or finished but not taken, how many were queued since the queue was last
  /// idle, and how many of those were taken.
  package var progress: (remaining: Int, total: Int, done: Int) {
    lock.withLock { _ in (active.count + finished.count, total, done) }
  }

  /// Blocks until every queued job has finished (tests and the command line).
  package func waitUntilIdle() {
    group.wait()
  }

  private func startMore() {
    var next: [(job: ExtractionJob, preparation: SourcePreparation)] = []
    lock.withLock { _ in
      let running = active.count - waiting.count
      let count = min(waiting.count, limit - running)
      guard count > 0 else { return }
      next = Array(waiting.prefix(count))
      waiting.removeFirst(count)
    }
    for (job, preparation) in next {
      BackgroundThread.start(name: "gloss-extract") { [self] in
        Self.lowerThisThreadsPriority()
        let result = ExtractedSource(job, outcome: work(job), preparation: preparation)
        let handler = lock.withLock { _ in
          active.remove(job)
          finished.append(result)
          return wakeHandler
        }
        startMore()
        handler?()
        group.leave()
      }
    }
  }

  /// How much lower than the server's the priority of an extraction is (a `nice` increment).
  static let niceness: Int32 = 10

  /// Lowers the priority of the calling thread, and so of the tools it starts (a child inherits it), so that on a
  /// machine with few cores the server's loop, answering keystrokes, wins over the extractions.
  private static func lowerThisThreadsPriority() {
    // Linux keeps a nice value per thread: `who` 0 is the calling thread. Elsewhere it would be the whole process.
    #if os(Linux)
      _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
    #endif
  }
}
