import Foundation
package import GlossSyntax

/// The large released bibliographies read again most recently (`WorkspaceRoot.storedText`), kept while their file's
/// status is unchanged: a definition, a diagnostic or an edit in a bibliography of megabytes reads the file and checks
/// its stamp once, not on every request. A file's status (size, modification and change time, inode) moves on every
/// write or rename and its change time cannot be set back, so a text kept is the file's text as long as its status is
/// the one it was read with. Only the last few are kept: never more than the texts that were held before release.
package final class RereadTexts: @unchecked Sendable {
  /// Texts shorter than this are read again each time (reading them costs less than keeping them).
  package static let smallestKept = 64 << 10
  /// How many texts are kept at most.
  package static let capacity = 8

  private struct Entry {
    var stamp: TextStamp
    var status: FileStatus
    var text: SourceText
    var lastUse: Int
  }

  private let lock = NSLock()
  private var entries: [String: Entry] = [:]
  private var uses = 0

  /// An empty cache.
  package init() {}

  /// The text kept for `path`, when it was read for `stamp` from the file at `status`.
  package func text(of path: String, stamp: TextStamp, status: FileStatus) -> SourceText? {
    lock.lock()
    defer { lock.unlock() }
    guard let entry = entries[path], entry.stamp == stamp, entry.status == status else { return nil }
    uses += 1
    entries[path]?.lastUse = uses
    return entry.text
  }

  /// Keeps `text`, read for `stamp` from the file at `path` whose status was `status` before it was read; the least
  /// recently used text goes when the cache is full.
  package func keep(_ text: SourceText, of path: String, stamp: TextStamp, status: FileStatus) {
    guard text.bytes.count >= Self.smallestKept else { return }
    lock.lock()
    defer { lock.unlock() }
    uses += 1
    entries[path] = Entry(stamp: stamp, status: status, text: text, lastUse: uses)
    while entries.count > Self.capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
      entries[oldest.key] = nil
    }
  }

  /// The paths whose texts are kept (for tests).
  package var paths: Set<String> {
    lock.lock()
    defer { lock.unlock() }
    return Set(entries.keys)
  }
}
