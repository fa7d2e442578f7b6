/// What a source document whose text is its file keeps once its text is released, field by field: what an image kept
/// between runs holds, so that a start takes the document without reading and parsing its file again.
extension SourceDocument {
  /// The parts of a released Markdown or plain-text document whose text is its file (valid UTF-8, no page labels).
  package struct Parts: Hashable, Sendable {
    package var format: SourceFormat
    package var frontMatter: FrontMatter?
    package var metadata: SourceMetadata
    /// The length of the text (the file's).
    package var textCount: Int
    /// `TextFingerprint.of` the text.
    package var textFingerprint: UInt64
    package var lastPageEnd: Int
    package var sectionEnds: [Int]
    package var problems: [SyntaxProblem]
    package var headings: [SourceHeading]
    package var paragraphs: [Range<Int>]
    package var pageStarts: [Int]
    package var bodyStart: Int
    package var lineStarts: [Int32]
    package var crlfLines: [Int32]

    /// Parts from their fields.
    package init(
      format: SourceFormat, frontMatter: FrontMatter?, metadata: SourceMetadata, textCount: Int,
      textFingerprint: UInt64, lastPageEnd: Int, sectionEnds: [Int], problems: [SyntaxProblem],
      headings: [SourceHeading], paragraphs: [Range<Int>], pageStarts: [Int], bodyStart: Int, lineStarts: [Int32],
      crlfLines: [Int32]
    ) {
      self.format = format
      self.frontMatter = frontMatter
      self.metadata = metadata
      self.textCount = textCount
      self.textFingerprint = textFingerprint
      self.lastPageEnd = lastPageEnd
      self.sectionEnds = sectionEnds
      self.problems = problems
      self.headings = headings
      self.paragraphs = paragraphs
      self.pageStarts = pageStarts
      self.bodyStart = bodyStart
      self.lineStarts = lineStarts
      self.crlfLines = crlfLines
    }

    /// Whether every offset lies in a text of `textCount` bytes, in order: parts that do not are never made into a
    /// document (an image written by another parser, or damaged in a way its checksum missed).
    var isConsistent: Bool {
      let count = textCount
      func inText(_ range: Range<Int>) -> Bool { range.lowerBound >= 0 && range.upperBound <= count }
      return format != .html && count >= 0 && (0...count).contains(lastPageEnd) && (0...count).contains(bodyStart)
        && lineStarts.first == 0 && zip(lineStarts, lineStarts.dropFirst()).allSatisfy { $0 < $1 }
        && Int(lineStarts.last ?? 0) <= count && crlfLines.allSatisfy { $0 >= 0 && Int($0) < lineStarts.count }
        && pageStarts.first == 0 && zip(pageStarts, pageStarts.dropFirst()).allSatisfy { $0 <= $1 }
        && (pageStarts.last ?? 0) <= count && sectionEnds.count == headings.count
        && sectionEnds.allSatisfy { (0...count).contains($0) } && paragraphs.allSatisfy(inText)
        && headings.allSatisfy { inText($0.range) && inText($0.textRange) }
        && (frontMatter.map { inText($0.range) } ?? true)
    }
  }

  /// Whether this document's text is its file (Markdown or plain text, valid UTF-8, no page labels): it has `parts`.
  package var hasParts: Bool {
    format != .html && offsetMap.isIdentity && fileFingerprint == nil && pageLabels == nil && textWarnings.isEmpty
      && visibleLines == VisibleLines()
  }

  /// The length and fingerprint of the text this document was parsed from, when its text is its file (`parts`).
  package var textStamp: (count: Int, fingerprint: UInt64)? {
    guard hasParts else { return nil }
    return (textCount, releasedTextFingerprint ?? TextFingerprint.of(text))
  }

  /// This document's parts when its text is its file (Markdown or plain text, valid UTF-8, no page labels), its text
  /// released or not (the fingerprint is then worked out here); nil for any other document.
  package var parts: Parts? {
    guard let stamp = textStamp else { return nil }
    return Parts(
      format: format, frontMatter: frontMatter, metadata: metadata, textCount: textCount,
      textFingerprint: stamp.fingerprint, lastPageEnd: lastPageEnd,
      sectionEnds: sectionEnds, problems: problems, headings: headings, paragraphs: paragraphs, pageStarts: pageStarts,
      bodyStart: bodyStart, lineStarts: lineStarts, crlfLines: crlfLines)
  }
}
