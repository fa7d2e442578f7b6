import GlossMatching
import GlossSyntax

/// The search over the sources' text (`Workspace+Find.swift`) with what it reads of the sources given, so that it
/// runs against a workspace or against a kept image of its search (`DetachedFind`) alike: the structures over every
/// chunk, each source's text and record (nil when it has none now), and the place a range of a record's text is (its
/// lines, citation and context).
///
/// Most sources the chunks' filters name do not hold the phrase: only their text is asked for, and the record
/// (which a kept image has to parse from the file) only of the sources a place is found in.
struct SourceFinder {
  /// The chunks of every source's text.
  let search: SourceTextSearch
  /// The text of the source at a path (its document's text); nil when there is none (or no longer the text searched).
  let text: (String) -> [UInt8]?
  /// The record of the source at a path, with its text; nil when there is none (or no longer the text searched).
  let record: (String) -> SourceDocumentRecord?
  /// The place of a range of a record's text, with how alike it is.
  let place: (Range<Int>, SourceDocumentRecord, Double) -> FoundPlace

  /// The places of `phrase` (or the closest passages) in `search`.
  func find(_ phrase: String, limit: Int) -> FindResult {
    let folded = SpelledQuotation(CaseFolding.folded(phrase))
    let probe = SignatureProbe(folded)
    var result = FindResult()
    guard limit > 0, !probe.isEmpty else { return result }
    // The chunks indexed to look for the phrase, kept for the closest passages (often the same chunks).
    var indexes = ChunkIndexes()
    result.places =
      probe.pieces.count == 1
      ? placesInChunks(folded, probe: probe, limit: limit, indexes: &indexes)
      : placesInDocuments(folded, probe: probe, limit: limit)
    if result.places.isEmpty {
      result.closest = closestPlaces(folded, probe: probe, limit: limit, indexes: &indexes)
    }
    return result
  }

  /// The places where `phrase` occurs, never the closest passages; none when more than `sourcesAllowed` sources may
  /// hold it (`Workspace.foundPlaces`).
  func foundPlaces(_ phrase: String, limit: Int, sourcesAllowed: Int) -> [FoundPlace] {
    let folded = SpelledQuotation(CaseFolding.folded(phrase))
    let probe = SignatureProbe(folded)
    guard limit > 0, !probe.isEmpty else { return [] }
    var indexes = ChunkIndexes()
    return probe.pieces.count == 1
      ? placesInChunks(folded, probe: probe, limit: limit, indexes: &indexes, sourcesAllowed: sourcesAllowed)
      : placesInDocuments(folded, probe: probe, limit: limit, sourcesAllowed: sourcesAllowed)
  }

  /// Where a phrase of one piece occurs: the runs of chunks that may hold it, each indexed with the chunks it may
  /// reach into; none when more than `sourcesAllowed` sources may hold it.
  func placesInChunks(
    _ folded: SpelledQuotation, probe: SignatureProbe, limit: Int,
    indexes: inout ChunkIndexes,
    sourcesAllowed: Int = .max
  ) -> [FoundPlace] {
    let piece = probe.pieces[0]
    let reach = SignatureMatrix.reach(ofTokens: piece.tokenCount)
    // The runs of candidate chunks of each document, in path order (a changed document's columns may have moved to
    // the end of the matrix).
    var runs: [(slot: Int, chunks: ClosedRange<Int>)] = []
    for column in search.matrix.columns(holdingAll: piece.hashes, reach: reach, startEntries: piece.startEntries) {
      guard let (slot, chunk) = search.owner(ofColumn: column) else { continue }
      if let last = runs.last, last.slot == slot, last.chunks.upperBound + 1 == chunk {
        runs[runs.count - 1].chunks = last.chunks.lowerBound...chunk
      } else {
        runs.append((slot, chunk...chunk))
      }
    }
    if sourcesAllowed < .max, Set(runs.map(\.slot)).count > sourcesAllowed { return [] }
    runs.sort {
      $0.slot == $1.slot
        ? $0.chunks.lowerBound < $1.chunks.lowerBound
        : search.slots[$0.slot].path.utf8Precedes(search.slots[$1.slot].path)
    }
    var places: [FoundPlace] = []
    for (slot, chunks) in runs where places.count < limit {
      let signature = search.slots[slot].signature
      let path = search.slots[slot].path
      guard let text = text(path) else { continue }
      // Occurrences must start in the run; they may end in the chunks it reaches into.
      let startsBefore =
        chunks.upperBound + 1 < signature.chunkCount ? signature.chunkStarts[chunks.upperBound + 1] : Int.max
      // Once the phrase is found, no closest passage is looked for: the indexes are not kept (their memory is
      // reused by the next ones rather than taken fresh from the system).
      let (index, offset) = indexes.index(
        of: text, slot: slot, signature, chunks: chunks.lowerBound..<(chunks.upperBound + 1 + reach),
        keeping: places.isEmpty)
      let found = index.occurrences(of: folded, limit: limit - places.count).filter {
        $0.lowerBound + offset < startsBefore
      }
      guard !found.isEmpty, let record = record(path) else { continue }
      for range in found {
        places.append(place((range.lowerBound + offset)..<(range.upperBound + offset), record, 1))
      }
    }
    return places
  }

