#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one name pattern of Gloss's temporary files: `.<name>.<pid>-<random>.gloss-tmp`, beside the file being
/// written, so the final `link`/`rename` stays on one file system.
///
/// The name starts with a dot (hidden) and ends in `.gloss-tmp` (never a note, a source or a bibliography), and it
/// carries the writing process's id, so a leftover whose process is gone can be told from a write in progress.
package enum TemporaryFile {
  /// The suffix every temporary file ends with.
  package static let suffix = ".gloss-tmp"

  /// A fresh temporary name for writing the file named `name` (no folder part).
  package static func name(for name: String, processID: Int32 = getpid()) -> String {
    ".\(name).\(processID)-\(UInt32.random(in: 0...UInt32.max))\(suffix)"
  }

  /// Whether `name` (no folder part) follows the temporary-file pattern.
  package static func isTemporary(_ name: String) -> Bool {
    name.hasPrefix(".") && name.hasSuffix(suffix) && processID(of: name) != nil
  }

  /// The id of the process that made the temporary file `name`, nil when the name does not follow the pattern.
  package static func processID(of name: String) -> Int32? {
    guard name.hasSuffix(suffix) else { return nil }
    let stem = name.dropLast(suffix.count)
    guard let dot = stem.lastIndex(of: "."), let dash = stem[dot...].firstIndex(of: "-") else { return nil }
    return Int32(stem[stem.index(after: dot)..<dash])
  }

  /// Whether the temporary file `name` is a leftover: the process that made it no longer runs (or it is this
  /// process's from an earlier life, which cannot be, so only a dead process counts).
  package static func isLeftover(_ name: String) -> Bool {
    guard let owner = processID(of: name) else { return false }
    if owner == getpid() { return false }
    return owner <= 0 || (kill(owner, 0) != 0 && errno == ESRCH)
  }
}
