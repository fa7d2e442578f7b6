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
final class RestartChecks: @unchecked Sendable {
  /// One root's check: the files whose notification differs from the replayed one, or that the snapshot published
  /// and the index no longer diagnoses.
  struct Result: Sendable {
    var root: RootID
    var differing: [String]
  }

  // Guarded by `lock`.
  private let lock = Mutex(())
  private var results: [Result] = []
  private var wakeHandler: (@Sendable () -> Void)?

  /// Called (on the checking thread) when a result waits: the loop posts an event so it is taken soon.
  var wake: (@Sendable () -> Void)? {
    get { lock.withLock { _ in wakeHandler } }
    set { lock.withLock { _ in wakeHandler = newValue } }
  }

  /// Hands a result to the loop.
  func post(_ result: Result) {
    let wake = lock.withLock { _ in
      results.append(result)
      return wakeHandler
    }
    wake?()
  }

  /// The results waiting, in the order they were posted.
  func take() -> [Result] {
    lock.withLock { _ in
      defer { results = [] }
      return results
    }
  }
}

extension Server {
  /// Checks in the background that root `root`'s index publishes exactly what `replayed` (path → notification)
  /// already sent; the loop sends again what differs when it takes the result (`applyRestartChecks`).
  func checkReplay(of root: WorkspaceRoot, replayed: [String: Data]) {
    let encoding = connection.positionEncoding
    let fileSystem = options.fileSystem
    let checks = restart.checks
    inRestartBackground {
      var unchecked = replayed
      var differing: [String] = []
      // No document is open when a snapshot is replayed (`publishesFromDisk`), so nothing can be refused.
      let published =
        (try? Server.publishedFromDisk(root, openTexts: [:], encoding: encoding, fileSystem: fileSystem).get()) ?? []
      for record in published where unchecked.removeValue(forKey: record.path) != record.body {
        differing.append(record.path)
      }
      differing += unchecked.keys
      checks.post(RestartChecks.Result(root: root.id, differing: differing))
    }
  }

  /// Puts the finished checks in place: what differed is published again from the index as it is now (an empty
  /// list for a file it no longer diagnoses), and a snapshot of the index is saved for the next start.
  func applyRestartChecks() {
    for result in restart.checks.take() where !result.differing.isEmpty {
      guard let root = root(result.root) else { continue }
      // A snapshot validated as current should have held exactly these diagnostics: worth knowing.
      log(
        "restart snapshot of '\(root.path)' differed from the index for \(result.differing.count) files, "
          + "published again")
      publishSorted(Set(result.differing), in: result.root)
      saveRestartSnapshot(of: result.root, published: nil)
    }
  }
}
