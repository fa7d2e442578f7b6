package import GlossMatching
package import GlossSyntax

/// What `gloss find` reads of a workspace, apart from it, so that it can be kept between runs and searched again
/// without indexing the notes (docs/troubleshooting.md, "The find image"): the search over every source's text
/// (`SourceTextSearch`, the chunks' filters and starts), each source's citing key and printed pages, the text of each
/// source whose text is extracted (a PDF's), the Zotero highlights, and the notes' paths.
///
/// A source whose text is its file's is read again when the search lands in it (its file must be the file indexed:
/// the caller checks every file's stamp first); a text of another length than the one indexed makes the search
/// answer nil, never a wrong place.
package struct DetachedFind: Sendable {
  /// One source document as the search reads it again.
  package struct Source: Hashable, Sendable {
    /// The root-relative path.
    package var path: String
    /// The length of its text, in bytes.
    package var textCount: Int
    /// The key its places cite (`Workspace.citingKey`).
    package var citingKey: String
    /// Printed pages run this far ahead of the text's (when `printedLabels` is nil).
    package var pageOffset: Int
    /// The page labels printed pages are (a PDF's), else nil.
    package var printedLabels: PageLabels?
    /// The extracted text (with its PDF's page labels) when the text is not its file's bytes; nil otherwise.
    package var extracted: ExtractedText?
    /// Why the source has no text (a PDF the tool could not read), else nil: a key is never given a source without
    /// text, so the other sources' citing keys depend on it.
    package var textProblem: String?

    /// A source from its parts.
    package init(
      path: String, textCount: Int, citingKey: String, pageOffset: Int, printedLabels: PageLabels?,
      extracted: ExtractedText?, textProblem: String? = nil
    ) {
      self.path = path
      self.textCount = textCount
      self.citingKey = citingKey
      self.pageOffset = pageOffset
      self.printedLabels = printedLabels
      self.extracted = extracted
      self.textProblem = textProblem
    }
  }

  /// A text an external tool extracted, with the page labels of the file it came from.
  package struct ExtractedText: Hashable, Sendable {
    /// The text, valid UTF-8, pages at form feeds.
    package var text: [UInt8]
    /// The PDF's page labels, when it has them.
    package var pageLabels: PageLabels?

    /// An extracted text from its parts.
    package init(text: [UInt8], pageLabels: PageLabels?) {
      self.text = text
      self.pageLabels = pageLabels
    }
  }

  /// One Zotero highlight, as `gloss find` shows it.
  package struct Highlight: Hashable, Sendable {
    /// The source key.
    package var key: String
    /// The highlighted words on one line (`ZoteroAnnotation.quotedText`).
    package var quotedText: String
    /// The reader's comment.
    package var comment: String
    /// The page label Zotero stored.
    package var pageLabel: String
    /// Zotero's key of the annotation.
    package var annotationKey: String

    /// A highlight from its parts.
    package init(key: String, quotedText: String, comment: String, pageLabel: String, annotationKey: String) {
      self.key = key
      self.quotedText = quotedText
      self.comment = comment
      self.pageLabel = pageLabel
      self.annotationKey = annotationKey
    }
  }

  /// The search over the sources' text, its documents' columns in path order.
  let search: SourceTextSearch
  /// Every source document the search holds, by path.
  package let sources: [String: Source]
  /// Every Zotero highlight, by key then in Zotero's order (`Workspace.everyHighlight`).
  package let highlights: [Highlight]
  /// The notes' paths, in path order (`gloss find --notes` reads them).
  package let notePaths: [String]

  /// The search's documents in column order, each with its chunk starts, token count and page furniture.
  package var documents: [(path: String, chunkStarts: [Int], tokenCount: Int, furniture: [Range<Int>])] {
    search.slots.map { ($0.path, $0.signature.chunkStarts, $0.signature.tokenCount, $0.signature.furniture) }
  }

  /// The chunks' filters.
  package var matrix: SignatureMatrix { search.matrix }

  /// The search from its parts (as `documents`, `matrix` and the rest gave them); nil when they do not fit together
  /// (a document not among the sources or its chunks not within its text, columns that are not the matrix's).
  package init?(
    matrix: SignatureMatrix, documents: [(path: String, chunkStarts: [Int], tokenCount: Int, furniture: [Range<Int>])],
    sources: [Source], highlights: [Highlight], notePaths: [String]
  ) {
    var byPath: [String: Source] = [:]
    for source in sources {
      guard byPath.updateValue(source, forKey: source.path) == nil else { return nil }
    }
    var signatures: [(path: String, signature: TextSignature)] = []
    for document in documents {
      guard let source = byPath[document.path],
        let signature = TextSignature(
          chunkStarts: document.chunkStarts, tokenCount: document.tokenCount, furniture: document.furniture,
          textCount: source.textCount)
      else { return nil }
      signatures.append((document.path, signature))
    }
    guard let search = SourceTextSearch(matrix: matrix, documents: signatures) else { return nil }
    self.search = search
    self.sources = byPath
    self.highlights = highlights
    self.notePaths = notePaths
  }

  /// The same search with the notes at `paths` (in path order): the notes changed, nothing the search reads did.
  package func replacingNotePaths(_ paths: [String]) -> DetachedFind {
    DetachedFind(search: search, sources: sources, highlights: highlights, notePaths: paths)
  }

  /// A search from its checked parts.
  private init(search: SourceTextSearch, sources: [String: Source], highlights: [Highlight], notePaths: [String]) {
    self.search = search
    self.sources = sources
    self.highlights = highlights
    self.notePaths = notePaths
  }

  /// The places where `phrase` occurs in the sources' text (or the closest passages), as `Workspace.find` answers
  /// them; a source's text is `read(path)`'s bytes, or its extracted text. Nil when a source the search lands in no
  /// longer has the text indexed (the caller then indexes the workspace).
  package func find(_ phrase: String, limit: Int, read: @escaping (String) -> [UInt8]?) -> FindResult? {
    var stale = false
    // Each source's bytes read once: its text is searched, and parsed into its record only when the phrase is found
    // there (most sources the filters name do not hold it).
    var texts: [String: (bytes: [UInt8], text: [UInt8])?] = [:]
    var records: [String: SourceDocumentRecord] = [:]
    let text = { (path: String) -> (bytes: [UInt8], text: [UInt8])? in
      if let known = texts[path] { return known }
      var found: (bytes: [UInt8], text: [UInt8])?
      if let source = sources[path] {
        if let extracted = source.extracted {
          found = (extracted.text, extracted.text)
        } else if let bytes = read(path) {
          let format = SourceFormat(pathExtension: PathUtilities.pathExtension(path)) ?? .plainText
          found = (bytes, SourceDocument.text(of: bytes, format: format))
        }
        if let text = found?.text, text.count != source.textCount { found = nil }
        if found == nil { stale = true }
      }
      texts[path] = .some(found)
      return found
    }
    let finder = SourceFinder(
      search: search,
      text: { text($0)?.text },
      record: { path in
        if let record = records[path] { return record }
        guard let source = sources[path], let (bytes, _) = text(path) else { return nil }
        let record =
          if let extracted = source.extracted {
            SourceDocumentRecord(path: path, bytes: extracted.text, pageLabels: extracted.pageLabels)
          } else {
            SourceDocumentRecord(path: path, bytes: bytes)
          }
        guard record.document.textCount == source.textCount else {
          stale = true
          return nil
        }
        records[path] = record
        return record
      },
      place: { range, record, likeness in
        let source = sources[record.path]
        return Workspace.place(
          range, in: record, key: source?.citingKey ?? record.key,
          printed: source?.printedLabels.map { .labels($0) } ?? .offset(source?.pageOffset ?? 0), likeness: likeness)
      })
    let result = finder.find(phrase, limit: limit)
    return stale ? nil : result
  }

  /// The search, when it was made from exactly `documents` (a workspace's source documents) but for those at `changed`
  /// (edited, added or removed since, to be signed again): every other document at the same path with a text of the
  /// same length, every other source of the image still there, no column cleared. (Whether each text is the one
  /// signed, the caller tells from the files.)
  func search(for documents: [String: SourceDocumentRecord], except changed: Set<String> = []) -> SourceTextSearch? {
    guard search.clearedColumns == 0, search.slotOfPath.count == sources.count else { return nil }
    for (path, record) in documents where !changed.contains(path) {
      guard search.slotOfPath[path] != nil, sources[path]?.textCount == record.document.textCount else { return nil }
    }
    for path in sources.keys where documents[path] == nil && !changed.contains(path) { return nil }
    return search
  }

  /// The highlights whose words or comment hold `phrase`, at most `limit`, as `Workspace.highlights(matching:)`.
  package func highlights(matching phrase: String, limit: Int) -> [Highlight] {
    let wanted = Workspace.wantedInHighlights(phrase)
    guard !wanted.isEmpty, limit > 0 else { return [] }
    return Array(
      highlights.lazy.filter { Workspace.highlight($0.quotedText, $0.comment, holds: wanted) }.prefix(limit))
  }
}

