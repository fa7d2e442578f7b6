/// A passage a reader marked in a PDF in Zotero (a highlight, an underline, a note or an image region), with the
/// page Zotero showed it on; docs/zotero.md says where it comes from.
package struct ZoteroAnnotation: Hashable, Sendable {
  /// What kind of mark it is (Zotero's `annotationTypes`).
  package enum Kind: String, Hashable, Sendable {
    case highlight, underline, note, text, image, ink
  }

  /// Zotero's item key of the annotation.
  package var key: String
  /// What kind of mark it is.
  package var kind: Kind
  /// The marked words (empty for notes, images and ink).
  package var text: String
  /// The reader's comment on it (may be empty).
  package var comment: String
  /// The colour Zotero drew it in, as `#rrggbb`.
  package var color: String
  /// The page label Zotero stored (the printed page, e.g. `214` or `xii`), empty when it stored none.
  package var pageLabel: String
  /// The 0-based PDF page index from the annotation's position, when it has one.
  package var pageIndex: Int?
  /// Zotero's sort index (page, then position on the page), which orders annotations within a document.
  package var sortIndex: String

  /// An annotation with every field given.
  package init(
    key: String, kind: Kind, text: String, comment: String = "", color: String = "", pageLabel: String = "",
    pageIndex: Int? = nil, sortIndex: String = ""
  ) {
    self.key = key
    self.kind = kind
    self.text = text
    self.comment = comment
    self.color = color
    self.pageLabel = pageLabel
    self.pageIndex = pageIndex
    self.sortIndex = sortIndex
  }
}
