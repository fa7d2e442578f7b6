/// A source document (`.md`, `.txt`, `.html`) read into its text, metadata and structure
/// (docs/sources-and-libraries.md, docs/citations-and-quotations.md).
///
/// For Markdown and plain text the text is the file itself (the same array, not a copy; invalid UTF-8 bytes are
/// replaced by U+FFFD, and the offset map accounts for it). For HTML it is the visible text (see `HTMLText`). Lines are
/// always the file's lines as the editor numbers them; pages, headings and paragraphs are ranges of the text.
package struct SourceDocument: Hashable, Sendable {
  /// The format the document was read as.
  package var format: SourceFormat
  /// Markdown front matter (parsed with `FrontMatter.parse`), nil for other formats or when there is none; its ranges
  /// are offsets in `text`, which are the file's offsets unless the file had invalid UTF-8.
  package var frontMatter: FrontMatter?
  /// Identifier, title, authors, year, URL and tags, from front matter or HTML `<title>` and `<meta>`.
  package var metadata: SourceMetadata
  /// The extracted text, valid UTF-8: what quotations are checked against. Empty when it was released
  /// (`releasingText()`); `restoringText(_:)` puts it back.
  package private(set) var text: [UInt8]
  /// The length of `text` in bytes, kept when the text is released.
  package private(set) var textCount = 0
  /// Where the last page ends: the end of the text, or the form feed before a blank last page (found once here, so
  /// that passages resolve without the text).
  private(set) var lastPageEnd = 0
  /// Where each heading's section ends (trimmed), found once here so that sections resolve without the text.
  private(set) var sectionEnds: [Int] = []
  /// The fingerprint of the released text (`TextFingerprint`), nil while the text is here.
  private(set) var releasedTextFingerprint: UInt64?
  /// The fingerprint of the file's bytes when the text is not the file (HTML, repaired UTF-8): a file read again must
  /// be these bytes before its text is extracted again, since the same text can come from other bytes at other
  /// offsets. Nil when the text is the file.
  private(set) var fileFingerprint: UInt64?
  /// Front-matter problems (Markdown only), in file offsets: what the index reports as `malformed-front-matter`.
  package var problems: [SyntaxProblem]
  /// Notes about reading the text that are not front-matter problems (invalid UTF-8 replaced, an unterminated HTML
  /// comment), in file offsets; for logs or hints, not errors.
  package var textWarnings: [SyntaxProblem]
  /// Headings in document order.
  package var headings: [SourceHeading]
  /// The paragraphs of the body (blank-line separated, headings and front matter excluded), as ranges of `text`.
  package var paragraphs: [Range<Int>]
  /// Where each page starts in `text` (pages are separated by form feeds); the first is 0.
  package var pageStarts: [Int]
  /// The page numbers the PDF the text was extracted from prints (its page labels), when it has them.
  package var pageLabels: PageLabels?
  /// Where the body starts in `text` (after any front matter).
  package var bodyStart: Int
  /// The file's lines: the start of each, as byte offsets in the file. Each line ends before the terminator that
  /// opens the next (the last at the end of the file): two bytes for the lines in `crlfLines`, else one.
  private(set) var lineStarts: [Int32]
  /// The lines (0-based, ascending) ending in `\r\n`: most files have none, so no table of ends is kept.
  private(set) var crlfLines: [Int32]
  /// The length of the file in bytes, where its last line ends.
  private(set) var fileLength: Int
  private(set) var offsetMap: TextOffsetMap
  /// HTML only, one per line of the file: where the visible text of a passage starting on that line starts, and where
  /// that of a passage ending on it ends (`VisibleLines`), so that a line passage is trimmed without the text.
  private(set) var visibleLines = VisibleLines()

  /// Reads any bytes as a source document of the given format; never fails.
  package init(parsing bytes: [UInt8], format: SourceFormat) {
    self.format = format
    frontMatter = nil
    metadata = SourceMetadata()
    problems = []
    textWarnings = []
    headings = []
    paragraphs = []
    pageStarts = [0]
    bodyStart = 0
    let (lineStarts, lineEnds) = SourceDocument.lines(of: bytes)
    self.lineStarts = lineStarts
    crlfLines = SourceDocument.crlfLines(starts: lineStarts, ends: lineEnds)
    fileLength = bytes.count
    var separators: [Range<Int>] = []
    switch format {
    case .markdown, .plainText:
      if UTF8Repair.isValid(bytes) {
        text = bytes
        offsetMap = TextOffsetMap(identityOfLength: bytes.count)
      } else {
        let (repaired, map) = Self.repaired(bytes)
        text = repaired
        offsetMap = map
        let first = map.segments.first { !$0.isVerbatim }.map { Int($0.fileStart)..<Int($0.fileEnd) } ?? 0..<0
        textWarnings.append(SyntaxProblem(range: first, message: "invalid utf-8 replaced by U+FFFD"))
      }
      if format == .markdown {
        let parsed = FrontMatter.parse(text)
        frontMatter = parsed.frontMatter
        bodyStart = min(max(parsed.bodyStart, 0), text.count)
        problems += parsed.problems.map {
          SyntaxProblem(range: offsetMap.fileRange(ofText: $0.range), message: $0.message)
        }
        if let frontMatter = parsed.frontMatter { metadata = SourceMetadata(frontMatter: frontMatter) }
        (headings, separators) = SourceDocument.markdownHeadings(in: text, from: bodyStart)
      } else {
        // The file's line table serves when the text is the file.
        headings = SourceDocument.plainTextHeadings(
          in: text,
          lines: offsetMap.isIdentity ? zip(lineStarts, lineEnds).map { Int($0)..<Int($1) } : nil)
        separators = headings.map(\.range)
      }
    case .html:
      let html = HTMLText(parsing: bytes)
      text = html.text
      offsetMap = html.map
      textWarnings = html.problems
      headings = html.headings.map { SourceDocument.heading(level: $0.level, in: html.text, textRange: $0.range) }
      separators = headings.map(\.range)
      metadata = SourceMetadata(htmlTitle: html.title, meta: html.meta)
    }
    if format == .html || !offsetMap.isIdentity { fileFingerprint = TextFingerprint.of(bytes) }
    if format == .html { visibleLines = VisibleLines(of: self) }
    // Repeated headings get `-1`, `-2`, … as in notes (github-slugger's rule), so each slug names one section.
    for (index, slug) in Slug.unique(headings.map(\.text)).enumerated() { headings[index].slug = slug }
    pageStarts = SourceDocument.pageStarts(of: text)
    textCount = text.count
    lastPageEnd = SourceDocument.lastPageEnd(of: text, lastPageStart: pageStarts.last ?? 0)
    sectionEnds = SourceDocument.sectionEnds(of: headings, in: text)
    paragraphs = SourceDocument.paragraphs(
      in: text, from: bodyStart, separators: separators,
      lines: format != .html && offsetMap.isIdentity ? (lineStarts, lineEnds) : nil)
  }

  /// The document `parts` describes, its text released (read again from the file when needed, and used only while
  /// the file holds the text the parts were made from); nil when the parts are not consistent.
  package init?(released parts: Parts) {
    guard parts.isConsistent else { return nil }
    format = parts.format
    frontMatter = parts.frontMatter
    metadata = parts.metadata
    text = []
    textCount = parts.textCount
    lastPageEnd = parts.lastPageEnd
    sectionEnds = parts.sectionEnds
    releasedTextFingerprint = parts.textFingerprint
    fileFingerprint = parts.html?.fileFingerprint
    problems = parts.problems
    textWarnings = parts.html?.textWarnings ?? []
    headings = parts.headings
    paragraphs = parts.paragraphs
    pageStarts = parts.pageStarts
    pageLabels = nil
    bodyStart = parts.bodyStart
    lineStarts = parts.lineStarts
    crlfLines = parts.crlfLines
    fileLength = parts.html?.fileLength ?? parts.textCount
    if let html = parts.html, let map = html.offsetMap(textLength: parts.textCount), let lines = html.visibleLines {
      offsetMap = map
      visibleLines = lines
    } else {
      offsetMap = TextOffsetMap(identityOfLength: parts.textCount)
    }
  }

  /// Whether the text was released to save memory (everything else is kept).
  package var isTextReleased: Bool { releasedTextFingerprint != nil }

  /// The document without its text, for an index to keep when the file can be read again (`restoringText`); nil
  /// when it is released already.
  package func releasingText() -> SourceDocument? {
    guard releasedTextFingerprint == nil else { return nil }
    var copy = self
    copy.releasedTextFingerprint = TextFingerprint.of(text)
    copy.text = []
    return copy
  }

  /// The document with its released text put back from `fileBytes` (the file read again); nil when those bytes are
  /// not the file whose text was released (the file changed since). The text of HTML, or of a file whose invalid
  /// UTF-8 was repaired, is extracted again from the same bytes. A document holding its text is returned as it is.
  package func restoringText(_ fileBytes: [UInt8]) -> SourceDocument? {
    guard let fingerprint = releasedTextFingerprint else { return self }
    let text: [UInt8]
    if let fileFingerprint {
      guard fileBytes.count == fileLength, TextFingerprint.of(fileBytes) == fileFingerprint else { return nil }
      text = Self.text(of: fileBytes, format: format)
    } else {
      text = fileBytes
    }
    guard text.count == textCount, TextFingerprint.of(text) == fingerprint else { return nil }
    var copy = self
    copy.text = text
    copy.releasedTextFingerprint = nil
    return copy
  }

  /// The text `init(parsing:format:)` takes from `bytes`: the file itself, its invalid UTF-8 replaced, or the visible
  /// text of HTML.
  package static func text(of bytes: [UInt8], format: SourceFormat) -> [UInt8] {
    switch format {
    case .markdown, .plainText:
      UTF8Repair.isValid(bytes) ? bytes : repaired(bytes).text
    case .html:
      HTMLText(parsing: bytes).text
    }
  }

  /// `bytes` with their invalid UTF-8 replaced by U+FFFD, and the map from that text to them.
  private static func repaired(_ bytes: [UInt8]) -> (text: [UInt8], map: TextOffsetMap) {
    var repaired: [UInt8] = []
    var map = TextOffsetMap()
    map.fileLength = bytes.count
    bytes.withUnsafeBufferPointer { UTF8Repair.append($0, 0..<bytes.count, to: &repaired, map: &map) }
    return (repaired, map)
  }

  /// The number of lines of the file, counted as the editor does (`""` has 1 line, `"a\n"` has 2).
  package var lineCount: Int { lineStarts.count }

  /// The number of pages of the text (1 when it has no form feed; a blank page after the last form feed is not one).
  package var pageCount: Int { pageStarts.count }

  /// Text offsets → byte offsets in the file; always in bounds and never reversed.
  package func fileRange(ofText range: Range<Int>) -> Range<Int> { offsetMap.fileRange(ofText: range) }

  /// Byte offsets in the file → the text taken from them.
  package func textRange(ofFile range: Range<Int>) -> Range<Int> { offsetMap.textRange(ofFile: range) }

  /// The file range of 1-based line `line`, terminator excluded; nil when there is no such line.
  package func fileRange(ofLine line: Int) -> Range<Int>? {
    guard line >= 1, line <= lineStarts.count else { return nil }
    return Int(lineStarts[line - 1])..<lineEnd(line - 1)
  }

  /// The 1-based line of the file holding file offset `offset`: the last line starting at or before it (1 for an
  /// offset before them all).
  package func fileLine(containing offset: Int) -> Int {
    max(1, lineStarts.partitioningIndex { Int($0) > offset })
  }

  /// The text of a range of `text`, as a String.
  package func string(_ range: Range<Int>) -> String {
    let lower = min(max(range.lowerBound, 0), text.count)
    let upper = min(max(range.upperBound, lower), text.count)
    return String(decoding: text[lower..<upper], as: UTF8.self)
  }
}