extension Workspace {
  /// What `gloss find` reads of this workspace, apart from it (`DetachedFind`); builds the search over the sources'
  /// text when it is not built (on all cores).
  package var detachedFind: DetachedFind? {
    guard
      let search = textSearchCache.search(
        for: sourceDocuments, provider: sourceTextProvider, need: .whole(onAllCores: true))
    else { return nil }
    let highlights = everyHighlight.map {
      DetachedFind.Highlight(
        key: $0.key, quotedText: $0.highlight.quotedText, comment: $0.highlight.comment,
        pageLabel: $0.highlight.pageLabel, annotationKey: $0.highlight.key)
    }
    return detachedFind(search: search, highlights: highlights, notePaths: notes.keys.sorted { $0.utf8Precedes($1) })
  }

  /// `kept` (the search of an earlier state of this workspace's sources) brought up to this workspace: the sources
  /// at `changed` (edited, added or removed since) signed again, on all cores, the others' filters kept as they are;
  /// every source's citing key and printed pages worked out again from this workspace (a source added or removed can
  /// give a key to another). The highlights are `kept`'s, the notes `notePaths`. The same search as `detachedFind`
  /// of this workspace would build whole; nil when a changed source's text is not at hand.
  ///
  /// This workspace needs only the sources (with their texts) and the bibliographies: no note gives a source its key
  /// or its printed pages.
  package func detachedFind(updating kept: DetachedFind, changed: Set<String>, notePaths: [String]) -> DetachedFind? {
    let paths = changed.sorted { $0.utf8Precedes($1) }
    let records = paths.map { sourceDocuments[$0] }
    for record in records where record?.document.isTextReleased == true { return nil }
    let signed = ParallelWork.map(count: paths.count) { index in
      records[index].map { TextSignature(text: CaseFolding.folded($0.document.text)) }
    }
    let search = kept.search.updating(Dictionary(uniqueKeysWithValues: zip(paths, signed)))
    return detachedFind(search: search, highlights: kept.highlights, notePaths: notePaths)
  }

