package import GlossSyntax
package import LanguageServerProtocol

/// The documents open in the editor: each one's text and version, which are the truth for that file until closed;
/// where each is attached, which changed since they were last indexed, and the blocks of opened notes being parsed.
package struct DocumentStore: Sendable {
  /// An open document.
  package struct Document: Sendable {
    /// The document's URI.
    package var uri: DocumentURI
    /// The client's language id (`markdown`, `bibtex`, …).
    package var languageID: String
    /// The version of the last change applied.
    package var version: Int
    /// The current text.
    package var text: SourceText
    /// What the changes since the text was last indexed replaced (nil when it was indexed as it is).
    package var unindexedEdit: TextEditSpan?
  }

  private var documents: [DocumentURI: Document] = [:]
  /// Where each open document is attached: its root and path.
  var locations: [DocumentURI: DocumentLocation] = [:]
  /// Open documents changed since they were last indexed, in the order of their first change: a burst of changes
  /// is indexed (and its diagnostics published) once, for the latest version (`indexChangedDocuments`).
  private(set) var changed: [DocumentURI] = []
  /// The blocks of opened notes being parsed off the loop, by URI (`keepIndexedNote`).
  package internal(set) var parses: [DocumentURI: OpenedNoteParse] = [:]

  /// Creates an empty store.
  package init() {}

  /// The open document at `uri`, if any.
  package subscript(uri: DocumentURI) -> Document? { documents[uri] }

  /// The URIs of the open documents.
  package var uris: Dictionary<DocumentURI, Document>.Keys { documents.keys }

  /// Opens (or reopens) a document with its full text.
  package mutating func open(_ item: TextDocumentItem) {
    documents[item.uri] = Document(
      uri: item.uri, languageID: item.languageId, version: item.version, text: SourceText(item.text))
  }

  /// Applies `changes` in order to the open document at `uri`; returns false when it is not open.
  ///
  /// A range change is read in `encoding`; a range outside the text is clamped rather than refused, and a range
  /// whose end is before its start is an insertion at its start. A change without a range replaces the whole text.
  @discardableResult
  package mutating func change(
    _ uri: DocumentURI, version: Int, changes: [TextDocumentContentChangeEvent], encoding: PositionEncoding
  ) -> Bool {
    guard var document = documents.removeValue(forKey: uri) else { return false }
    for change in changes {
      let edit: TextEditSpan
      if let range = change.range {
        let before = document.text.count
        let replaced = document.text.replace(document.text.range(of: range, in: encoding), with: change.text)
        edit = TextEditSpan(range: replaced, insertedCount: replaced.count + document.text.count - before)
      } else {
        let before = document.text.count
        document.text = SourceText(change.text)
        edit = TextEditSpan(range: 0..<before, insertedCount: document.text.count)
      }
      document.unindexedEdit = document.unindexedEdit.map { $0.followed(by: edit) } ?? edit
    }
    document.version = version
    documents[uri] = document
    return true
  }

  /// Takes what changed in the document at `uri` since it was last indexed (nil: nothing, or it is not open).
  @discardableResult
  package mutating func takeUnindexedEdit(_ uri: DocumentURI) -> TextEditSpan? {
    guard let edit = documents[uri]?.unindexedEdit else { return nil }
    documents[uri]?.unindexedEdit = nil
    return edit
  }

  /// Marks the document at `uri` changed since it was last indexed (once per burst, in the order of first change).
  mutating func markChanged(_ uri: DocumentURI) {
    if !changed.contains(uri) { changed.append(uri) }
  }

  /// Takes the documents changed since they were last indexed, in the order of their first change.
  mutating func takeChanged() -> [DocumentURI] {
    defer { changed = [] }
    return changed
  }

  /// Closes the document at `uri` and returns it, nil when it was not open.
  @discardableResult
  package mutating func close(_ uri: DocumentURI) -> Document? {
    documents.removeValue(forKey: uri)
  }
}
