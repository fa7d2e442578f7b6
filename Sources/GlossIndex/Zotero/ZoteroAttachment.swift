/// One file attached to a Zotero item (a stored or linked PDF, an HTML snapshot), with the annotations made on it.
package struct ZoteroAttachment: Hashable, Sendable {
  /// Zotero's item key of the attachment (the folder name under `storage/` for a stored file).
  package var key: String
  /// The absolute path of the file, or nil when Zotero's path cannot be placed (docs/zotero.md says which can).
  package var path: String?
  /// The MIME type Zotero recorded (`application/pdf`, `text/html`), empty when none.
  package var contentType: String
  /// The annotations made on the attachment in Zotero's reader, in Zotero's order.
  package var annotations: [ZoteroAnnotation]

  /// An attachment with every field given.
  package init(key: String, path: String?, contentType: String = "", annotations: [ZoteroAnnotation] = []) {
    self.key = key
    self.path = path
    self.contentType = contentType
    self.annotations = annotations
  }
}
