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
  package var keyFingerprints: [String: KeyFingerprint] {
    var out: [String: KeyFingerprint] = [:]
    for (key, definition) in definitions {
      guard let location = definition.entries.first, let record = bibliographies[location.path],
        location.index < record.bibliography.entries.count,
        let fingerprint = KeyFingerprint(entry: record.bibliography.entries[location.index])
      else { continue }
      out[key] = fingerprint
    }
    return out
  }

  /// Sets the fingerprints remembered from earlier runs (`keyFingerprints` as the server last saved it) and
  /// re-diagnoses the notes citing a remembered key that is unknown now; returns the paths whose diagnostics changed.
  @discardableResult
  package mutating func setRememberedKeys(_ keys: [String: KeyFingerprint]) -> Set<String> {
    rememberedKeys = keys
    return refreshDiagnostics(citersOfRememberedUnknownKeys, always: [])
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

  /// The key the work once cited as `key` has now: `key` has no source, was known in an earlier run, and an entry
  /// of the same work (`KeyFingerprint.isSameWork`) has another key; nil otherwise, or when several keys could be it.
  package func renamedKey(for key: String) -> String? {
    guard let old = rememberedKeys[key], !hasSource(key) else { return nil }
    var found: String?
    for (candidate, definition) in definitions where candidate != key {
      guard let location = definition.entries.first, let record = bibliographies[location.path],
        location.index < record.bibliography.entries.count
      else { continue }
      let entry = record.bibliography.entries[location.index]
      // The cheap comparisons first: most entries differ in year or DOI.
      if !old.doi.isEmpty, let doi = entry.doi, !doi.isEmpty {
        guard KeyFingerprint.normalizedDOI(doi) == old.doi else { continue }
      } else if (entry.year ?? "").trimmingSpaces() != old.year {
        continue
      }
      guard let fingerprint = KeyFingerprint(entry: entry), fingerprint.isSameWork(as: old) else { continue }
      // Two entries of the same work: no single answer.
      if found != nil { return nil }
      found = candidate
    }
    return found
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
