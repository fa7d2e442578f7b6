import GlossSyntax

/// A cited key that is gone, and the key its work has now (`unknown-source`'s "was 'X', now 'Y'?").
package struct RenamedKey: Hashable, Sendable {
  /// The key the notes cite, known in an earlier run.
  package var from: String
  /// The key an entry with the same fingerprint has now.
  package var to: String

  /// A renamed key.
  package init(from: String, to: String) {
    self.from = from
    self.to = to
  }
}

extension Workspace {
  /// The fingerprint of every key with a bibliography entry whose fingerprint is usable (its winning entry's), for
  /// the server to remember until the next run.
  package var keyFingerprints: [String: KeyFingerprint] { keyFingerprints { _ in true } }

  /// The fingerprints of the keys whose winning entry `include` accepts (a cheap test before the title is
  /// normalised).
  func keyFingerprints(where include: (BibliographyEntry) -> Bool) -> [String: KeyFingerprint] {
    var out: [String: KeyFingerprint] = [:]
    for (key, definition) in definitions {
      guard let location = definition.entries.first, let record = bibliographies[location.path],
        location.index < record.bibliography.entries.count
      else { continue }
      let entry = record.bibliography.entries[location.index]
      guard include(entry), let fingerprint = KeyFingerprint(entry: entry) else { continue }
      out[key] = fingerprint
    }
    return out
  }

  /// Sets the fingerprints remembered from earlier runs (`keyFingerprints` as the server last saved it) and
  /// re-diagnoses the notes citing a remembered key that is unknown now; returns the paths whose diagnostics changed.
  /// A workspace waiting for `diagnoseAll()` is diagnosed there (diagnosing some notes now would diagnose them all:
  /// nothing is diagnosed yet).
  @discardableResult
  package mutating func setRememberedKeys(_ keys: [String: KeyFingerprint]) -> Set<String> {
    rememberedKeys = keys
    renamedKeysAreStale = true
    guard !awaitsDiagnoseAll else { return [] }
    return refreshDiagnostics(citersOfRememberedUnknownKeys, always: [])
  }

  /// Remembers, for this run, the fingerprint `old` gave each of `keys` that is cited and has no source any more: a
  /// key that changes while Gloss runs (a Zotero library read again, an export written anew) is then named by
  /// `renamedKey(for:)` as one changed between runs is, at once (docs/literature-notes.md#renamed-keys).
  mutating func rememberKeysGone(from old: BibliographyRecord, among keys: Set<String>) {
    guard !keys.isEmpty else { return }
    for entry in old.bibliography.entries where keys.contains(entry.key) {
      guard !(citers[entry.key]?.isEmpty ?? true), !hasSource(entry.key),
        let fingerprint = KeyFingerprint(entry: entry)
      else { continue }
      rememberedKeys[entry.key] = fingerprint
    }
  }

  /// The notes citing a key that is remembered and has no source now: their `unknown-source` may name a new key
  /// whenever a bibliography changes.
  var citersOfRememberedUnknownKeys: Set<String> {
    guard !rememberedKeys.isEmpty else { return [] }
    var paths: Set<String> = []
    if citers.count < rememberedKeys.count {
      for (key, citing) in citers where rememberedKeys[key] != nil && !hasSource(key) { paths.formUnion(citing) }
    } else {
      for key in rememberedKeys.keys where !hasSource(key) { paths.formUnion(citers[key] ?? []) }
    }
    return paths
  }

  /// The key the work once cited as `key` has now: `key` has no source, was known in an earlier run, and one entry
  /// of the same work (`KeyFingerprint.isSameWork`) has another key; nil otherwise, or when several keys could be it.
  package func renamedKey(for key: String) -> String? {
    guard !hasSource(key), let new = renamedKeyMap[key], hasSource(new) else { return nil }
    return new
  }

  /// Finds `renamedKeyMap` again after a bibliography changed (before diagnosing): once for every gone key, through
  /// the current entries indexed by DOI and by title, first author and year, so that a library whose every key
  /// changed (a new key formula) costs one pass over its entries, not one per citation. Nothing is done while no
  /// remembered key is gone.
  mutating func updateRenamedKeys() {
    guard renamedKeysAreStale else { return }
    renamedKeysAreStale = false
    renamedKeyMap = [:]
    let gone = rememberedKeys.filter { !hasSource($0.key) }
    guard !gone.isEmpty else { return }
    var byDOI: [String: [String]] = [:]
    var byWork: [String: [String]] = [:]
    var prints: [String: KeyFingerprint] = [:]
    // Only an entry with a gone key's DOI or year can be its work: the others' titles are not normalised.
    let goneDOIs = Set(gone.values.map(\.doi).filter { !$0.isEmpty })
    let goneYears = Set(gone.values.map(\.year).filter { !$0.isEmpty })
    let candidates = keyFingerprints { entry in
      goneYears.contains((entry.year ?? "").trimmingSpaces())
        || (!goneDOIs.isEmpty && goneDOIs.contains(KeyFingerprint.normalizedDOI(entry.doi ?? "")))
    }
    for (key, fingerprint) in candidates {
      prints[key] = fingerprint
      if !fingerprint.doi.isEmpty { byDOI[fingerprint.doi, default: []].append(key) }
      if let work = Self.workKey(fingerprint) { byWork[work, default: []].append(key) }
    }
    for (old, fingerprint) in gone {
      var candidates = Set(fingerprint.doi.isEmpty ? [] : byDOI[fingerprint.doi] ?? [])
      if let work = Self.workKey(fingerprint) { candidates.formUnion(byWork[work] ?? []) }
      let matches = candidates.filter { $0 != old && prints[$0].map(fingerprint.isSameWork) == true }
      // Two entries of the same work: no single answer.
      if matches.count == 1, let new = matches.first { renamedKeyMap[old] = new }
    }
  }

  /// Title, first author and year as one lookup key, when all three are there.
  private static func workKey(_ fingerprint: KeyFingerprint) -> String? {
    guard !fingerprint.title.isEmpty, !fingerprint.firstAuthor.isEmpty, !fingerprint.year.isEmpty else { return nil }
    return fingerprint.title + "\u{1}" + fingerprint.firstAuthor + "\u{1}" + fingerprint.year
  }

  /// Every cited key that is gone with the key its work has now, sorted by old key.
  package var renamedKeys: [RenamedKey] {
    guard !rememberedKeys.isEmpty else { return [] }
    return citers.keys.filter { !(citers[$0]?.isEmpty ?? true) }.compactMap { key in
      renamedKey(for: key).map { RenamedKey(from: key, to: $0) }
    }.sorted { $0.from.utf8Precedes($1.from) }
  }

  /// The fingerprints to remember after this run: the current ones, and the remembered ones of keys still cited
  /// without a source (so that the hint survives until the notes are fixed).
  package func fingerprintsToRemember() -> [String: KeyFingerprint] {
    var out = keyFingerprints
    for (key, fingerprint) in rememberedKeys where out[key] == nil && !hasSource(key) && !(citers[key]?.isEmpty ?? true)
    {
      out[key] = fingerprint
    }
    return out
  }
}
