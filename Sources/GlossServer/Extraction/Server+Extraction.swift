import GlossIndex
import GlossSyntax
import LanguageServerProtocol

/// The progress of the background extractions, reported as `$/progress` under one token.
struct ExtractionProgress {
  /// The token.
  var token: ProgressToken
  /// Whether `begin` was sent (the client answered the token's creation).
  var hasBegun = false
}

/// Texts of PDFs (and other formats an external tool reads) arriving from the background
/// (docs/sources-and-libraries.md).
///
/// Loading and scanning put such a file in the index at once: with its cached text, or without text (`no-text` says
/// it is being extracted) and queued. The extraction runs off the loop, at most `extractionLimit` at once, and caches
/// its outcome; each outcome that arrives is put in the index and the diagnostics it changes are published again.
extension Server {
  /// The extraction cache, when there is a folder for it.
  var extractionCache: ExtractionCache? {
    options.cacheWriter.map(ExtractionCache.init(writer:))
  }

  /// Extracts `job`'s text, or takes it from the cache, and caches what it got (run off the loop).
  static func extractAndCache(
    _ job: ExtractionJob, cache: ExtractionCache?, extract: (String, ExtractedFormat) -> ExtractionOutcome,
    log: (String) -> Void
  ) -> ExtractionOutcome {
    if let cached = cache?.lookup(job) { return cached }
    let started = ContinuousClock.now
    let outcome = extract(job.absolutePath, job.format)
    let elapsed = ContinuousClock.now - started
    switch outcome {
    case .text(let text, _): log("extracted '\(job.absolutePath)' (\(job.size) bytes → \(text.count)) in \(elapsed)")
    case .noText(let reason, _): log("no text from '\(job.absolutePath)': \(reason)")
    }
    do {
      try cache?.store(outcome, for: job)
    } catch {
      log("could not cache the text of '\(job.absolutePath)': \(error.message)")
    }
    return outcome
  }

  /// Queues extractions for root `id` and starts reporting their progress.
  func queueExtractions(_ jobs: [ExtractionJob], in id: RootID) {
    guard !jobs.isEmpty, let root = root(id) else { return }
    extractions.enqueue(
      jobs.map { job in
        var job = job
        job.root = id
        return job
      }, preparation: root.workspace.sourcePreparation)
    guard extractionReporting.progress == nil, connection.capabilities.window?.workDoneProgress == true else { return }
    let token = ProgressToken.string("gloss-extracting")
    extractionReporting.progress = ExtractionProgress(token: token)
    sendRequest(WorkDoneProgressCreateRequest(token: token)) { server, result in
      guard (try? result.get()) != nil, server.extractionReporting.progress?.token == token else { return }
      server.extractionReporting.progress?.hasBegun = true
      let remaining = server.extractions.progress.remaining
      server.send(
        ProgressNotification(
          token: token, value: .begin(title: "Extracting text", message: "\(remaining) files to read")))
      server.reportExtractionProgress()
    }
  }

  /// How many extracted texts one turn of the loop puts in place: the rest waits for the next turn, so that a
  /// keystroke arriving meanwhile is not kept waiting behind hundreds of PDFs.
  static let extractionBatch = 8

  /// Puts a batch of the texts extracted (and already parsed) in the background in the index and publishes what
  /// they change; the rest waits for the next event or idle moment (`hasDeferredWork`).
  func applyExtractions() {
    let finished = extractions.takeFinished(limit: Self.extractionBatch)
    var byRoot: [RootID: [ExtractedSource]] = [:]
    for item in finished { byRoot[item.job.root, default: []].append(item) }
    for (id, items) in byRoot.sorted(by: { $0.key < $1.key }) {
      guard let index = rootIndex(id) else { continue }
      // A file changed since it was queued has a newer job; a file no longer read needs no text.
      let paths = Set(items.map(\.job.path))
      var current: [String: DiscoveredFile] = [:]
      for file in roots[index].files.files where paths.contains(file.path) { current[file.path] = file }
      var prepared: [PreparedSourceDocument] = []
      for item in items {
        guard let file = current[item.job.path], file.role == .sourceDocument, file.size == item.job.size,
          file.modificationTime == item.job.modificationTime
        else { continue }
        roots[index].texts[item.job.path] = item.text
        roots[index].extractedTexts += 1
        prepared.append(item.prepared)
      }
      guard !prepared.isEmpty else { continue }
      // Extracted text changes no key, title or author, so decorations (tokens, inlay hints) stay as they are.
      var now: Set<String> = []
      for path in roots[index].workspace.setPreparedSourceDocuments(prepared) {
        if roots[index].workspace.diagnostics(for: path).count >= Self.deferredPublishFrom {
          extractionReporting.deferPublish(of: path, in: id)
        } else {
          now.insert(path)
        }
      }
      publishSorted(now, in: id)
    }
    if extractions.progress.remaining == 0 { publishDeferredExtractionResults() }
    reportExtractionProgress()
  }

  /// Files with at least this many diagnostics are published again once per tick while texts arrive, not with each
  /// batch: a note citing the whole library would otherwise be encoded and sent (and read by the client) every few
  /// texts, hundreds of times during a library's extraction, each time keeping a keystroke waiting.
  static let deferredPublishFrom = 128

  /// Publishes the files whose diagnostics arriving texts changed and that wait for it (`deferredPublishFrom`).
  func publishDeferredExtractionResults() {
    guard !extractionReporting.deferredPublishes.isEmpty else { return }
    let deferred = extractionReporting.takeDeferredPublishes()
    for (id, paths) in deferred.sorted(by: { $0.key < $1.key }) { publishSorted(paths, in: id) }
  }

  /// Sends the extractions' progress, and ends it when none is left.
  func reportExtractionProgress() {
    guard let progress = extractionReporting.progress, progress.hasBegun else { return }
    let counts = extractions.progress
    if counts.remaining == 0 {
      send(ProgressNotification(token: progress.token, value: .end(message: "texts extracted")))
      extractionReporting.progress = nil
      return
    }
    let percentage = counts.total == 0 ? 0 : counts.done * 100 / counts.total
    send(
      ProgressNotification(
        token: progress.token,
        value: .report(message: "\(counts.done) of \(counts.total) files read", percentage: percentage)))
  }

  /// Puts the file at `path` of the root at `index`, whose text an external tool extracts, in the index: its cached
  /// text, else no text while its extraction is queued. Returns the paths whose diagnostics changed.
  func loadExtracted(_ path: String, format: ExtractedFormat, in index: Int) -> Set<String> {
    let absolute = roots[index].files.absolutePath(path)
    guard let status = try? options.reader.status(of: absolute), !status.isDirectory else {
      roots[index].texts[path] = nil
      return roots[index].workspace.sourceDocuments[path] != nil ? roots[index].workspace.remove(path: path) : []
    }
    let job = ExtractionJob(
      root: roots[index].id, path: path, absolutePath: absolute, size: status.size,
      modificationTime: status.modificationTime, format: format)
    let found = ExtractedText(job, cache: extractionCache)
    roots[index].texts[path] = found.text
    if found.isPending { queueExtractions([job], in: roots[index].id) }
    return roots[index].workspace.setExtractedText(
      path: path, text: found.text?.bytes ?? [], pageLabels: found.pageLabels, problem: found.problem)
  }
}
