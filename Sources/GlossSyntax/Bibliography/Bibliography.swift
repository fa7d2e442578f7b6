/// The entries of one bibliography file (BibTeX/BibLaTeX or CSL-JSON), with problems as data.
package struct Bibliography: Hashable, Sendable {
  package var entries: [BibliographyEntry]
  /// The unreadable parts; the rest still loads.
  package var problems: [SyntaxProblem]

  package init(entries: [BibliographyEntry] = [], problems: [SyntaxProblem] = []) {
    self.entries = entries
    self.problems = problems
  }
}

/// One citable entry, with display values decoded (LaTeX accents and escapes resolved).
package struct BibliographyEntry: Hashable, Sendable {
  package var key: String
  /// The key as written in the file (`@article{key,` or `"id": "key"`, quotes excluded).
  package var keyRange: Range<Int>
  /// The whole entry.
  package var range: Range<Int>
  /// `article`, `book`, … (BibTeX type lowercased, or the CSL `type`).
  package var type: String
  package var title: String?
  package var authors: [PersonName]
  package var editors: [PersonName]
  /// The year as written (`1932`, or the first of CSL `date-parts`, or a raw date's year).
  package var year: String?
  /// The full date when it can be read (`date = {1991-03}`, `year` + `month` + `day`, CSL `issued`).
  package var date: EntryDate?
  /// Journal, book title or CSL `container-title`.
  package var containerTitle: String?
  package var volume: String?
  package var issue: String?
  package var pages: String?
  package var publisher: String?
  package var url: String?
  package var doi: String?
  package var abstract: String?
  /// The place of publication (BibTeX `address`, CSL `publisher-place`); set by the Zotero library (its `place`).
  package var address: String? = nil
  /// The ISBN as written; set by the Zotero library.
  package var isbn: String? = nil
  /// The language as written (`en`, `German`); set by the Zotero library.
  package var language: String? = nil
  /// Keywords (a Zotero item's tags), in their order; set by the Zotero library.
  package var keywords: [String] = []
  /// Paths named by a BibTeX `file` field (JabRef/Zotero `desc:path:type` reduced to the path).
  package var files: [String]
  /// The fields naming another entry by its key (`crossref`, `xref`) where a rename of that key edits them.
  package var keyReferences: [BibliographyKeyReference] = []
  /// The `file` field as written (its value's range in the file and raw text), when it is one literal: a moved file
  /// is renamed there.
  package var fileLiteral: BibliographyFieldLiteral?
  /// The places the entry names as written in the file (its `url`, `doi` and each `file` path), in file order;
  /// inherited fields and values built from macros or `#` are not written in the entry and are left out.
  package var linkSpans: [BibliographyLinkSpan] = []

  package init(
    key: String, keyRange: Range<Int>, range: Range<Int>, type: String, title: String? = nil,
    authors: [PersonName] = [], editors: [PersonName] = [], year: String? = nil, containerTitle: String? = nil,
    volume: String? = nil, issue: String? = nil, pages: String? = nil, publisher: String? = nil, url: String? = nil,
    doi: String? = nil, abstract: String? = nil, files: [String] = []
  ) {
    self.key = key
    self.keyRange = keyRange
    self.range = range
    self.type = type
    self.title = title
    self.authors = authors
    self.editors = editors
    self.year = year
    self.containerTitle = containerTitle
    self.volume = volume
    self.issue = issue
    self.pages = pages
    self.publisher = publisher
    self.url = url
    self.doi = doi
    self.abstract = abstract
    self.files = files
  }
}

/// A person's name, split as BibTeX and CSL do.
/// A BibTeX field value written as one literal: where it is in the file and its raw text (braces excluded).
package struct BibliographyFieldLiteral: Hashable, Sendable {
  package var range: Range<Int>
  package var text: String

  package init(range: Range<Int>, text: String) {
    self.range = range
    self.text = text
  }
}

/// A BibTeX field naming another entry by key (`crossref = {smith2020}`, `xref`), written as one literal.
package struct BibliographyKeyReference: Hashable, Sendable {
  /// The field's name, lowercased.
  package var field: String
  /// The key it names.
  package var key: String
  /// Where the key is written in the file.
  package var range: Range<Int>

  /// Makes a reference.
  package init(field: String, key: String, range: Range<Int>) {
    self.field = field
    self.key = key
    self.range = range
  }
}

package struct PersonName: Hashable, Sendable {
  /// Family name without particles (`Gogh` in `Vincent van Gogh`).
  package var family: String?
  package var given: String?
  /// A name not to be split: `{World Health Organization}` or CSL `literal`.
  package var literal: String?
  /// A generational suffix (`Jr`, `III`) from BibTeX's `von Last, Jr, First` form or CSL `suffix`.
  package var suffix: String?
  /// A particle shown only with the given name (BibTeX's `von` part, as Pandoc reads it: `van` in `Ludwig van
  /// Beethoven`, cited as "Beethoven").
  package var droppingParticle: String?
  /// A particle kept with the family name (biblatex `useprefix=true`, CSL `non-dropping-particle`).
  package var nonDroppingParticle: String?

  package init(
    family: String? = nil, given: String? = nil, literal: String? = nil, suffix: String? = nil,
    droppingParticle: String? = nil, nonDroppingParticle: String? = nil
  ) {
    self.family = family
    self.given = given
    self.literal = literal
    self.suffix = suffix
    self.droppingParticle = droppingParticle
    self.nonDroppingParticle = nonDroppingParticle
  }

  /// The family name as cited: with a non-dropping particle (`van der Berg`), without a dropping one (`Beethoven`).
  package var citedFamily: String? {
    guard let family else { return nil }
    return nonDroppingParticle.map { $0 + " " + family } ?? family
  }

  /// `Beethoven, Ludwig van`, `van der Berg, Anne`, `Smith, J., Jr.`; the literal for a literal name.
  package var invertedName: String {
    if let literal, family == nil { return literal }
    var name = citedFamily ?? ""
    let given = [given, droppingParticle].compactMap { $0 }.joined(separator: " ")
    if !given.isEmpty { name += name.isEmpty ? given : ", " + given }
    if let suffix, !suffix.isEmpty { name += ", " + suffix }
    return name
  }

  /// `Ludwig van Beethoven`, `J. Smith Jr.`; the literal for a literal name.
  package var fullName: String {
    if let literal, family == nil { return literal }
    return [given, droppingParticle, citedFamily, suffix].compactMap { $0 }.joined(separator: " ")
  }

  /// The marker BibTeX's `and others` stands for (a literal `others`, as Pandoc writes it in CSL-JSON).
  package static let others = PersonName(literal: "others")

  /// Whether this is the `and others` marker rather than a person.
  package var isOthers: Bool { self == .others }

  /// The name as shown in "Author Year" labels: the family name as cited, else the literal.
  package var shortName: String { citedFamily ?? literal ?? given ?? "" }
}
