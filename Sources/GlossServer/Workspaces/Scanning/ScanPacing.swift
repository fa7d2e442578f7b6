/// When the periodic scan of one folder root looks at the disk, and how, so that it costs a small, bounded share of
/// one core whatever the size of the workspace (a pure schedule; `ScanBoard` times the steps and follows it).
///
/// - A **check** (`WorkspaceFiles.looksUnchanged`) stats every folder and every file read: about 20 ms for 12,000
///   files. It runs on each tick, but never more often than once per `checkShare` times its own last duration.
/// - A **walk** lists and classifies everything again (`rescanned`): several times a check's cost. It runs when a
///   check fails, and otherwise once per `walkEvery` at least (whatever the check says, in case the file system's
///   times hide a change), or once per `walkShare` times its own last duration if that is longer.
package struct ScanPacing: Sendable {
  /// What to do at one tick.
  package enum Step: Hashable, Sendable {
    /// Nothing this tick.
    case wait
    /// The cheap check; a walk follows if it fails.
    case check
    /// A full walk.
    case walk
  }

  /// A check runs at most once per this many times its own duration (at most 2 % of a core).
  package static let checkShare = 50
  /// A walk runs at most once per this many times its own duration (at most 1 % of a core)…
  package static let walkShare = 100
  /// …and at least this often, whatever the checks say.
  package static let walkEvery: Duration = .seconds(60)

  private var lastCheck: (at: ContinuousClock.Instant, cost: Duration)?
  private var lastWalk: (at: ContinuousClock.Instant, cost: Duration)

  /// A schedule for files walked at `walkedAt` (the indexing's walk, whose cost is not known).
  package init(walkedAt: ContinuousClock.Instant) {
    lastWalk = (walkedAt, .zero)
  }

  /// The step to take at `now`.
  package func step(at now: ContinuousClock.Instant) -> Step {
    if now - lastWalk.at >= max(Self.walkEvery, lastWalk.cost * Self.walkShare) { return .walk }
    if let lastCheck, now - lastCheck.at < lastCheck.cost * Self.checkShare { return .wait }
    return .check
  }

  /// Records a check that started at `at` and took `cost`.
  package mutating func checked(at: ContinuousClock.Instant, cost: Duration) {
    lastCheck = (at, cost)
  }

  /// Records a walk that started at `at` and took `cost`.
  package mutating func walked(at: ContinuousClock.Instant, cost: Duration) {
    lastWalk = (at, cost)
  }
}
