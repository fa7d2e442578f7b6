import Synchronization

/// The folders the periodic scan watches, shared between the loop and the timer thread that scans off the loop.
///
/// The loop posts each folder root's current files (with a generation that grows each time they change); on each
/// tick the timer thread scans them and posts what changed as `.scanned` events. The loop applies a result only if
/// the root's files are still of the generation it was computed from, so a stale scan is dropped.
///
/// A scan first checks, cheaply, whether anything looks changed (`WorkspaceFiles.looksUnchanged`), and walks the
/// folder again (`rescanned(fileSystem:)`) only when something does, or now and then whatever the check says; each
/// root's steps are paced by their own cost (`ScanPacing`), so that watching 60,000 files does not keep a core busy.
package final class ScanBoard: Sendable {
  /// One scan's outcome for one root.
  package struct Result: Sendable {
    /// The root scanned.
    package var root: RootID
    /// The generation of the files the scan compared against.
    package var generation: Int
    /// The files found now.
    package var files: WorkspaceFiles
    /// What changed since that generation.
    package var changes: FileChanges
  }

  /// One root being watched.
  private struct Target {
    var generation: Int
    /// The files of that generation, or of a later walk that found no change (fresher folder times to check).
    var files: WorkspaceFiles
    var pacing: ScanPacing
  }

  /// What the loop and the timer thread share.
  private struct State {
    var targets: [RootID: Target] = [:]
    var walks = 0
    var checks = 0
  }

  private let state = Mutex(State())
  /// Full walks made so far, for tests and measurements.
  package var walks: Int { state.withLock { $0.walks } }
  /// Cheap checks made so far.
  package var checks: Int { state.withLock { $0.checks } }

  /// Creates an empty board.
  package init() {}

  /// Replaces the folders to scan; a root posted again keeps its pacing.
  func post(_ roots: [(id: RootID, generation: Int, files: WorkspaceFiles)], at now: ContinuousClock.Instant = .now) {
    state.withLock { state in
      var next: [RootID: Target] = [:]
      for root in roots {
        if let kept = state.targets[root.id], kept.generation == root.generation {
          next[root.id] = kept
        } else {
          next[root.id] = Target(
            generation: root.generation, files: root.files,
            pacing: state.targets[root.id]?.pacing ?? ScanPacing(walkedAt: now))
        }
      }
      state.targets = next
    }
  }

  /// Scans every folder posted whose turn it is at `now` and returns the results that found a change (run off the
  /// loop).
  package func scan(fileSystem: any FileReading, at now: ContinuousClock.Instant = .now) -> [Result] {
    let current = state.withLock { $0.targets }
    var results: [Result] = []
    for (id, target) in current.sorted(by: { $0.key < $1.key }) {
      var pacing = target.pacing
      var step = pacing.step(at: now)
      if step == .check {
        let started = ContinuousClock.now
        let unchanged = target.files.looksUnchanged(fileSystem: fileSystem)
        pacing.checked(at: now, cost: ContinuousClock.now - started)
        count(\.checks)
        step = unchanged ? .wait : .walk
      }
      var baseline: WorkspaceFiles?
      if step == .walk {
        let started = ContinuousClock.now
        let (files, changes) = target.files.rescanned(fileSystem: fileSystem)
        pacing.walked(at: now, cost: ContinuousClock.now - started)
        count(\.walks)
        if changes.isEmpty {
          baseline = files
        } else {
          results.append(Result(root: id, generation: target.generation, files: files, changes: changes))
        }
      }
      update(id, generation: target.generation, pacing: pacing, baseline: baseline)
    }
    return results
  }

  private func count(_ counter: WritableKeyPath<State, Int>) {
    state.withLock { $0[keyPath: counter] += 1 }
  }

  /// Keeps a root's pacing, and the files of a walk that found no change, unless the loop posted newer files.
  private func update(_ id: RootID, generation: Int, pacing: ScanPacing, baseline: WorkspaceFiles?) {
    state.withLock { state in
      guard state.targets[id]?.generation == generation else { return }
      state.targets[id]?.pacing = pacing
      if let baseline { state.targets[id]?.files = baseline }
    }
  }
}
