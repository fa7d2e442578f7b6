import GlossSyntax

/// What the diagnostics of other files read of one note: a note's own text decides its own diagnostics, and reaches
/// another file's only through these (`replaceNote(at:with:…)` finds the files affected from the same parts).
package struct NoteDependence: Hashable, Sendable {
  /// The lowercased names a wiki link can use for the note (links to them resolve to it, or become ambiguous).
  package var names: [String]
  /// Its headings' texts and slugs (links into it find their anchor there).
  package var headings: [String]
  /// The identifiers of its labels (cross-references to them, where they span the project).
  package var labels: [String]
  /// The source it is the literature note of (`citekey:`) and the bibliographies its front matter names (every
  /// citation's source may change with them).
  package var sources: [String]

  /// The four parts, each sorted (headings keep their order: it is the note's).
  package init(names: [String], headings: [String], labels: [String], sources: [String]) {
    self.names = names
    self.headings = headings
    self.labels = labels
    self.sources = sources
  }
}

/// Diagnosing some files of a workspace loaded in bulk without diagnosing (`gloss check` after a few notes changed:
/// every other file's diagnostics are those kept from the last check).
extension Workspace {
  /// What other files' diagnostics read of the note at `path`; nil when there is no note there.
  package func dependence(ofNote path: String) -> NoteDependence? {
    guard let record = notes[path] else { return nil }
    var sources = record.bibliographyPaths.sorted()
    sources.insert("@" + (record.citekey ?? ""), at: 0)
    return NoteDependence(
      names: record.nameKeys(pathKey: PathUtilities.pathKey(path)).sorted(), headings: record.headingSignature,
      labels: record.labelIDs.sorted(), sources: sources)
  }

  /// The notes with a link filed under one of the current names of the note at `path` or under its path: those whose
  /// links into it are checked against its headings (as `replaceNote` finds them when its headings change).
  package func linkersOfNote(at path: String) -> Set<String> {
    let pathKey = PathUtilities.pathKey(path)
    var out = Set(linkers["p:" + pathKey] ?? [])
    for name in notes[path]?.nameKeys(pathKey: pathKey) ?? [] { out.formUnion(linkers["w:" + name] ?? []) }
    out.remove(path)
    return out
  }

  /// Diagnoses `paths` alone (their quotations checked, the sources' indexes they need built) and returns their
  /// diagnostics in that order; counted in `wholeDiagnoses`. The other files stay undiagnosed (`awaitsDiagnosis`).
  package mutating func diagnose(only paths: [String]) -> [[Diagnostic]] {
    updateRenamedKeys()
    diagnosedWithSources = !knowsNoSources
    wholeDiagnoses += paths.count
    ensureQuoteChecks(for: paths.filter { notes[$0] != nil })
    let results = computeDiagnostics(for: paths)
    for (path, diagnostics) in zip(paths, results) { diagnosticsCache[path] = diagnostics.isEmpty ? nil : diagnostics }
    return results
  }
}
