package import GlossSyntax

/// What identifies a work whatever its citation key (docs/literature-notes.md, "Renamed keys"): its DOI, normalised,
/// and its normalised title, first author's family name and year. Gloss remembers each key's fingerprint between
/// runs, so that a key that disappears can be traced to the key the same work has now.
package struct KeyFingerprint: Hashable, Sendable {
  /// The DOI in lower case without `https://doi.org/` or `doi:`; empty when the entry has none.
  package var doi: String
  /// The title in lower case, letters and digits only, words separated by one space.
  package var title: String
  /// The first author's family name (or literal name), normalised like the title.
  package var firstAuthor: String
  /// The year as written, trimmed.
  package var year: String

  /// A fingerprint from its normalised parts.
  package init(doi: String, title: String, firstAuthor: String, year: String) {
    self.doi = doi
    self.title = title
    self.firstAuthor = firstAuthor
    self.year = year
  }

  /// The fingerprint of a bibliography entry; nil when it says too little to recognise the work again (no DOI, and
  /// not all of title, first author and year).
  package init?(entry: BibliographyEntry) {
    let author = entry.authors.first { !$0.isOthers }
    self.init(
      doi: Self.normalizedDOI(entry.doi ?? ""), title: Self.normalizedWords(entry.title ?? ""),
      firstAuthor: Self.normalizedWords(author?.family ?? author?.literal ?? ""),
      year: (entry.year ?? "").trimmingSpaces())
    guard isUsable else { return nil }
  }

  /// Whether the fingerprint can recognise a work: a DOI, or all of title, first author and year.
  package var isUsable: Bool { !doi.isEmpty || (!title.isEmpty && !firstAuthor.isEmpty && !year.isEmpty) }

  /// Whether both name the same work: the same DOI when both have one (a DOI alone suffices, and two different DOIs
  /// are two works); else the same title, first author and year, none empty.
  package func isSameWork(as other: KeyFingerprint) -> Bool {
    if !doi.isEmpty && !other.doi.isEmpty { return doi == other.doi }
    return !title.isEmpty && !firstAuthor.isEmpty && !year.isEmpty && title == other.title
      && firstAuthor == other.firstAuthor && year == other.year
  }

  /// `doi` bare and in lower case (DOIs compare without case).
  package static func normalizedDOI(_ doi: String) -> String {
    var bare = doi.trimmingSpaces().lowercased()
    for prefix in ["https://doi.org/", "http://doi.org/", "https://dx.doi.org/", "http://dx.doi.org/", "doi:"]
    where bare.hasPrefix(prefix) {
      bare = String(bare.dropFirst(prefix.count))
      break
    }
    return bare.trimmingSpaces()
  }

  /// `text` in lower case, letters and digits only (BibTeX braces, punctuation and accents' combining marks gone),
  /// words separated by one space.
  package static func normalizedWords(_ text: String) -> String {
    var words: [String] = []
    var word = String.UnicodeScalarView()
    for scalar in text.lowercased().unicodeScalars {
      if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
        word.append(scalar)
      } else if scalar.properties.generalCategory == .nonspacingMark {
        continue
      } else if !word.isEmpty {
        words.append(String(word))
        word = String.UnicodeScalarView()
      }
    }
    if !word.isEmpty { words.append(String(word)) }
    return words.joined(separator: " ")
  }
}
