import Foundation
package import GlossIndex

/// Extracted texts kept outside the workspace (`$XDG_CACHE_HOME/gloss`, else `~/.cache/gloss`), so a restart extracts
/// nothing again.
///
/// Each file has two entries named after a hash of its absolute path: `<hash>.txt`, the text exactly as extracted
/// (an editor can open it, and `definition` points into it), and `<hash>.json`, what it was extracted from (path,
/// size, modification time, tool, cache format version) with the text's length and hash. An entry is used only when
/// all of these match; anything else (stale, truncated, edited, unreadable, another version) is extracted again.
package struct ExtractionCache: Sendable {
  /// Bumped whenever the entries or the extraction change meaning; entries of other versions are never used.
  package static let formatVersion = 1

  /// The folder holding the entries.
  package var directory: String
  /// Where the entries are read and written.
  package var fileSystem: any FileSystem

  /// A cache in `directory`.
  package init(directory: String, fileSystem: any FileSystem) {
    self.directory = directory
    self.fileSystem = fileSystem
  }

  /// The default folder: `$XDG_CACHE_HOME/gloss`, else `$HOME/.cache/gloss`; nil when neither is set.
  package static func defaultDirectory(environment: [String: String]) -> String? {
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/gloss" }
    if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/gloss" }
    return nil
  }

  /// What the cache holds for `job`'s file, when it is a trustworthy entry for that very file.
  package func lookup(_ job: ExtractionJob) -> ExtractionOutcome? {
    let names = entryNames(job.absolutePath)
    guard let metaBytes = try? fileSystem.contents(of: names.meta),
      let meta = try? JSONDecoder().decode(Meta.self, from: Data(metaBytes)), meta.describes(job)
    else { return nil }
    if let problem = meta.problem { return .noText(reason: problem, isLasting: true) }
    guard let text = try? fileSystem.contents(of: names.text), text.count == meta.textLength,
      Self.hash(text) == meta.textHash
    else { return nil }
    return .text(text)
  }

  /// Keeps `outcome` for `job`'s file (texts and lasting failures); a failure to write is only logged by the caller.
  package func store(_ outcome: ExtractionOutcome, for job: ExtractionJob) throws(FileSystemError) {
    let names = entryNames(job.absolutePath)
    let meta: Meta
    switch outcome {
    case .text(let text):
      try writeEntry(text, to: names.text)
      meta = Meta(job, text: text, problem: nil)
    case .noText(let reason, let isLasting):
      guard isLasting else { return }
      meta = Meta(job, text: nil, problem: reason)
    }
    // The description is written last: an entry whose text is missing or half-written never matches it.
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard let data = try? encoder.encode(meta) else { return }
    try writeEntry([UInt8](data), to: names.meta)
  }

  /// The text file of `absolutePath`'s entry (which may not exist).
  package func textFile(of absolutePath: String) -> String { entryNames(absolutePath).text }

  /// Writes one cache entry, replacing the old one atomically. Every cache write goes through here.
  // TODO(issue 10): switch to the guarded write for Gloss's own files outside the workspace once it lands on main.
  private func writeEntry(_ bytes: [UInt8], to path: String) throws(FileSystemError) {
    try fileSystem.createDirectory(directory)
    try fileSystem.write(bytes, to: path, overwrite: true)
  }

  private func entryNames(_ absolutePath: String) -> (text: String, meta: String) {
    let name = String(Self.hash(Array(absolutePath.utf8)), radix: 16)
    return (directory + "/" + name + ".txt", directory + "/" + name + ".json")
  }

  /// FNV-1a, 64 bits: stable across runs (Swift's `Hasher` is seeded per process).
  static func hash(_ bytes: [UInt8]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01b3
    }
    return hash
  }

  /// What an entry was made from.
  private struct Meta: Codable, Equatable {
    var version: Int
    var path: String
    var size: Int
    var modified: Int64
    var format: String
    var textLength: Int
    var textHash: UInt64
    var problem: String?

    init(_ job: ExtractionJob, text: [UInt8]?, problem: String?) {
      version = ExtractionCache.formatVersion
      path = job.absolutePath
      size = job.size
      modified = job.modificationTime.nanoseconds
      format = job.format.rawValue
      textLength = text?.count ?? 0
      textHash = text.map(ExtractionCache.hash) ?? 0
      self.problem = problem
    }

    /// Whether this entry was made from `job`'s file as it is now, by this version of Gloss.
    func describes(_ job: ExtractionJob) -> Bool {
      version == ExtractionCache.formatVersion && path == job.absolutePath && size == job.size
        && modified == job.modificationTime.nanoseconds && format == job.format.rawValue
    }
  }
}
