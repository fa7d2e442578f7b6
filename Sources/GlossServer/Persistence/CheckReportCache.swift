package import GlossIndex
import GlossSyntax

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `gloss check`'s report kept between runs: `$XDG_CACHE_HOME/gloss/workspaces/<hash of the root's real path>.check`
/// (`KeptRecordFile`), printed again when a fresh walk finds every stamp equal, exactly as a restart snapshot is used.
///
/// Beside the report it keeps what other files' diagnostics read of each note (`NoteDependence`, hashed) and the keys
/// renamed since an earlier run: when only notes changed since (the same files in the same roles, the same other and
/// unreadable files, the same extracted texts), the workspace is loaded without diagnosing, and only the changed notes
/// (and, when a note's headings changed, the notes linking to it) are diagnosed; every other file's items are the kept
/// ones. Anything else (a bibliography, source or config changed, a file added, removed or renamed, a changed note's
/// names, labels in a project whose cross-references span notes, its `citekey:` or bibliographies, the renamed keys,
/// another build, a damaged file) diagnoses the whole workspace and replaces what was kept.
package struct CheckReportCache: KeptRecordCache {
  /// The file the report is kept in.
  package let file: KeptRecordFile

  /// The reports kept in the cache folder `writer` owns for the build `build`.
  package init(writer: PrivateFileWriter, build: String) {
    file = KeptRecordFile(writer: writer, build: build, suffix: "check")
  }

  /// What is kept for the workspace at `root` (without the notes' stamps), with a fresh walk of it; nil when nothing
  /// is, or it is damaged.
  func kept(root: String, home: String?, fileSystem: any FileReading) -> (
    record: KeptRecordFile.Kept, check: KeptCheck
  )? {
    guard let record = file.read(root: root, home: home, fileSystem: fileSystem),
      let check = KeptCheck(decoding: record.recordReader, withNotes: false)
    else { return nil }
    return (record, check)
  }

  /// Keeps `check`, made from `indexed` (the workspace at `root`), for the next run, when the files are still those
  /// the index read; returns why it was not kept, if it was not.
  @discardableResult
  func store(
    _ check: KeptCheck, of indexed: IndexedRoot, root: String, home: String?, fileSystem: any FileReading,
    extractionCache: ExtractionCache?
  ) -> String? {
    file.store(
      check.encoded, of: indexed, root: root, home: home, fileSystem: fileSystem, extractionCache: extractionCache)
  }
}

/// How `gloss check` made its report.
package enum CheckReportUse: Hashable, Sendable {
  /// Printed as kept: no file changed since the last check.
  case kept
  /// The kept report with the files `diagnosed` diagnosed again (only notes changed since the last check).
  case updated(diagnosed: [String])
  /// The workspace indexed and every file diagnosed.
  case indexed

  /// Whether the kept report was printed whole.
  package var reused: Bool { self == .kept }
}

/// What `gloss check` keeps between runs: its report, what other files' diagnostics read of each note, and the keys
/// renamed since an earlier run (`CheckReportCache`).
struct KeptCheck {
  /// The report.
  var report: CheckReport
  /// The hash of the renamed keys the report was made with (`Workspace.renamedKeys`).
  var renamed: UInt64
  /// Each note's text stamp and dependence (`NoteDependence`), hashed, by path.
  var notes: [String: DependenceStamp]
  /// The file stamp of each source document that has parts (`IndexedRoot.sourceStamps`), by path: an update
  /// takes those still listed as they were from the note image without reading them.
  var sources: [String: TextStamp] = [:]

  /// The text a note's diagnostics were made from (its length and fingerprint, `TextStamp`), and the four parts of
  /// its `NoteDependence`, each hashed.
  struct DependenceStamp: Hashable {
    var count: Int
    var fingerprint: UInt64
    var names: UInt64
    var headings: UInt64
    var labels: UInt64
    var sources: UInt64

    /// The stamp of a note whose text is `text` and whose dependence is `dependence`.
    init(text: TextStamp, _ dependence: NoteDependence) {
      count = text.count
      fingerprint = text.fingerprint
      names = KeptCheck.hash(dependence.names)
      headings = KeptCheck.hash(dependence.headings)
      labels = KeptCheck.hash(dependence.labels)
      sources = KeptCheck.hash(dependence.sources)
    }

    init(count: Int, fingerprint: UInt64, names: UInt64, headings: UInt64, labels: UInt64, sources: UInt64) {
      self.count = count
      self.fingerprint = fingerprint
      self.names = names
      self.headings = headings
      self.labels = labels
      self.sources = sources
    }

    /// Whether `text` is the text this stamp was made from.
    func stamps(_ text: TextStamp) -> Bool { text.count == count && text.fingerprint == fingerprint }
  }

  /// The layout of the bytes (the file around them carries the build, which changes with any other layout).
  static let format: UInt8 = 2

  /// A hash of `parts` that is the same in every run (each part's bytes, each followed by a 0 byte).
  static func hash(_ parts: [String]) -> UInt64 {
    var bytes: [UInt8] = []
    for part in parts {
      bytes += part.utf8
      bytes.append(0)
    }
    return ExtractionCache.hash(bytes)
  }

  /// The hash of `workspace`'s renamed keys.
  static func renamedHash(of workspace: Workspace) -> UInt64 {
    hash(workspace.renamedKeys.map { $0.from + "\t" + $0.to }.sorted { $0.utf8Precedes($1) })
  }

  /// The dependence stamps of every note of `indexed`, worked out on all cores; nil when a note's text has no stamp
  /// (the index was made without stamping notes).
  static func stamps(of indexed: IndexedRoot) -> [String: DependenceStamp]? {
    let paths = Array(indexed.workspace.notes.keys)
    let workspace = indexed.workspace
    let texts = indexed.noteStamps
    let stamps = ParallelWork.map(count: paths.count) { index -> DependenceStamp? in
      guard let text = texts[paths[index]], let dependence = workspace.dependence(ofNote: paths[index]) else {
        return nil
      }
      return DependenceStamp(text: text, dependence)
    }
    guard !stamps.contains(nil) else { return nil }
    var out: [String: DependenceStamp] = [:]
    out.reserveCapacity(paths.count)
    for (path, stamp) in zip(paths, stamps) { out[path] = stamp }
    return out
  }

  init(
    report: CheckReport, renamed: UInt64, notes: [String: DependenceStamp], sources: [String: TextStamp] = [:]
  ) {
    self.report = report
    self.renamed = renamed
    self.notes = notes
    self.sources = sources
  }

  /// The bytes.
  var encoded: [UInt8] {
    var out = ByteWriter(capacity: report.items.count * 128 + notes.count * 80 + 64)
    out.append(Self.format)
    report.encode(into: &out)
    out.append(renamed)
    out.append(notes.count)
    for path in notes.keys.sorted(by: { $0.utf8Precedes($1) }) {
      guard let stamp = notes[path] else { continue }
      out.append(path)
      out.append(stamp.count)
      out.append(stamp.fingerprint)
      out.append(stamp.names)
      out.append(stamp.headings)
      out.append(stamp.labels)
      out.append(stamp.sources)
    }
    out.append(sources.count)
    for path in sources.keys.sorted(by: { $0.utf8Precedes($1) }) {
      guard let stamp = sources[path] else { continue }
      out.append(path)
      out.append(stamp.count)
      out.append(stamp.fingerprint)
    }
    return out.bytes
  }

  /// Reads what `encoded` wrote, all `reader` reads (a kept record, where it lies in its file); nil for anything else.
  /// Without `withNotes`, the notes' stamps are left unread (`notes` is empty): the report printed as kept needs none
  /// of them.
  init?(decoding reader: ByteReader, withNotes: Bool) {
    var reader = reader
    guard reader.byte() == Self.format, let report = CheckReport(reading: &reader), let renamed = reader.uint64(),
      let count = reader.count(each: 56)
    else { return nil }
    guard withNotes else {
      self.init(report: report, renamed: renamed, notes: [:])
      return
    }
    var notes: [String: DependenceStamp] = [:]
    notes.reserveCapacity(count)
    for _ in 0..<count {
      guard let path = reader.string(), let textCount = reader.int(), let fingerprint = reader.uint64(),
        let names = reader.uint64(), let headings = reader.uint64(), let labels = reader.uint64(),
        let sources = reader.uint64()
      else { return nil }
      notes[path] = DependenceStamp(
        count: textCount, fingerprint: fingerprint, names: names, headings: headings, labels: labels,
        sources: sources)
    }
    guard let sourceCount = reader.count(each: 24) else { return nil }
    var sources: [String: TextStamp] = [:]
    sources.reserveCapacity(sourceCount)
    for _ in 0..<sourceCount {
      guard let path = reader.string(), let textCount = reader.int(), let fingerprint = reader.uint64() else {
        return nil
      }
      sources[path] = TextStamp(count: textCount, fingerprint: fingerprint)
    }
    guard reader.isAtEnd else { return nil }
    self.init(report: report, renamed: renamed, notes: notes, sources: sources)
  }
}

extension CheckReport {
  /// `gloss check`'s report of the workspace at `root`: the one `cache` kept at the last run when every file is as
  /// it was then (`.kept`); when only notes changed since, that report with the notes whose diagnostics may have
  /// changed diagnosed again (`.updated`); else the workspace indexed now (`.indexed`). What is kept is then
  /// replaced for the next run.
  package static func keptOrIndexed(
    root: String, cache: CheckReportCache?, fileSystem: any FileReading, progress: (IndexingStep) -> Void = { _ in },
    keyMemory: KeyMemory? = nil,
    extract: @escaping @Sendable (String, ExtractedFormat) -> ExtractionOutcome = {
      TextExtractor.extract($0, format: $1)
    },
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> (report: CheckReport, use: CheckReportUse) {
    let home = environment["HOME"]
    var earlier: (record: KeptRecordFile.Kept, check: KeptCheck)?
    if let cache, let kept = cache.kept(root: root, home: home, fileSystem: fileSystem) {
      if kept.record.unchanged { return (kept.check.report, .kept) }
      // Worth a load without diagnosing only when notes alone changed (checked again against the files loaded).
      if kept.record.changedNotes(in: kept.record.walk.files) != nil,
        let check = KeptCheck(decoding: kept.record.recordReader, withNotes: true)
      {
        earlier = (kept.record, check)
      }
    }
    let extractionCache = ExtractionCache.forCommandLine(environment: environment)
    // For an update, the notes and sources whose stamps are those kept are taken from the note image without being
    // read.
    var knownTexts: [String: KnownText] = [:]
    if let earlier {
      knownTexts.reserveCapacity(earlier.check.notes.count + earlier.check.sources.count)
      for file in earlier.record.snapshot.files {
        if file.role == .note, let stamp = earlier.check.notes[file.path] {
          knownTexts[file.path] = KnownText(file: file, count: stamp.count, fingerprint: stamp.fingerprint)
        } else if file.role == .sourceDocument, let stamp = earlier.check.sources[file.path] {
          knownTexts[file.path] = KnownText(file: file, count: stamp.count, fingerprint: stamp.fingerprint)
        }
      }
    }
    var indexed = IndexedRoot.forCommandLine(
      root: root, fileSystem: fileSystem, progress: progress, diagnosing: earlier == nil, knownTexts: knownTexts,
      extract: extract, environment: environment)
    keyMemory?.apply(to: &indexed, root: root, fileSystem: fileSystem)
    var report: CheckReport
    var use = CheckReportUse.indexed
    var stamps: [String: KeptCheck.DependenceStamp]?
    if let earlier, let updated = updated(earlier, indexed: &indexed, root: root, fileSystem: fileSystem) {
      (report, stamps) = (updated.report, updated.stamps)
      use = .updated(diagnosed: updated.diagnosed)
    } else {
      if earlier != nil {
        // Loaded without diagnosing, for a change that turned out to need every file diagnosed.
        indexed.extractPending(cache: extractionCache, extract: extract)
        progress(.diagnosing(files: indexed.workspace.diagnosedPaths.count))
        IndexedRoot.diagnose(&indexed.workspace, files: indexed.files, fileSystem: fileSystem)
      }
      report = CheckReport(indexed: indexed, root: root, fileSystem: fileSystem)
      stamps = KeptCheck.stamps(of: indexed)
    }
    if let cache {
      // Without the notes' stamps, the next check cannot be an update (`updated` counts them).
      let check = KeptCheck(
        report: report, renamed: KeptCheck.renamedHash(of: indexed.workspace), notes: stamps ?? [:],
        sources: indexed.sourceStamps)
      cache.store(
        check, of: indexed, root: root, home: home, fileSystem: fileSystem, extractionCache: extractionCache)
    }
    return (report, use)
  }

  /// The report of `indexed` (loaded without diagnosing) made from `earlier`'s, when only notes changed since it was
  /// kept and what other files read of them did not (or only their headings did): the changed notes, and the notes
  /// linking to one whose headings changed, are diagnosed, every other file's items are the kept ones. Returns the
  /// report, the notes' dependence stamps and the notes diagnosed; nil when the whole workspace must be diagnosed.
  private static func updated(
    _ earlier: (record: KeptRecordFile.Kept, check: KeptCheck), indexed: inout IndexedRoot, root: String,
    fileSystem: any FileReading
  ) -> (report: CheckReport, stamps: [String: KeptCheck.DependenceStamp], diagnosed: [String])? {
    let snapshot = earlier.record.snapshot
    // The files as the load found them (a change since the first walk is caught here, and by the store's walk).
    guard indexed.pendingExtractions.isEmpty, indexed.files.skipped == snapshot.skipped,
      indexed.files.otherFiles.map(\.path).filter({ snapshot.referenced[$0] == nil }) == snapshot.otherFiles,
      earlier.record.changedNotes(in: indexed.files.files) != nil,
      earlier.check.notes.count == indexed.workspace.notes.count
    else { return nil }
    indexed.workspace.prepareForRequestsBeforeDiagnosis()
    guard KeptCheck.renamedHash(of: indexed.workspace) == earlier.check.renamed else { return nil }
    var stamps = earlier.check.notes
    // The notes whose text is not the one their kept items were made from (told by the text the index read, not by
    // the files' stamps: a note rewritten during the load is caught, one touched without a change is not diagnosed).
    var changed: [String] = []
    for (path, old) in stamps {
      guard let text = indexed.noteStamps[path] else { return nil }
      if !old.stamps(text) { changed.append(path) }
    }
    var dirty = Set(changed)
    for path in changed {
      guard let old = stamps[path], let text = indexed.noteStamps[path],
        let dependence = indexed.workspace.dependence(ofNote: path)
      else { return nil }
      let new = KeptCheck.DependenceStamp(text: text, dependence)
      // A name gained or lost changes how links resolve anywhere; a label, the cross-references of other notes when
      // they span the project; `citekey:` and bibliographies, what sources there are.
      guard new.names == old.names, new.sources == old.sources,
        new.labels == old.labels || !indexed.workspace.crossrefsSpanProject
      else { return nil }
      if new.headings != old.headings { dirty.formUnion(indexed.workspace.linkersOfNote(at: path)) }
      stamps[path] = new
    }
    // Only notes are diagnosed again: the items of the config, bibliographies and sources are the kept ones.
    let paths = dirty.filter { indexed.workspace.notes[$0] != nil }.sorted { $0.utf8Precedes($1) }
    guard paths.count == dirty.count else { return nil }
    let diagnostics = indexed.workspace.diagnose(only: paths)
    var fresh: [String: [Diagnostic]] = [:]
    for (path, found) in zip(paths, diagnostics) where !found.isEmpty { fresh[path] = found }
    let kept = earlier.check.report.items.filter { !dirty.contains($0.path) }
    let report = CheckReport(indexed: indexed, diagnostics: fresh, kept: kept, root: root, fileSystem: fileSystem)
    return (report, stamps, paths)
  }
}

extension KeptRecordFile.Kept {
  /// The notes whose stamps differ between the kept snapshot and `files` (a walk of the workspace now), when nothing
  /// else differs: the same files in the same roles, the same other and unreadable files, the same extracted texts;
  /// nil otherwise.
  func changedNotes(in files: [DiscoveredFile]) -> [String]? {
    guard files.count == snapshot.files.count, walk.otherFiles.map(\.path) == snapshot.otherFiles,
      walk.skipped == snapshot.skipped, entries == snapshot.extractionEntries
    else { return nil }
    var changed: [String] = []
    for (old, new) in zip(snapshot.files, files) where old != new {
      guard old.path == new.path, old.role == .note, new.role == .note else { return nil }
      changed.append(new.path)
    }
    return changed
  }
}