  /// What `gloss find` reads of this workspace, its sources' text searched by `search` (compacted here when changes
  /// left cleared columns: the image holds each document's columns in path order, as a whole build makes them).
  private func detachedFind(
    search built: SourceTextSearch, highlights: [DetachedFind.Highlight], notePaths: [String]
  ) -> DetachedFind? {
    var search = built
    let inPathOrder = zip(search.slots, search.slots.dropFirst()).allSatisfy { $0.path.utf8Precedes($1.path) }
    if search.clearedColumns > 0 || search.slots.count != search.slotOfPath.count || !inPathOrder {
      search = search.compacted()
    }
    var sources: [DetachedFind.Source] = []
    for record in sourceDocuments.values {
      let document = record.document
      let key = citingKey(of: record)
      let printed = document.pageCount > 1 ? printedPages(forKey: key, document: document) : .offset(0)
      var extracted: DetachedFind.ExtractedText?
      if ExtractedFormat(path: record.path) != nil {
        guard !document.isTextReleased else { return nil }
        extracted = DetachedFind.ExtractedText(text: document.text, pageLabels: document.pageLabels)
      }
      var offset = 0
      var labels: PageLabels?
      switch printed {
      case .offset(let value): offset = value
      case .labels(let value): labels = value
      }
      sources.append(
        DetachedFind.Source(
          path: record.path, textCount: document.textCount, citingKey: key, pageOffset: offset, printedLabels: labels,
          extracted: extracted, textProblem: textProblems[record.path]))
    }
    let documents = search.slots.map {
      ($0.path, $0.signature.chunkStarts, $0.signature.tokenCount, $0.signature.furniture)
    }
    return DetachedFind(
      matrix: search.matrix, documents: documents, sources: sources, highlights: highlights, notePaths: notePaths)
  }
}
