import GlossSyntax

/// The notes citing a source whose text changed (a PDF's text arriving from the background) are re-diagnosed only
/// where they cite it.
///
/// A note's diagnostics that depend on a source are those about its citation items, locators and quotations of that
/// source's keys; everything else (links, front matter, the other keys) stays. A note citing every source of a library
/// would otherwise be diagnosed whole for each batch of texts arriving: on a library of 500 PDFs, a 2,000-line note
/// was diagnosed whole 60 times while the user typed in it.
struct KeyScope {
  /// The keys whose sources change.
  var keys: Set<String>
  /// The notes re-diagnosed only where they cite `keys`, with their diagnostics about `keys` before the change.
  var before: [String: [Diagnostic]]
}

extension Workspace {
  /// The scope of replacing the source documents at the paths of `records` (whose new texts they hold), computed
  /// before the change; nil when the change must be diagnosed whole: a path changing role or appearing as a source
  /// (links to it), or cached diagnostics not current.
  func keyScope(replacing records: [SourceDocumentRecord]) -> KeyScope? {
    guard !awaitsDiagnoseAll, diagnosedWithSources != knowsNoSources else { return nil }
    var keys: Set<String> = []
    for record in records {
      let path = record.path
      guard notes[path] == nil, bibliographies[path] == nil, let old = sourceDocuments[path] else { return nil }
      // The keys `replaceSourceDocument` finds affected.
      keys.formUnion(entriesByFile[path] ?? [])
      keys.insert(old.key)
      if !WorkspacePlace.isOutside(path) { keys.insert(record.key) }
    }
    var paths: Set<String> = []
    for key in keys {
      for path in citers[key] ?? [] where notes[path] != nil && !pendingPaths.contains(path) { paths.insert(path) }
    }
    let ordered = Array(paths)
    let diagnostics = keyedDiagnostics(of: ordered, citing: keys)
    return KeyScope(keys: keys, before: Dictionary(uniqueKeysWithValues: zip(ordered, diagnostics)))
  }

  /// The diagnostics of the notes at `paths` about `keys`; many notes on all cores.
  private func keyedDiagnostics(of paths: [String], citing keys: Set<String>) -> [[Diagnostic]] {
    guard paths.count > 64 else { return paths.map { notes[$0].map { noteDiagnostics(of: $0, citing: keys) } ?? [] } }
    let snapshot = self
    return ParallelWork.map(count: paths.count) {
      snapshot.notes[paths[$0]].map { snapshot.noteDiagnostics(of: $0, citing: keys) } ?? []
    }
  }

  /// Re-diagnoses the notes of `scope` (taken before the change) where they cite its keys, merging the new
  /// diagnostics into each note's cached list in place of the old ones; returns the notes whose diagnostics changed.
  /// A note whose cached list does not hold the old diagnostics is diagnosed whole.
  mutating func refreshDiagnostics(in scope: KeyScope) -> Set<String> {
    let paths = Array(scope.before.keys)
    ensureQuoteChecks(ofNotes: paths, citing: scope.keys)
    let fresh = keyedDiagnostics(of: paths, citing: scope.keys)
    var changed: Set<String> = []
    var whole: Set<String> = []
    for (path, new) in zip(paths, fresh) {
      let old = scope.before[path] ?? []
      guard new != old else { continue }
      guard let merged = Self.replacing(old, with: new, in: diagnosticsCache[path] ?? []) else {
        whole.insert(path)
        continue
      }
      diagnosticsCache[path] = merged.isEmpty ? nil : merged
      changed.insert(path)
    }
    keyScopedDiagnoses += paths.count
    return changed.union(refreshDiagnostics(whole, always: []))
  }

  /// `list` (in `Diagnostic.precedesInNote` order) without `old` and with `new` (both in that order); nil when `list`
  /// does not hold every member of `old`.
  static func replacing(_ old: [Diagnostic], with new: [Diagnostic], in list: [Diagnostic]) -> [Diagnostic]? {
    var kept = list
    if !old.isEmpty {
      var leaving: [Int: [Diagnostic]] = [:]
      for diagnostic in old { leaving[diagnostic.range.lowerBound, default: []].append(diagnostic) }
      kept = []
      kept.reserveCapacity(list.count)
      var removed = 0
      for diagnostic in list {
        let start = diagnostic.range.lowerBound
        if var bucket = leaving[start], let index = bucket.firstIndex(of: diagnostic) {
          bucket.remove(at: index)
          leaving[start] = bucket.isEmpty ? nil : bucket
          removed += 1
        } else {
          kept.append(diagnostic)
        }
      }
      guard removed == old.count else { return nil }
    }
    guard !new.isEmpty else { return kept }
    var out: [Diagnostic] = []
    out.reserveCapacity(kept.count + new.count)
    var k = 0
    var n = 0
    while k < kept.count, n < new.count {
      if Diagnostic.precedesInNote(new[n], kept[k]) {
        out.append(new[n])
        n += 1
      } else {
        out.append(kept[k])
        k += 1
      }
    }
    out += kept[k...]
    out += new[n...]
    return out
  }
}
