/// What a source document whose text is its file, or an HTML page, keeps once its text is released, field by field:
/// what an image kept between runs holds, so that a start takes the document without reading and parsing its file
/// again.
extension SourceDocument {
  /// The parts of a released Markdown or plain-text document whose text is its file (valid UTF-8, no page labels), or
  /// of an HTML page (with `html`: its text is extracted again from exactly the page it was parsed from).
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
    /// What an HTML document keeps besides (its text is not its file); nil for Markdown and plain text.
    package var html: HTMLParts?

    /// Parts from their fields.
    package init(
      format: SourceFormat, frontMatter: FrontMatter?, metadata: SourceMetadata, textCount: Int,
      textFingerprint: UInt64, lastPageEnd: Int, sectionEnds: [Int], problems: [SyntaxProblem],
      headings: [SourceHeading], paragraphs: [Range<Int>], pageStarts: [Int], bodyStart: Int, lineStarts: [Int32],
      crlfLines: [Int32], html: HTMLParts? = nil
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
      self.html = html
    }

    /// The length of the file the parts were made from: the text's, but for HTML.
    package var fileCount: Int { html?.fileLength ?? textCount }

    /// `TextFingerprint.of` the file the parts were made from: the text's, but for HTML.
    package var fileFingerprint: UInt64 { html?.fileFingerprint ?? textFingerprint }

    /// Whether every offset lies in a text of `textCount` bytes, in order: parts that do not are never made into a
    /// document (an image written by another parser, or damaged in a way its checksum missed).
    var isConsistent: Bool {
      let count = textCount
      func inText(_ range: Range<Int>) -> Bool { range.lowerBound >= 0 && range.upperBound <= count }
      // The lines are the file's: for HTML, another length than the text's.
      let fileLength = html?.fileLength ?? count
      guard (format == .html) == (html != nil) else { return false }
      if let html {
        guard html.offsetMap(textLength: count) != nil, html.visibleLines?.count == lineStarts.count,
          html.textWarnings.allSatisfy({ $0.range.lowerBound >= 0 && $0.range.upperBound <= fileLength })
        else { return false }
      }
      return count >= 0 && (0...count).contains(lastPageEnd) && (0...count).contains(bodyStart)
        && lineStarts.first == 0 && zip(lineStarts, lineStarts.dropFirst()).allSatisfy { $0 < $1 }
        && Int(lineStarts.last ?? 0) <= fileLength && crlfLines.allSatisfy { $0 >= 0 && Int($0) < lineStarts.count }
        && pageStarts.first == 0 && zip(pageStarts, pageStarts.dropFirst()).allSatisfy { $0 <= $1 }
        && (pageStarts.last ?? 0) <= count && sectionEnds.count == headings.count
        && sectionEnds.allSatisfy { (0...count).contains($0) } && paragraphs.allSatisfy(inText)
        && headings.allSatisfy { inText($0.range) && inText($0.textRange) }
        && (frontMatter.map { inText($0.range) } ?? true)
    }
  }

  /// Whether this document's text is its file (Markdown or plain text, valid UTF-8, no page labels).
  package var textIsFile: Bool {
    format != .html && offsetMap.isIdentity && fileFingerprint == nil && pageLabels == nil && textWarnings.isEmpty
      && visibleLines == VisibleLines()
  }

  /// Whether this document has `parts`: its text is its file, or it is HTML (whose text is extracted again from the
  /// file when needed).
  package var hasParts: Bool {
    textIsFile || (format == .html && fileFingerprint != nil && pageLabels == nil)
  }

  /// The length and fingerprint of the file this document was parsed from, when it has `parts`: its text's when that
  /// is the file.
  package var fileStamp: (count: Int, fingerprint: UInt64)? {
    if let textStamp { return textStamp }
    guard hasParts, let fileFingerprint else { return nil }
    return (fileLength, fileFingerprint)
  }

  /// The length and fingerprint of the text this document was parsed from, when its text is its file (`parts`).
  package var textStamp: (count: Int, fingerprint: UInt64)? {
    guard textIsFile else { return nil }
    return (textCount, releasedTextFingerprint ?? TextFingerprint.of(text))
  }

  /// This document's parts when its text is its file (Markdown or plain text, valid UTF-8, no page labels) or it is
  /// HTML, its text released or not (the fingerprint is then worked out here); nil for any other document.
  package var parts: Parts? {
    guard hasParts else { return nil }
    var html: HTMLParts?
    if format == .html, let fileFingerprint {
      let segments = offsetMap.segments
      let bounds = visibleLines.bounds
      html = HTMLParts(
        fileLength: fileLength, fileFingerprint: fileFingerprint, textWarnings: textWarnings,
        mapFileLength: offsetMap.fileLength, segmentTextStarts: segments.map(\.textStart),
        segmentFileStarts: segments.map(\.fileStart), segmentFileEnds: segments.map(\.fileEnd),
        segmentsVerbatim: segments.map(\.isVerbatim), visibleStarts: bounds.starts, visibleEnds: bounds.ends)
    }
    return Parts(
      format: format, frontMatter: frontMatter, metadata: metadata, textCount: textCount,
      textFingerprint: releasedTextFingerprint ?? TextFingerprint.of(text), lastPageEnd: lastPageEnd,
      sectionEnds: sectionEnds, problems: problems, headings: headings, paragraphs: paragraphs, pageStarts: pageStarts,
      bodyStart: bodyStart, lineStarts: lineStarts, crlfLines: crlfLines, html: html)
  }
}

