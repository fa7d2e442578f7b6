package import GlossSyntax
package import LanguageServerProtocol

/// The documents open in the editor: each one's text and version, which are the truth for that file until closed.
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
  }

  private var documents: [DocumentURI: Document] = [:]

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
      if let range = change.range {
        document.text.replace(document.text.range(of: range, in: encoding), with: change.text)
      } else {
        document.text = SourceText(change.text)
      }
    }
    document.version = version
    documents[uri] = document
    return true
  }

  /// Closes the document at `uri` and returns it, nil when it was not open.
  @discardableResult
  package mutating func close(_ uri: DocumentURI) -> Document? {
    documents.removeValue(forKey: uri)
  }
}
