import Foundation
package import GlossIndex
import GlossSyntax

extension IndexedRoot {
  /// Extracts the texts the cache did not have, now (for the command line, which has no background), caching them,
  /// and puts them in the index.
  package mutating func extractPending(
    cache: ExtractionCache?, extract: @escaping @Sendable (String, ExtractedFormat) -> ExtractionOutcome,
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    let jobs = pendingExtractions
    guard !jobs.isEmpty else { return }
    pendingExtractions = []
    let outcomes = ParallelWork.map(count: jobs.count) { index in
      Server.extractAndCache(jobs[index], cache: cache, extract: extract, log: log)
    }
    for (job, outcome) in zip(jobs, outcomes) {
      switch outcome {
      case .text(let bytes):
        let text = SourceText(bytes: bytes)
        texts[job.path] = text
        workspace.setExtractedText(path: job.path, text: text.bytes)
      case .noText(let reason, _):
        workspace.setExtractedText(path: job.path, text: [], problem: reason)
      }
    }
  }
}