extension SourceDocument {
  /// What an HTML document keeps besides the parts every document has: its file's length and fingerprint (the text is
  /// extracted again from exactly that file), the warnings of reading it, the map from its text to its file, and where
  /// the visible text of each line starts and ends.
  package struct HTMLParts: Hashable, Sendable {
    package var fileLength: Int
    package var fileFingerprint: UInt64
    package var textWarnings: [SyntaxProblem]
    package var mapFileLength: Int
    package var segmentTextStarts: [Int32]
    package var segmentFileStarts: [Int32]
    package var segmentFileEnds: [Int32]
    package var segmentsVerbatim: [Bool]
    package var visibleStarts: [Int32]
    package var visibleEnds: [Int32]

    /// HTML parts from their fields.
    package init(
      fileLength: Int, fileFingerprint: UInt64, textWarnings: [SyntaxProblem], mapFileLength: Int,
      segmentTextStarts: [Int32], segmentFileStarts: [Int32], segmentFileEnds: [Int32], segmentsVerbatim: [Bool],
      visibleStarts: [Int32], visibleEnds: [Int32]
    ) {
      self.fileLength = fileLength
      self.fileFingerprint = fileFingerprint
      self.textWarnings = textWarnings
      self.mapFileLength = mapFileLength
      self.segmentTextStarts = segmentTextStarts
      self.segmentFileStarts = segmentFileStarts
      self.segmentFileEnds = segmentFileEnds
      self.segmentsVerbatim = segmentsVerbatim
      self.visibleStarts = visibleStarts
      self.visibleEnds = visibleEnds
    }

    /// The map from a text of `textLength` bytes to the file; nil when the segments do not fit them.
    func offsetMap(textLength: Int) -> TextOffsetMap? {
      let count = segmentTextStarts.count
      guard segmentFileStarts.count == count, segmentFileEnds.count == count, segmentsVerbatim.count == count,
        mapFileLength >= 0
      else { return nil }
      let segments = (0..<count).map { index in
        TextOffsetMap.Segment(
          textStart: segmentTextStarts[index], fileStart: segmentFileStarts[index],
          fileEnd: segmentFileEnds[index], isVerbatim: segmentsVerbatim[index])
      }
      return TextOffsetMap(segments: segments, textLength: textLength, fileLength: mapFileLength)
    }

    /// The lines' visible bounds; nil when there are not as many starts as ends.
    var visibleLines: VisibleLines? { VisibleLines(starts: visibleStarts, ends: visibleEnds) }
  }
}
