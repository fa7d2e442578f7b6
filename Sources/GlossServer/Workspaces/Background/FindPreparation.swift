import GlossIndex
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Builds the search over the sources' text (`Workspace.prepareFind`) in the background, so that no request on the
/// loop builds it: the loop hands over each root's newest state whose search is not built (after indexing, after
/// sources change), and one thread at the lowest priority prepares the newest state of each root, a second after
/// it was handed over (changes in a row are prepared once), until none waits.
package final class FindPreparation: @unchecked Sendable {
  // Guarded by `lock`.
  private let lock = Mutex(())
  private var waiting: [RootID: FindPreparationWork] = [:]
  private var running = false
  private var handovers = 0
  private var rounds = 0
  /// How long the thread waits before preparing what was handed over; nil: nothing is prepared (tests).
  private let delay: TimeInterval?

  /// How many states were handed over so far.
  package var handedOver: Int { lock.withLock { _ in handovers } }
  /// How many rounds of building have finished (each frees far more than the searches keep: the server hands that
  /// memory back once it is idle, `IdleTrim`).
  package var finishedRounds: Int { lock.withLock { _ in rounds } }

  /// A preparation that waits `delay` seconds before each round (nil: never prepares).
  init(delay: TimeInterval?) {
    self.delay = delay
  }

  /// Has the search of `workspace` (root `id`'s newest state) built in the background, replacing an older state of
  /// the same root still waiting. Only what the build needs is kept (`Workspace.findPreparation`), not the notes.
  func prepare(_ workspace: Workspace, root id: RootID) {
    lock.withLock { _ in handovers += 1 }
    guard let delay else { return }
    let work = workspace.findPreparation
    let start = lock.withLock { _ in
      waiting[id] = work
      defer { running = true }
      return !running
    }
    guard start else { return }
    BackgroundThread.start(name: "gloss-find") { [self] in
      // On Linux a thread has its own nice value: 0 names the calling thread.
      _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
      while true {
        // Once the first diagnostics have gone out (sending them is what the client waits for), and once a burst
        // of changes is over.
        BackgroundThread.sleep(seconds: delay)
        let next = lock.withLock { _ in
          let next = waiting
          waiting = [:]
          if next.isEmpty { running = false }
          return next
        }
        if next.isEmpty { return }
        for id in next.keys.sorted() { next[id]?.run() }
        lock.withLock { _ in rounds += 1 }
      }
    }
  }
}
