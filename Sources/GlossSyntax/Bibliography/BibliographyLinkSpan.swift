/// A span of a bibliography entry that names a place: its URL, its DOI, or one path of its `file` field.
package struct BibliographyLinkSpan: Hashable, Sendable {
  /// What the span names.
  package enum Kind: Hashable, Sendable {
    /// A `url` field (CSL `URL`).
    case url
    /// A `doi` field (CSL `DOI`), bare or as a URL.
    case doi
    /// One path of a `file` field: plain, Better BibTeX's `Description:path:mime` or JabRef's `:path:PDF`.
    case file
  }

  package var kind: Kind
  /// Where it is written in the file, delimiters and surrounding blanks excluded.
  package var range: Range<Int>
  /// What it names, escapes decoded: the URL, the DOI or the path.
  package var text: String

  /// A span from its parts.
  package init(kind: Kind, range: Range<Int>, text: String) {
    self.kind = kind
    self.range = range
    self.text = text
  }
}
