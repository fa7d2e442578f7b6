import GlossSyntax

/// Citation keys written in the dialects of Quarto and Manubot projects.
///
/// A CiTO property before the key (`@cites:smith2020`, `[@extends:key]`, `@agrees_with:key`; the properties and
/// aliases of Pandoc's `cito` filter, which Quarto ships) says how the work is cited; the filter removes it, so the
/// key cited is what follows. A Manubot identifier (`@doi:10.1/x`, `@pmid:…`, `@arxiv:…`, `@isbn:…`, `@url:…`,
/// `@pmcid:…`, `@wikidata:…`) is resolved by Manubot when the document is built: cited as is, it is found when a
/// bibliography has it, and otherwise is no error.
extension Workspace {
  /// The key a cited key names: the key itself when a source has it, else the key after a CiTO property.
  package func citedSourceKey(_ key: String) -> String {
    guard !hasSource(key), let stripped = Self.keyAfterCiTOProperty(key) else { return key }
    return stripped
  }

  /// Every citation of `key` written after a CiTO property (`@cites:key`, `[@extends:key]`), with the range of the
  /// key after the property (what references point at and rename replaces: the property stays). A written key that
  /// is itself a source's (a bibliography holding `cites:key`) is not one of them.
  package func citoCitations(ofKey key: String) -> [(occurrence: CitationOccurrence, keyRange: Range<Int>)] {
    var out: [(occurrence: CitationOccurrence, keyRange: Range<Int>)] = []
    for property in Self.citoPropertiesInOrder {
      let written = property + ":" + key
      guard citers[written] != nil, !hasSource(written) else { continue }
      for occurrence in citations(ofKey: written) {
        let start = occurrence.item.keyRange.lowerBound + property.utf8.count + 1
        out.append((occurrence, start..<start + key.utf8.count))
      }
    }
    out.sort {
      $0.occurrence.path != $1.occurrence.path
        ? $0.occurrence.path.utf8Precedes($1.occurrence.path) : $0.keyRange.lowerBound < $1.keyRange.lowerBound
    }
    return out
  }

  /// The key after a CiTO property (`cites:smith2020` → `smith2020`), nil when `key` starts with none.
  static func keyAfterCiTOProperty(_ key: String) -> String? {
    guard let colon = key.firstIndex(of: ":"), colon != key.startIndex, key.index(after: colon) != key.endIndex,
      citoProperties.contains(String(key[..<colon]))
    else { return nil }
    return String(key[key.index(after: colon)...])
  }

  /// The kind of identifier a Manubot-style key is (`DOI`, `PubMed ID`, …), nil for an ordinary key.
  static func manubotIdentifier(_ key: String) -> String? {
    guard let colon = key.firstIndex(of: ":"), key.index(after: colon) != key.endIndex else { return nil }
    return manubotPrefixes[key[..<colon].lowercased()]
  }

  /// The CiTO properties and their aliases, as the `cito` filter reads them.
  static let citoProperties: Set<String> = [
    "agrees_with", "agree_with", "citation", "cites", "cites_as_authority", "as_authority", "authority",
    "cites_as_data_source", "as_data_source", "data_source", "cites_as_evidence", "as_evidence", "evidence",
    "cites_as_metadata_document", "as_metadata_document", "metadata_document", "metadata",
    "cites_as_recommended_reading", "as_recommended_reading", "recommended_reading", "disagrees_with", "disagree",
    "disagrees", "disputes", "documents", "extends", "includes_excerpt_from", "excerpt", "excerpt_from",
    "includes_quotation_from", "quotation", "quotation_from", "obtains_background_from", "background",
    "background_from", "refutes", "replies_to", "updates", "uses_data_from", "data", "data_from", "uses_method_in",
    "method", "method_in",
  ]

  /// The CiTO properties in a fixed order, for lookups that give the same answer every time.
  static let citoPropertiesInOrder = citoProperties.sorted()

  /// Manubot's identifier prefixes and what each names.
  static let manubotPrefixes: [String: String] = [
    "doi": "DOI", "pmid": "PubMed ID", "pmcid": "PubMed Central ID", "arxiv": "arXiv ID", "isbn": "ISBN",
    "url": "URL", "wikidata": "Wikidata ID",
  ]
}