  /// Where a phrase of several pieces (between ellipses, which may skip any length of text) occurs: the documents
  /// in which every piece may occur, each indexed whole; none when more than `sourcesAllowed` may.
  func placesInDocuments(
    _ folded: SpelledQuotation, probe: SignatureProbe, limit: Int, sourcesAllowed: Int = .max
  ) -> [FoundPlace] {
    var documents: Set<Int>?
    for piece in probe.pieces where !piece.hashes.isEmpty {
      let columns = search.matrix.columns(
        holdingAll: piece.hashes, reach: SignatureMatrix.reach(ofTokens: piece.tokenCount))
      let holding = Set(columns.compactMap { search.owner(ofColumn: $0)?.slot })
      documents = documents.map { $0.intersection(holding) } ?? holding
    }
    guard (documents?.count ?? 0) <= sourcesAllowed else { return [] }
    var places: [FoundPlace] = []
    let paths = (documents ?? []).map { search.slots[$0].path }.sorted { $0.utf8Precedes($1) }
    for path in paths where places.count < limit {
      guard let text = text(path) else { continue }
      let index = QuoteIndex(text: CaseFolding.folded(text))
      let found = index.occurrences(of: folded, limit: limit - places.count)
      guard !found.isEmpty, let record = record(path) else { continue }
      for range in found {
        places.append(place(range, record, 1))
      }
    }
    return places
  }

  /// The indexes of runs of chunks built during one search: a run indexed to look for the phrase is the one a
  /// closest passage is then looked for in, when the phrase is not found (an index is the same whoever asks).
  struct ChunkIndexes {
    private var built: [ChunkRun: QuoteIndex] = [:]

    /// A document's (by its slot) bytes.
    private struct ChunkRun: Hashable {
      var slot: Int
      var bytes: Range<Int>
    }

    /// The index of chunks `chunks` of a document's text (its slot `slot`, its signature `signature`),
    /// case-folded, and the offset in the text where the indexed bytes start; built once per search while
    /// `keeping` (when it is false, the indexes kept are dropped and this one is not kept).
    mutating func index(
      of text: [UInt8], slot: Int, _ signature: TextSignature, chunks: Range<Int>, keeping: Bool = true
    ) -> (QuoteIndex, Int) {
      if !keeping, !built.isEmpty { built = [:] }
      let start = chunks.lowerBound < signature.chunkCount ? signature.chunkStarts[chunks.lowerBound] : text.count
      let end = max(
        start, chunks.upperBound < signature.chunkCount ? signature.chunkStarts[chunks.upperBound] : text.count)
      let run = ChunkRun(slot: slot, bytes: start..<end)
      if let index = built[run] { return (index, start) }
      // The document's page furniture, found in its whole text when it was signed.
      let clipped = signature.furniture.compactMap { range -> Range<Int>? in
        let lower = max(range.lowerBound, start)
        let upper = min(range.upperBound, end)
        return lower < upper ? (lower - start)..<(upper - start) : nil
      }
      let index = QuoteIndex(text: CaseFolding.folded(Array(text[start..<end])), furniture: clipped)
      if keeping { built[run] = index }
      return (index, start)
    }
  }

  /// The passages most like `folded` (tokenised once): in the chunks holding most of its pairs, one place per document.
  private func closestPlaces(
    _ folded: SpelledQuotation, probe: SignatureProbe, limit: Int, indexes: inout ChunkIndexes
  ) -> [FoundPlace] {
    // A long phrase (thirty words of Chinese are a thousand entries) is ranked by an even sample of its entries:
    // a chunk holding the passage holds nearly all of any sample, and counting each entry reads the whole matrix.
    let all = probe.allHashes
    let hashes =
      all.count <= Workspace.closestRankingEntries
      ? all : (0..<Workspace.closestRankingEntries).map { all[$0 * all.count / Workspace.closestRankingEntries] }
    guard !hashes.isEmpty else { return [] }
    let tokenCount = min(QuoteIndex.closestTokenLimit, probe.pieces.reduce(0) { $0 + $1.tokenCount })
    let reach = SignatureMatrix.reach(ofTokens: tokenCount)
    let counts = search.matrix.hitCounts(hashes, reach: reach)
    // A chunk holding the phrase but for a changed word holds nearly all its entries; one holding three quarters
    // as many as the best or fewer is not worth indexing.
    let least = max(1, hashes.count / 3)
    let best = counts.max() ?? 0
    guard best >= least else { return [] }
    // Only the few columns near the best are sorted (sorting them all was a quarter of a search's time); ties go
    // in path order, wherever a document's columns are.
    let threshold = max(least, (3 * best + 3) / 4)
    var ranked = counts.indices.filter { counts[$0] >= threshold }.compactMap { column in
      search.owner(ofColumn: column).map { (count: counts[column], slot: $0.slot, chunk: $0.chunk) }
    }
    ranked.sort {
      if $0.count != $1.count { return $0.count > $1.count }
      if $0.slot != $1.slot { return search.slots[$0.slot].path.utf8Precedes(search.slots[$1.slot].path) }
      return $0.chunk < $1.chunk
    }
    var tried: [(slot: Int, chunk: Int)] = []
    for candidate in ranked where tried.count < Workspace.closestSourcesTried {
      if !tried.contains(where: { $0.slot == candidate.slot }) { tried.append((candidate.slot, candidate.chunk)) }
    }
    var places: [FoundPlace] = []
    for (slot, chunk) in tried {
      let path = search.slots[slot].path
      guard let text = text(path) else { continue }
      let (index, offset) = indexes.index(
        of: text, slot: slot, search.slots[slot].signature, chunks: chunk..<(chunk + 1 + reach))
      guard
        case .notFound(let range?, let similarity) = index.match(folded, leastSimilarity: Workspace.leastSimilarity),
        similarity >= Workspace.leastSimilarity, let record = record(path)
      else { continue }
      places.append(place((range.lowerBound + offset)..<(range.upperBound + offset), record, similarity))
    }
    places.sort { $0.likeness != $1.likeness ? $0.likeness > $1.likeness : $0.path.utf8Precedes($1.path) }
    return Array(places.prefix(min(limit, Workspace.closestPlacesShown)))
  }
}
