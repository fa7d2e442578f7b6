package import GlossSyntax

/// Reads the file of a source document again, for an index that released the texts it can have back (GlossServer
/// gives one; the index itself does no I/O).
package struct SourceTextProvider: Sendable {
  /// Whether the file at `path` is read from disk as it is (not an extracted text, not an open buffer).
  package var canRead: @Sendable (String) -> Bool
  /// The bytes of the file at `path`, nil when it cannot be read.
  package var read: @Sendable (String) -> [UInt8]?

  /// A provider from its two functions.
  package init(canRead: @escaping @Sendable (String) -> Bool, read: @escaping @Sendable (String) -> [UInt8]?) {
    self.canRead = canRead
    self.read = read
  }
}

extension Workspace {
  /// Releases the text of every source document that `provider` can read again and whose text is the file's bytes
  /// (Markdown and plain text): only the structure stays in memory (pages, lines, headings, paragraphs, a
  /// fingerprint of the text), and a query that needs the text reads it through `provider`, checked against the
  /// fingerprint. Quotation indexes kept for large texts keep theirs. Documents set later keep their text.
  package mutating func releaseSourceTexts(readingWith provider: SourceTextProvider) {
    sourceTextProvider = provider
    let records = sourceDocuments.values.filter { !$0.document.isTextReleased && provider.canRead($0.path) }
    let released = ParallelWork.map(count: records.count) { records[$0].document.releasingText() }
    for (record, document) in zip(records, released) {
      guard let document else { continue }
      sourceDocuments[record.path]?.document = document
    }
    releaseResidentIndexTexts()
  }

  /// Has the released texts of the documents already held (taken released from an image) read again through
  /// `provider` when needed, without releasing any other.
  package mutating func useSourceTextProvider(_ provider: SourceTextProvider) {
    sourceTextProvider = provider
  }

  /// The source document at `path` with its text: as kept, or with its released text read again; nil when there is
  /// no such document or its file no longer holds the text indexed (it changed on disk and is not re-read yet).
  package func textDocument(at path: String) -> SourceDocument? {
    guard let document = sourceDocuments[path]?.document else { return nil }
    return Self.withText(document, at: path, provider: sourceTextProvider)
  }

  /// `document` (kept at `path`) with its text, read again through `provider` when it was released.
  static func withText(_ document: SourceDocument, at path: String, provider: SourceTextProvider?) -> SourceDocument? {
    guard document.isTextReleased else { return document }
    guard let bytes = provider?.read(path) else { return nil }
    return document.restoringText(bytes)
  }
}
