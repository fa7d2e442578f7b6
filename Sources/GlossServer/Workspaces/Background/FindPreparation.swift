import Dispatch
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
package final class FindPreparation: Sendable {
  /// What the loop and the preparing thread share.
  private struct State {
    var waiting: [RootID: FindPreparationWork] = [:]
    var running = false
    var handovers = 0
    var rounds = 0
  }

  private let state = Mutex(State())
  /// Entered while the preparing thread runs.
  private let running = DispatchGroup()
  /// How long the thread waits before preparing what was handed over; nil: nothing is prepared (tests).
  private let delay: TimeInterval?

  /// How many states were handed over so far.
  package var handedOver: Int { state.withLock { $0.handovers } }
  /// How many rounds of building have finished (each frees far more than the searches keep: the server hands that
  /// memory back once it is idle, `IdleTrim`).
  package var finishedRounds: Int { state.withLock { $0.rounds } }

  /// Waits until nothing handed over is still to be prepared (tests).
  package func waitUntilIdle() {
    running.wait()
  }

  /// A preparation that waits `delay` seconds before each round (nil: never prepares).
  init(delay: TimeInterval?) {
    self.delay = delay
  }

  /// Has the search of `workspace` (root `id`'s newest state) built in the background, replacing an older state of
  /// the same root still waiting. Only what the build needs is kept (`Workspace.findPreparation`), not the notes.
  func prepare(_ workspace: Workspace, root id: RootID) {
    state.withLock { $0.handovers += 1 }
    guard let delay else { return }
    let work = workspace.findPreparation
    let start = state.withLock { state in
      state.waiting[id] = work
      defer { state.running = true }
      return !state.running
    }
    guard start else { return }
    running.enter()
    BackgroundThread.start(name: "gloss-find") { [self] in
      defer { running.leave() }
      BackgroundThread.lowerPriority()
      while true {
        // Once the first diagnostics have gone out (sending them is what the client waits for), and once a burst
        // of changes is over.
        BackgroundThread.sleep(seconds: delay)
        let next = state.withLock { state in
          let next = state.waiting
          state.waiting = [:]
          if next.isEmpty { state.running = false }
          return next
        }
        if next.isEmpty { return }
        for id in next.keys.sorted() { next[id]?.run() }
        state.withLock { $0.rounds += 1 }
      }
    }
  }
}
