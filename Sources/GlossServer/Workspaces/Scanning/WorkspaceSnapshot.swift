import GlossSyntax

/// The size, time and role of every file of a root at one moment: the cheap periodic scan that stands in for
/// `workspace/didChangeWatchedFiles` with clients that never send it (docs/features.md).
package struct WorkspaceSnapshot: Hashable, Sendable {
  /// What is compared for one file.
  package struct Stamp: Hashable, Sendable {
    /// The size in bytes.
    package var size: Int
    /// The modification time.
    package var modificationTime: FileTime
    /// The role, so a file that changes role (after a config change) counts as changed; `nil` for a file Gloss
    /// does not read (an image, a PDF), which only matters when it appears or disappears.
    package var role: FileRole?
    /// The inode change time: a file rewritten with its size and modification time set back still changed.
    package var changeTime: FileTime
    /// Device and inode: a file renamed over another changed.
    package var identity: FileIdentity

    /// Makes a stamp; the change time defaults to the modification time.
    package init(
      size: Int, modificationTime: FileTime, role: FileRole?, changeTime: FileTime? = nil,
      identity: FileIdentity = FileIdentity(device: 0, inode: 0)
    ) {
      self.size = size
      self.modificationTime = modificationTime
      self.role = role
      self.changeTime = changeTime ?? modificationTime
      self.identity = identity
    }
  }

  /// Root-relative path → stamp.
  package var stamps: [String: Stamp]

  /// Makes a snapshot from stamps.
  package init(stamps: [String: Stamp] = [:]) {
    self.stamps = stamps
  }

  /// The snapshot of discovered files and the other files beside them.
  package init(_ files: [DiscoveredFile], otherFiles: [DiscoveredFile.Stamped] = []) {
    var stamps: [String: Stamp] = [:]
    stamps.reserveCapacity(files.count + otherFiles.count)
    for file in files {
      stamps[file.path] = Stamp(
        size: file.size, modificationTime: file.modificationTime, role: file.role, changeTime: file.changeTime,
        identity: file.identity)
    }
    // A path that is both (a file a `file` field names, found by the walk too) is the read file.
    for file in otherFiles where stamps[file.path] == nil {
      stamps[file.path] = Stamp(size: file.size, modificationTime: file.modificationTime, role: nil)
    }
    self.stamps = stamps
  }

  /// What changed from `old` to this snapshot; a rename shows as a deletion and a creation.
  package func changes(since old: WorkspaceSnapshot) -> FileChanges {
    var changes = FileChanges()
    for (path, stamp) in stamps {
      if let before = old.stamps[path] {
        // An unread file's content does not matter, only that it exists.
        if before != stamp, stamp.role != nil || before.role != nil { changes.changed.append(path) }
      } else {
        changes.created.append(path)
      }
    }
    for path in old.stamps.keys where stamps[path] == nil {
      changes.deleted.append(path)
    }
    changes.sort()
    return changes
  }
}

extension WorkspaceFiles {
  /// The snapshot of these files, to compare with the next walk's.
  package var snapshot: WorkspaceSnapshot {
    WorkspaceSnapshot(files, otherFiles: otherFiles)
  }
}

/// Files created, changed and deleted between two snapshots, each list in path order.
package struct FileChanges: Hashable, Sendable {
  /// Paths present only in the newer snapshot.
  package var created: [String] = []
  /// Paths whose size, time or role differ.
  package var changed: [String] = []
  /// Paths present only in the older snapshot.
  package var deleted: [String] = []

  /// Makes a change set.
  package init(created: [String] = [], changed: [String] = [], deleted: [String] = []) {
    self.created = created
    self.changed = changed
    self.deleted = deleted
  }

  /// Whether nothing changed.
  package var isEmpty: Bool {
    created.isEmpty && changed.isEmpty && deleted.isEmpty
  }

  fileprivate mutating func sort() {
    created.sort { $0.utf8Precedes($1) }
    changed.sort { $0.utf8Precedes($1) }
    deleted.sort { $0.utf8Precedes($1) }
  }
}
