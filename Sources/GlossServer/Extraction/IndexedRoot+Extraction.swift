import Foundation
package import GlossIndex
import GlossSyntax

extension IndexedRoot {
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
