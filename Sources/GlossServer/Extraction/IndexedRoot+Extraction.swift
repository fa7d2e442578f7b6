package import GlossIndex
import GlossSyntax

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension IndexedRoot {
  /// The folder at `root` indexed for a command of the command line (`check`, `find`, `export`), read through
  /// `fileSystem`: the user's cache of extracted texts (`$XDG_CACHE_HOME/gloss`, written through its own writer), and
  /// PDFs and other formats an external tool reads extracted at once with `extract` (there is no background to wait
  /// for); the cache folder and home from `environment`. Without `diagnosing`, nothing is diagnosed and nothing
  /// extracted (`pendingExtractions` are left to the caller), and a note image that misses only a few notes is not
  /// written again (`gloss check` updating its kept report after a few notes changed: parsing them again at the next
  /// run costs less than writing the image). The notes of `knownTexts` whose stamps are unchanged are taken from the
  /// image without being read (`IndexedRoot.init`).
  package static func forCommandLine(
    root: String, fileSystem: any FileReading, progress: (IndexingStep) -> Void = { _ in }, diagnosing: Bool = true,
    knownTexts: [String: KnownText] = [:],
    extract: @escaping @Sendable (String, ExtractedFormat) -> ExtractionOutcome = {
      TextExtractor.extract($0, format: $1)
    },
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> IndexedRoot {
    let cache = ExtractionCache.forCommandLine(environment: environment)
    // The notes parsed by an earlier run (of the server or the command line) whose text is unchanged are not parsed
    // again; the image is kept again when notes were.
    let images = GlossVersion.build.map { NoteImageCache(writer: cache.writer, build: $0) }
    let realRoot = (try? fileSystem.realPath(of: root)) ?? root
    let image = images?.image(forRealRoot: realRoot)
    var indexed = IndexedRoot(
      root: root, editorSettings: nil, fileSystem: fileSystem, home: environment["HOME"], cache: cache,
      stampingNotes: images != nil, zoteroDirectory: environment["HOME"].map { PathComponents.join($0, "Zotero") },
      diagnosing: diagnosing, noteImage: image, knownTexts: knownTexts, progress: progress)
    if let images,
      NoteImageCache.sourcesAreOutdated(image, by: indexed) || image?.mapsAreIntact == false
        || NoteImageCache.bibliographiesAreOutdated(image, by: indexed)
        || NoteImageCache.notesAreOutdated(image, by: indexed)
          && (diagnosing || !NoteImageCache.missesFew(image, of: indexed))
    {
      // A cache that cannot be written costs the next run its parse, nothing else.
      _ = try? images.store(
        notes: indexed.workspace.notes, stamps: indexed.noteStamps, maps: indexed.workspace.noteMaps,
        sources: indexed.workspace.sourceDocuments,
        sourceStamps: indexed.sourceStamps, bibliographies: indexed.workspace.bibliographies,
        bibliographyStamps: indexed.bibliographyStamps, keyIndex: indexed.workspace.keyIndexToKeep(),
        forRealRoot: realRoot)
    }
    if diagnosing { indexed.extractPending(cache: cache, extract: extract) }
    return indexed
  }

  /// Extracts the texts the cache did not have, now (for the command line, which has no background), caching them,
  /// and puts them in the index at once (parsed on all cores, the notes citing them diagnosed once).
  package mutating func extractPending(
    cache: ExtractionCache?, extract: @escaping @Sendable (String, ExtractedFormat) -> ExtractionOutcome,
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    let jobs = pendingExtractions
    guard !jobs.isEmpty else { return }
    pendingExtractions = []
    let preparation = workspace.sourcePreparation
    let results = ParallelWork.map(count: jobs.count) { index in
      ExtractedSource(
        jobs[index], outcome: Server.extractAndCache(jobs[index], cache: cache, extract: extract, log: log),
        preparation: preparation)
    }
    for result in results { texts[result.job.path] = result.text }
    workspace.setPreparedSourceDocuments(results.map(\.prepared))
  }
}
