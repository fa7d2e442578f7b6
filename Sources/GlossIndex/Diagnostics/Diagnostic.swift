/// A problem found in one file, in editor terms (UTF-8 byte range, severity, stable code of docs/diagnostics.md).
package struct Diagnostic: Hashable, Sendable {
  /// How serious a diagnostic is.
  package enum Severity: String, Hashable, Sendable, Comparable {
    case error, warning, info, hint

    private var rank: Int {
      switch self {
      case .error: 0
      case .warning: 1
      case .info: 2
      case .hint: 3
      }
    }

    /// More serious first: error < warning < info < hint.
    package static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
  }

  /// What a quick fix needs to know about a diagnostic.
  package enum Related: Hashable, Sendable {
    case none
    /// The unknown key (nearest keys come from `Workspace.nearestSourceKeys(to:)`).
    case unknownSource(key: String)
    /// The cross-reference key as written (nearest labels come from `Workspace.nearestLabels(to:from:)`).
    case unknownCrossref(key: String)
    /// The missing target as written, and the path a new note would get.
    case brokenLink(target: String, suggestedPath: String?)
    /// The linked note and the nearest headings' slugs and texts.
    case brokenAnchor(path: String, nearest: [NearHeading])
    /// The notes a wiki link matches.
    case ambiguousLink(candidates: [String])
    /// The other files defining the same key.
    case duplicateSource(key: String, otherPaths: [String])
    /// The cited key, the document searched and its words at the closest passage (nil when nothing is alike).
    case quoteMismatch(key: String, sourcePath: String, sourceWords: String?)
  }

  /// A heading offered by a `broken-anchor` quick fix.
  package struct NearHeading: Hashable, Sendable {
    /// The heading's text.
    package var text: String
    /// The heading's slug (what a Markdown link uses).
    package var slug: String

    /// A heading by text and slug.
    package init(text: String, slug: String) {
      self.text = text
      self.slug = slug
    }
  }

  /// The root-relative path of the file.
  package var path: String
  /// UTF-8 byte offsets in that file.
  package var range: Range<Int>
  /// How serious it is (after the config's overrides).
  package var severity: Severity
  /// The code listed in docs/diagnostics.md, e.g. `unknown-source`.
  package var code: String
  /// The message: lowercase start, no final period, names in quotes.
  package var message: String
  /// What a quick fix needs.
  package var related: Related

  /// A diagnostic with every field given.
  package init(
    path: String, range: Range<Int>, severity: Severity, code: String, message: String, related: Related = .none
  ) {
    self.path = path
    self.range = range
    self.severity = severity
    self.code = code
    self.message = message
    self.related = related
  }
}

/// The stable diagnostic codes of docs/diagnostics.md with their default severities.
package enum DiagnosticCode {
  /// A citation whose key no source has.
  package static let unknownSource = "unknown-source"
  /// A cross-reference whose label does not exist.
  package static let unknownCrossref = "unknown-crossref"
  /// A Manubot identifier (`@doi:…`) no source has: Manubot looks it up when it builds the document.
  package static let unresolvedIdentifier = "unresolved-identifier"
  /// A locator outside the source's text.
  package static let unresolvedLocator = "unresolved-locator"
  /// A checked quotation not in the source.
  package static let quoteMismatch = "quote-mismatch"
  /// A locator or quotation on a source without text.
  package static let noText = "no-text"
  /// Each definition of a key defined twice.
  package static let duplicateSource = "duplicate-source"
  /// A link to a missing note.
  package static let brokenLink = "broken-link"
  /// A link to a missing heading.
  package static let brokenAnchor = "broken-anchor"
  /// A wiki link that matches several notes.
  package static let ambiguousLink = "ambiguous-link"
  /// Unreadable front matter.
  package static let malformedFrontMatter = "malformed-front-matter"
  /// The unreadable part of a bibliography file.
  package static let malformedBibliography = "malformed-bibliography"
  /// An unreadable config file.
  package static let malformedConfig = "malformed-config"
  /// Bibliography files of the workspace left unread because the config names others.
  package static let unreadBibliography = "unread-bibliography"
  /// Something to know about the Zotero library read (docs/zotero.md): items without a citation key, a newer schema,
  /// linked files that cannot be placed, a key the library and a bibliography file define differently.
  package static let zoteroLibrary = "zotero-library"

  /// The severity each code has unless the config overrides it.
  package static let defaultSeverity: [String: Diagnostic.Severity] = [
    unknownSource: .error, unknownCrossref: .warning, unresolvedIdentifier: .hint, unresolvedLocator: .warning,
    quoteMismatch: .warning, noText: .hint,
    duplicateSource: .warning, brokenLink: .error, brokenAnchor: .warning, ambiguousLink: .warning,
    malformedFrontMatter: .error, malformedBibliography: .error, malformedConfig: .error, unreadBibliography: .hint,
    zoteroLibrary: .hint,
  ]
}

extension Diagnostic {
  /// The order of a note's diagnostics: by start, and at one start in the order a note's elements are diagnosed
  /// (front matter, citation items, locators, quotations, links), so that diagnostics merged into a note's list
  /// (`Workspace.refreshDiagnostics(ofNotes:citing:before:)`) land where diagnosing the whole note puts them.
  static func precedesInNote(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
    a.range.lowerBound != b.range.lowerBound
      ? a.range.lowerBound < b.range.lowerBound : a.elementRank < b.elementRank
  }

  /// Which of a note's elements a diagnostic of this code is about, in the order they are diagnosed.
  private var elementRank: Int {
    switch code {
    case DiagnosticCode.malformedFrontMatter: 0
    case DiagnosticCode.unknownSource, DiagnosticCode.unknownCrossref, DiagnosticCode.unresolvedIdentifier: 1
    case DiagnosticCode.noText, DiagnosticCode.unresolvedLocator: 2
    case DiagnosticCode.quoteMismatch: 3
    default: 4
    }
  }
}
