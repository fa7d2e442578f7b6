package import GlossIndex
import GlossSyntax

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Extracted texts kept outside the workspace (`$XDG_CACHE_HOME/gloss`, else `~/.cache/gloss`), so a restart extracts
/// nothing again.
///
/// Each file has two entries named after a hash of its absolute path: `<hash>.txt`, the text exactly as extracted
/// (an editor can open it, and `definition` points into it), and `<hash>.json`, what it was extracted from (path,
/// size, modification time, tool, cache format version) with the text's length and hash, and the PDF's page labels. An entry is used only when
/// all of these match; anything else (stale, truncated, edited, unreadable, another version) is extracted again.
package struct ExtractionCache: Sendable {
  /// Bumped whenever the entries or the extraction change meaning; entries of other versions are never used.
  package static let formatVersion = 2

  /// Gloss's cache folder, written only through the guarded writer for Gloss's own files.
  package let writer: PrivateFileWriter
  /// The folder of the entries inside it.
  static let folder = "texts"

  /// A cache in the folder `writer` owns (the entries go in its `texts/`).
  package init(writer: PrivateFileWriter) {
    self.writer = writer
  }

  /// The user's cache as the command line finds it: Gloss's cache folder of `environment` (`defaultDirectory`).
  package static func forCommandLine(environment: [String: String]) -> ExtractionCache {
    ExtractionCache(writer: .cache(environment: environment))
  }

  /// The default folder: `$XDG_CACHE_HOME/gloss`, else `~/.cache/gloss`.
  package static func defaultDirectory(environment: [String: String]) -> String? {
    PrivateFileWriter.cache(environment: environment).directory
  }

  /// What the cache holds for `job`'s file, when it is a trustworthy entry for that very file.
  package func lookup(_ job: ExtractionJob) -> ExtractionOutcome? {
    let names = entryNames(job.absolutePath)
    guard let metaBytes = try? writer.read(names.meta),
      let meta = try? JSONDecoder().decode(Meta.self, from: Data(metaBytes)), meta.describes(job)
    else { return nil }
    if let problem = meta.problem { return .noText(reason: problem, isLasting: true) }
    guard let text = try? writer.read(names.text), text.count == meta.textLength,
      Self.hash(text) == meta.textHash
    else { return nil }
    return .text(text, pageLabels: meta.pageLabels)
  }

  /// Keeps `outcome` for `job`'s file (texts and lasting failures); a failure to write is only logged by the caller.
  package func store(_ outcome: ExtractionOutcome, for job: ExtractionJob) throws(CommandError) {
    let names = entryNames(job.absolutePath)
    let meta: Meta
    switch outcome {
    case .text(let text, let pageLabels):
      try writer.write(text, to: names.text)
      meta = Meta(job, text: text, pageLabels: pageLabels, problem: nil)
    case .noText(let reason, let isLasting):
      guard isLasting else { return }
      meta = Meta(job, text: nil, pageLabels: nil, problem: reason)
    }
    // The description is written last: an entry whose text is missing or half-written never matches it.
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard let data = try? encoder.encode(meta) else { return }
    try writer.write([UInt8](data), to: names.meta)
  }

  /// The absolute path of the text file of `absolutePath`'s entry (which may not exist).
  package func textFile(of absolutePath: String) -> String {
    PathComponents.join(writer.directory, entryNames(absolutePath).text)
  }

  /// The absolute paths of both files of `absolutePath`'s entry (which may not exist): what a lookup reads.
  package func entryFiles(of absolutePath: String) -> [String] {
    let names = entryNames(absolutePath)
    return [PathComponents.join(writer.directory, names.meta), PathComponents.join(writer.directory, names.text)]
  }

  /// The entry's two files, relative to the cache folder.
  private func entryNames(_ absolutePath: String) -> (text: String, meta: String) {
    let name = Self.folder + "/" + String(Self.hash(Array(absolutePath.utf8)), radix: 16)
    return (name + ".txt", name + ".json")
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
    /// The PDF's page labels (version 2 on; none when it has none).
    var pageLabels: PageLabels?

    init(_ job: ExtractionJob, text: [UInt8]?, pageLabels: PageLabels?, problem: String?) {
      version = ExtractionCache.formatVersion
      path = job.absolutePath
      size = job.size
      modified = job.modificationTime.nanoseconds
      format = job.format.rawValue
      textLength = text?.count ?? 0
      textHash = text.map(ExtractionCache.hash) ?? 0
      self.problem = problem
      self.pageLabels = pageLabels
    }

    /// Whether this entry was made from `job`'s file as it is now, by this version of Gloss.
    func describes(_ job: ExtractionJob) -> Bool {
      version == ExtractionCache.formatVersion && path == job.absolutePath && size == job.size
        && modified == job.modificationTime.nanoseconds && format == job.format.rawValue
    }
  }
}
