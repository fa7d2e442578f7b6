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
package final class ExtractionQueue: Sendable {
  /// How many extractions run at once.
  package let limit: Int
  /// Called on a worker thread after each job finishes (the loop posts itself an event).
  package var wake: (@Sendable () -> Void)? {
    get { state.withLock { $0.wakeHandler } }
    set { state.withLock { $0.wakeHandler = newValue } }
  }

  private let work: @Sendable (ExtractionJob) -> ExtractionOutcome
  /// What the loop and the extracting threads share.
  private struct State {
    var waiting: [(job: ExtractionJob, preparation: SourcePreparation)] = []
    var active: Set<ExtractionJob> = []
    var finished: [ExtractedSource] = []
    var wakeHandler: (@Sendable () -> Void)?
    var total = 0
    var done = 0
  }

  private let state = Mutex(State())
  private let group = DispatchGroup()

  /// A queue running `work` (which extracts and caches) for each job.
  package init(limit: Int, work: @escaping @Sendable (ExtractionJob) -> ExtractionOutcome) {
    self.limit = max(1, limit)
    self.work = work
  }

  /// Queues `jobs` (those already queued or running are skipped); their texts are prepared for a workspace as
  /// `preparation` describes it.
  package func enqueue(_ jobs: [ExtractionJob], preparation: SourcePreparation) {
    state.withLock { state in
      for job in jobs where !state.active.contains(job) {
        state.active.insert(job)
        state.waiting.append((job, preparation))
        state.total += 1
        group.enter()
      }
    }
    startMore()
  }

  /// At most `limit` of the results finished since the last call, in the order they finished.
  package func takeFinished(limit: Int = .max) -> [ExtractedSource] {
    state.withLock { state in
      let count = min(limit, state.finished.count)
      let taken = Array(state.finished.prefix(count))
      state.finished.removeFirst(count)
      state.done += count
      if state.active.isEmpty && state.finished.isEmpty {
        state.total = 0
        state.done = 0
      }
      return taken
    }
  }

  /// Whether results wait to be taken.
  package var hasFinished: Bool {
    state.withLock { !$0.finished.isEmpty }
  }

  /// How many jobs are queued, running or finished but not taken, how many were queued since the queue was last
  /// idle, and how many of those were taken.
  package var progress: (remaining: Int, total: Int, done: Int) {
    state.withLock { ($0.active.count + $0.finished.count, $0.total, $0.done) }
  }

  /// Blocks until every queued job has finished (tests and the command line).
  package func waitUntilIdle() {
    group.wait()
  }

  private func startMore() {
    let next = state.withLock { state -> [(job: ExtractionJob, preparation: SourcePreparation)] in
      let running = state.active.count - state.waiting.count
      let count = min(state.waiting.count, limit - running)
      guard count > 0 else { return [] }
      defer { state.waiting.removeFirst(count) }
      return Array(state.waiting.prefix(count))
    }
    for (job, preparation) in next {
      BackgroundThread.start(name: "gloss-extract") { [self] in
        Self.lowerThisThreadsPriority()
        let result = ExtractedSource(job, outcome: work(job), preparation: preparation)
        let handler = state.withLock { state in
          state.active.remove(job)
          state.finished.append(result)
          return state.wakeHandler
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
