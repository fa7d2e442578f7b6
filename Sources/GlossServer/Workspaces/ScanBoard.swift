import Foundation

/// The folders the periodic scan walks, shared between the loop and the timer thread that scans off the loop.
///
/// The loop posts each folder root's current files (with a generation that grows each time they change); the timer
/// thread walks them with `rescanned(fileSystem:)` and posts what changed as `.scanned` events. The loop applies a
/// result only if the root's files are still of the generation it was computed from, so a stale scan is dropped.
package final class ScanBoard: @unchecked Sendable {
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

  private let lock = NSLock()
  private var targets: [RootID: (generation: Int, files: WorkspaceFiles)] = [:]

  /// Creates an empty board.
  package init() {}

  /// Replaces the folders to scan.
  func post(_ roots: [(id: RootID, generation: Int, files: WorkspaceFiles)]) {
    lock.lock()
    defer { lock.unlock() }
    targets = [:]
    for root in roots { targets[root.id] = (root.generation, root.files) }
  }

  /// Walks every folder posted and returns the results that found a change (run off the loop).
  package func scan(fileSystem: any FileSystem) -> [Result] {
    lock.lock()
    let current = targets
    lock.unlock()
    var results: [Result] = []
    for (id, target) in current.sorted(by: { $0.key < $1.key }) {
      let (files, changes) = target.files.rescanned(fileSystem: fileSystem)
      if !changes.isEmpty {
        results.append(Result(root: id, generation: target.generation, files: files, changes: changes))
      }
    }
    return results
  }
}
