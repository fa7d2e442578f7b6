import GlossSyntax

/// One workspace symbol found by a search: where it is and how to show it.
package struct WorkspaceSymbolMatch: Hashable, Sendable {
  /// The name shown: note title, heading text, source key or `#tag`.
  package var name: String
  package var kind: OutlineSymbol.Kind
  /// What holds it, shown beside it: a note's path, a heading's note title, a source's title, a tag's note count.
  package var container: String?
  /// The file (root-relative).
  package var path: String
  /// Where in the file (empty at 0 for a whole note); UTF-8 offsets.
  package var range: Range<Int>
}

/// The workspace's symbols prepared for fuzzy search: built once per index change, searched per request.
package struct SymbolCatalog: Sendable {
  private struct Candidate: Sendable {
    var symbol: WorkspaceSymbolMatch
    /// The names it answers to (a note: title and path; a source: key and title).
    var keys: [String]
    /// Ties break by kind: notes, headings, sources, tags.
    var rank: Int
  }

  /// The symbols: notes (each followed by its headings) in path order, sources in key order, tags (an index breaks
  /// the last ties).
  private var symbols: [WorkspaceSymbolMatch] = []
  /// Each symbol's kind rank: notes, headings, sources, tags.
  private var ranks: [UInt64] = []
  /// Every symbol's names, a symbol's contiguous, with their owner and their masks (checked first, in one array).
  private var keys: [FuzzyMatch.Key] = []
  /// The text of each key, so that the next catalog reuses the keys of names that did not change.
  private var keyTexts: [String] = []
  private var keyOwners: [Int] = []
  private var keyMasks: [UInt64] = []

  /// How many symbols the catalog holds.
  package var count: Int { symbols.count }

  /// Collects the notes, headings, sources and tags of `workspace`, reusing the prepared names of `previous` (the
  /// catalog of an earlier state): after an edit, only the names that changed are folded again.
  package init(_ workspace: Workspace, reusing previous: SymbolCatalog? = nil) {
    var candidates: [Candidate] = []
    // In path order, and sources in key order: an index then breaks the last ties, and sorting 10,000 paths costs
    // far less than sorting every symbol by name (Unicode string comparison is the cost there).
    for path in workspace.notes.keys.sorted() {
      guard let record = workspace.notes[path] else { continue }
      let symbol = WorkspaceSymbolMatch(name: record.title, kind: .note, container: path, path: path, range: 0..<0)
      candidates.append(Candidate(symbol: symbol, keys: [record.title, path], rank: 0))
      for heading in record.note.headings {
        let symbol = WorkspaceSymbolMatch(
          name: heading.text, kind: .heading(level: heading.level), container: record.title, path: path,
          range: heading.textRange)
        candidates.append(Candidate(symbol: symbol, keys: [heading.text], rank: 1))
      }
    }
    for key in workspace.sourceKeys.sorted() {
      guard let source = workspace.source(forKey: key) else { continue }
      let location: (path: String, range: Range<Int>)
      if let entryLocation = source.entryLocation, let entry = source.entry {
        location = (entryLocation.path, entry.keyRange)
      } else if let path = source.documentPath, let record = workspace.sourceDocuments[path] {
        location = (path, record.keyRange)
      } else {
        continue
      }
      let symbol = WorkspaceSymbolMatch(
        name: key, kind: .source, container: source.title, path: location.path, range: location.range)
      candidates.append(Candidate(symbol: symbol, keys: [key] + (source.title.map { [$0] } ?? []), rank: 2))
    }
    // Each tag is shown as first written and located at its first use, in path order: one pass over the notes.
    let counts = workspace.tagCounts
    var seen: Set<String> = []
    for path in workspace.notes.keys.sorted() {
      guard let record = workspace.notes[path] else { continue }
      for use in record.note.tags {
        let lower = use.name.lowercased()
        guard let count = counts[lower], seen.insert(lower).inserted else { continue }
        let symbol = WorkspaceSymbolMatch(
          name: "#" + use.name, kind: .tag, container: count == 1 ? "1 note" : "\(count) notes", path: path,
          range: use.range)
        candidates.append(Candidate(symbol: symbol, keys: [use.name], rank: 3))
      }
    }
    symbols = candidates.map(\.symbol)
    ranks = candidates.map { UInt64($0.rank) }
    var reusable: [String: FuzzyMatch.Key] = [:]
    if let previous {
      reusable = Dictionary(zip(previous.keyTexts, previous.keys), uniquingKeysWith: { first, _ in first })
    }
    for (index, candidate) in candidates.enumerated() {
      for text in candidate.keys {
        let key = reusable[text] ?? FuzzyMatch.Key(text)
        keys.append(key)
        keyTexts.append(text)
        keyOwners.append(index)
        keyMasks.append(key.mask)
      }
    }
  }

  /// Up to `limit` symbols matching `query` (case-insensitive subsequence; a leading `#` or `@` is ignored), best
  /// first: prefix matches, then word-start matches, then subsequences; ties by shorter matched name, kind, then path and position.
  package func search(_ query: String, limit: Int = 200) -> [WorkspaceSymbolMatch] {
    var text = Substring(query.trimming(.whitespaces))
    if text.first == "#" || text.first == "@" { text = text.dropFirst() }
    let scalars = FuzzyMatch.query(String(text))
    let queryMask = FuzzyMatch.Key.mask(of: scalars)
    // One integer per matching symbol, smaller first: tier, bonus, matched name's length, kind, then the index
    // (path and position order).
    func score(_ match: FuzzyMatch, length: Int, owner: Int) -> UInt64 {
      UInt64(3 - match.tier) << 60 | UInt64(63 - min(match.bonus, 63)) << 54 | UInt64(min(length, 0xFFFF)) << 38
        | ranks[owner] << 36 | UInt64(owner)
    }
    var found: [UInt64] = []
    if scalars.isEmpty {
      var owner = -1
      for (k, key) in keys.enumerated() where keyOwners[k] != owner {
        owner = keyOwners[k]
        found.append(score(FuzzyMatch(tier: 0, bonus: 0), length: key.scalars.count, owner: owner))
      }
    } else {
      // Keys of one symbol are contiguous: keep the best score of the current owner until it changes.
      var owner = -1
      var best = UInt64.max
      for k in keys.indices {
        if keyOwners[k] != owner {
          if best != .max { found.append(best) }
          owner = keyOwners[k]
          best = .max
        }
        guard queryMask & ~keyMasks[k] == 0, let match = FuzzyMatch.match(scalars, queryMask: queryMask, keys[k])
        else { continue }
        best = min(best, score(match, length: keys[k].scalars.count, owner: owner))
      }
      if best != .max { found.append(best) }
    }
    // Only the best `limit` are sorted: a one-letter query matches nearly everything in a large workspace.
    if found.count > limit * 4 {
      found = Self.best(found, limit: limit, by: <)
    }
    found.sort()
    return found.prefix(limit).map { symbols[Int($0 & 0xF_FFFF_FFFF)] }
  }

  /// The `limit` elements of `items` that come first by `precedes`, in no particular order.
  private static func best<T>(_ items: [T], limit: Int, by precedes: (T, T) -> Bool) -> [T] {
    // A bounded binary max-heap of the best seen so far, its worst at the root.
    var heap: [T] = []
    heap.reserveCapacity(limit + 1)
    func siftDown(_ start: Int) {
      var parent = start
      while true {
        let left = 2 * parent + 1
        let right = left + 1
        var worst = parent
        if left < heap.count, precedes(heap[worst], heap[left]) { worst = left }
        if right < heap.count, precedes(heap[worst], heap[right]) { worst = right }
        if worst == parent { return }
        heap.swapAt(parent, worst)
        parent = worst
      }
    }
    for item in items {
      if heap.count < limit {
        heap.append(item)
        var child = heap.count - 1
        while child > 0, precedes(heap[(child - 1) / 2], heap[child]) {
          heap.swapAt(child, (child - 1) / 2)
          child = (child - 1) / 2
        }
      } else if let root = heap.first, precedes(item, root) {
        heap[0] = item
        siftDown(0)
      }
    }
    return heap
  }
}
