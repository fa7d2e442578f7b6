import Dispatch
import GlossIndex
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the index of a restarted root publishes, checked off the loop against what its restart snapshot already
/// published: a snapshot is used only when every file is as it was, so the two agree unless something was missed,
/// and the loop answers requests while the check runs (on a large workspace it reads every note with diagnostics).
final class RestartChecks: Sendable {
  /// One root's check: the files whose notification differs from the replayed one, or that the snapshot published
  /// and the index no longer diagnoses.
  struct Result: Sendable {
    var root: RootID
    var differing: [String]
    /// The root's index diagnosed off the loop, when it was loaded without diagnosing (`Server+RestartDiagnosis`).
    var diagnosed: Workspace?
    /// The position tables of the notes indexed without being read (`WorkspaceRoot.positionTables(of:fileSystem:onAllCores:)`).
    var positions: [String: TextStamp] = [:]
  }

  /// The diagnoses under way off the loop (an event that needs them waits for this group).
  let diagnoses = DispatchGroup()

  /// What the checking threads and the loop share.
  private struct State {
    var results: [Result] = []
    var wakeHandler: (@Sendable () -> Void)?
    /// The roots whose diagnosis is under way or not yet taken, with the opened notes whose publishing waits for it.
    var awaiting: [RootID: Set<String>] = [:]
  }

  private let state = Mutex(State())

  /// Whether some root's diagnosis is under way or not yet taken.
  var isAwaiting: Bool { state.withLock { !$0.awaiting.isEmpty } }

  /// Root `id`'s diagnosis starts.
  func begin(_ id: RootID) { state.withLock { $0.awaiting[id] = [] } }

  /// Keeps `path` to publish once root `id` is diagnosed; false (nothing kept) when it is not awaited.
  func publishLater(_ path: String, in id: RootID) -> Bool {
    state.withLock { state in
      guard state.awaiting[id] != nil else { return false }
      state.awaiting[id]?.insert(path)
      return true
    }
  }

  /// Root `id`'s diagnosis is taken: the paths whose publishing waited for it.
  func end(_ id: RootID) -> Set<String> { state.withLock { $0.awaiting.removeValue(forKey: id) ?? [] } }

  /// Called (on the checking thread) when a result waits: the loop posts an event so it is taken soon.
  var wake: (@Sendable () -> Void)? {
    get { state.withLock { $0.wakeHandler } }
    set { state.withLock { $0.wakeHandler = newValue } }
  }

  /// Hands a result to the loop.
  func post(_ result: Result) {
    let wake = state.withLock { state in
      state.results.append(result)
      return state.wakeHandler
    }
    wake?()
  }

  /// The results waiting, in the order they were posted.
  func take() -> [Result] {
    state.withLock { state in
      defer { state.results = [] }
      return state.results
    }
  }
}

extension Server {
  /// Checks in the background that root `root`'s index publishes exactly what `replayed` (path → notification)
  /// already sent; the loop sends again what differs when it takes the result (`applyRestartChecks`). An index loaded
  /// without diagnosing is diagnosed there first, and the loop takes the diagnosis with the result.
  func checkReplay(of root: WorkspaceRoot, replayed: [String: Data]) {
    let encoding = connection.positionEncoding
    let fileSystem = options.reader
    let checks = restart.checks
    let diagnosing = root.workspace.awaitsDiagnosis
    let log = options.log
    if diagnosing { checks.begin(root.id) }
    let work: @Sendable () -> Void = {
      var root = root
      var diagnosed: Workspace?
      if diagnosing {
        let started = ContinuousClock.now
        IndexedRoot.diagnose(&root.workspace, files: root.files, fileSystem: fileSystem)
        diagnosed = root.workspace
        log("diagnosed '\(root.path)' in the background in \(ContinuousClock.now - started)")
      }
      var unchecked = replayed
      var differing: [String] = []
      // No document is open when a snapshot is replayed (`publishesFromDisk`), and those opened since are their
      // files (`mayRunBeforeRestartDiagnosis`), so nothing can be refused.
      let published =
        (try? Server.publishedFromDisk(root, openTexts: [:], encoding: encoding, fileSystem: fileSystem).get()) ?? []
      for record in published where unchecked.removeValue(forKey: record.path) != record.body {
        differing.append(record.path)
      }
      differing += unchecked.keys
      checks.post(RestartChecks.Result(root: root.id, differing: differing, diagnosed: diagnosed))
    }
    guard diagnosing else { return inRestartBackground(work) }
    inRestartDiagnosis(work)
  }

  /// Makes in the background the position tables of the notes root `root` indexed without reading them (a restart:
  /// `IndexedRoot.notesNotRead`), on one core, once completion's index is built: until they are in, a request that
  /// needs one makes it (`makeMissingPositionTables`). The loop puts them in place with the checks (`applyRestartChecks`).
  func makePositionTables(of root: WorkspaceRoot) {
    let fileSystem = options.reader
    let checks = restart.checks
    let writes = restart.writes
    let completion = restart.completionBuilds
    let log = options.log
    writes.enter()
    DispatchQueue.global(qos: .utility).async {
      defer { writes.leave() }
      // After completion's index, which a user may be waiting for; a request meanwhile makes the tables it needs.
      completion.wait()
      let started = ContinuousClock.now
      let positions = root.positionTables(of: root.untabledNotes(), fileSystem: fileSystem, onAllCores: false)
      log("made the position tables of \(positions.count) notes not read in \(ContinuousClock.now - started)")
      checks.post(RestartChecks.Result(root: root.id, differing: [], diagnosed: nil, positions: positions))
    }
  }

  /// Puts the finished checks in place: a diagnosis made off the loop is taken into the root's index, and the opened
  /// notes that waited for it are published; what differed is published again from the index as it is now (an empty
  /// list for a file it no longer diagnoses), and a snapshot of the index is saved for the next start.
  func applyRestartChecks() {
    for result in restart.checks.take() {
      if let diagnosed = result.diagnosed { takeRestartDiagnosis(diagnosed, of: result.root) }
      if let index = rootIndex(result.root) { roots[index].keepPositionTables(result.positions) }
      guard !result.differing.isEmpty, let root = root(result.root) else { continue }
      // A snapshot validated as current should have held exactly these diagnostics: worth knowing.
      log(
        "restart snapshot of '\(root.path)' differed from the index for \(result.differing.count) files, "
          + "published again")
      publishSorted(Set(result.differing), in: result.root)
      saveRestartSnapshot(of: result.root, published: nil)
    }
  }
}
