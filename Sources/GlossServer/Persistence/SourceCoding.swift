import GlossIndex
import GlossSyntax

/// One source document whose text is its file, or one HTML page, written as bytes for the note image (`NoteImage`)
/// and read back: its key and the document's parts (`SourceDocument.Parts`: metadata, headings, paragraphs, pages,
/// lines; for HTML the text's length and fingerprint, the reading's warnings, the map from the text to the page and
/// each line's visible bounds), without its text, which is read again from the file when needed (extracted again
/// from a page) and used only while the file is the one the parts were made from.
///
/// Field by field, by hand (`ByteWriter`), as `NoteCoding`. A test checks that every source of the test corpora reads
/// back equal to its parse, released.
enum SourceCoding {
  /// Writes `record`, whose document's parts are `parts`.
  static func encode(_ record: SourceDocumentRecord, parts: SourceDocument.Parts, into out: inout ByteWriter) {
    out.appendShort(record.key)
    out.appendRange(record.keyRange)
    out.append(parts.format == .markdown ? UInt8(0) : parts.format == .plainText ? UInt8(1) : UInt8(2))
    // HTML: the text's length and fingerprint (the entry's are the file's).
    if parts.html != nil {
      out.appendVarint(parts.textCount)
      out.append(parts.textFingerprint)
    }
    out.appendFrontMatter(parts.frontMatter)
    let metadata = parts.metadata
    out.appendOptional(metadata.id)
    out.appendOptional(metadata.title)
    out.appendVarint(metadata.authors.count)
    for name in metadata.authors {
      for part in [
        name.family, name.given, name.literal, name.suffix, name.droppingParticle, name.nonDroppingParticle,
      ] {
        out.appendOptional(part)
      }
    }
    out.appendOptional(metadata.year)
    out.appendOptional(metadata.url)
    out.appendVarint(metadata.tags.count)
    for tag in metadata.tags { out.appendShort(tag) }
    out.appendVarint(parts.lastPageEnd)
    out.appendVarints(parts.sectionEnds)
    out.appendProblems(parts.problems)
    out.appendVarint(parts.headings.count)
    for heading in parts.headings {
      out.appendVarint(heading.level)
      out.appendShort(heading.text)
      out.appendOptional(heading.number)
      out.appendShort(heading.slug)
      out.appendRange(heading.textRange)
      out.appendRange(heading.range)
    }
    out.appendRanges(parts.paragraphs)
    out.appendVarints(parts.pageStarts)
    out.appendVarint(parts.bodyStart)
    // Line starts ascend: each is written as its distance from the one before (a byte or two).
    out.appendVarint(parts.lineStarts.count)
    var previous: Int32 = 0
    for start in parts.lineStarts {
      out.appendVarint(Int(start &- previous))
      previous = start
    }
    out.appendVarints(parts.crlfLines)
    // HTML: the warnings, the offset map and the lines' visible bounds.
    if let html = parts.html {
      out.appendProblems(html.textWarnings)
      out.appendVarint(html.mapFileLength)
      out.appendVarint(html.segmentTextStarts.count)
      for index in html.segmentTextStarts.indices {
        out.appendVarint(Int(html.segmentTextStarts[index]))
        out.appendVarint(Int(html.segmentFileStarts[index]))
        out.appendVarint(Int(html.segmentFileEnds[index]))
        out.append(html.segmentsVerbatim[index] ? UInt8(1) : UInt8(0))
      }
      out.appendVarint(html.visibleStarts.count)
      for (start, end) in zip(html.visibleStarts, html.visibleEnds) {
        out.appendVarint(Int(start))
        out.appendVarint(Int(end))
      }
    }
  }

  /// Reads a source written by `encode` as the record of the source at `path`, whose text has `textCount` bytes with
  /// the fingerprint `fingerprint`; nil when the bytes are not such a source (the caller reads and parses the file).
  static func decode(
    _ input: inout ByteReader, path: String, textCount fileCount: Int, fingerprint fileFingerprint: UInt64
  ) -> SourceDocumentRecord? {
    guard let key = input.shortString(), let keyRange = input.range(), let formatCode = input.byte(), formatCode <= 2
    else { return nil }
    // The text is the file, but for HTML.
    var textCount = fileCount
    var fingerprint = fileFingerprint
    if formatCode == 2 {
      guard let count = input.varint(atMost: Int(Int32.max)), let textFingerprint = input.uint64() else { return nil }
      textCount = count
      fingerprint = textFingerprint
    }
    guard let frontMatter = input.frontMatter(), let id = input.optionalString(), let title = input.optionalString(),
      let authorCount = input.varintCount(each: 6)
    else { return nil }
    var authors: [PersonName] = []
    authors.reserveCapacity(authorCount)
    for _ in 0..<authorCount {
      guard let family = input.optionalString(), let given = input.optionalString(),
        let literal = input.optionalString(), let suffix = input.optionalString(),
        let dropping = input.optionalString(), let nonDropping = input.optionalString()
      else { return nil }
      authors.append(
        PersonName(
          family: family, given: given, literal: literal, suffix: suffix, droppingParticle: dropping,
          nonDroppingParticle: nonDropping))
    }
    guard let year = input.optionalString(), let url = input.optionalString(), let tagCount = input.varintCount()
    else { return nil }
    var tags: [String] = []
    for _ in 0..<tagCount {
      guard let tag = input.shortString() else { return nil }
      tags.append(tag)
    }
    guard let lastPageEnd = input.varint(atMost: textCount), let sectionEnds = input.varints(),
      let problems = input.problems()
    else { return nil }
    guard let headingCount = input.varintCount(each: 8) else { return nil }
    var headings: [SourceHeading] = []
    headings.reserveCapacity(headingCount)
    for _ in 0..<headingCount {
      guard let level = input.varint(atMost: 255), let text = input.shortString(), let number = input.optionalString(),
        let slug = input.shortString(), let textRange = input.range(), let range = input.range()
      else { return nil }
      headings.append(
        SourceHeading(level: level, text: text, number: number, slug: slug, textRange: textRange, range: range))
    }
    guard let paragraphs = input.ranges(), let pageStarts = input.varints(),
      let bodyStart = input.varint(atMost: textCount),
      let lineCount = input.varintCount()
    else { return nil }
    var lineStarts: [Int32] = []
    lineStarts.reserveCapacity(lineCount)
    var start = 0
    for _ in 0..<lineCount {
      guard let step = input.varint(atMost: fileCount - start) else { return nil }
      start += step
      lineStarts.append(Int32(truncatingIfNeeded: start))
    }
    guard let crlfLines = input.varints32() else { return nil }
    var html: SourceDocument.HTMLParts?
    if formatCode == 2 {
      guard let parts = decodeHTML(&input, fileCount: fileCount, fileFingerprint: fileFingerprint) else { return nil }
      html = parts
    }
    guard
      let document = SourceDocument(
        released: SourceDocument.Parts(
          format: formatCode == 0 ? .markdown : formatCode == 1 ? .plainText : .html, frontMatter: frontMatter,
          metadata: SourceMetadata(id: id, title: title, authors: authors, year: year, url: url, tags: tags),
          textCount: textCount, textFingerprint: fingerprint, lastPageEnd: lastPageEnd, sectionEnds: sectionEnds,
          problems: problems, headings: headings, paragraphs: paragraphs, pageStarts: pageStarts,
          bodyStart: bodyStart, lineStarts: lineStarts, crlfLines: crlfLines, html: html))
    else { return nil }
    return SourceDocumentRecord(path: path, document: document, key: key, keyRange: keyRange)
  }

  /// Reads what `encode` writes of an HTML document after the parts every document has, for a file of `fileCount`
  /// bytes with `fileFingerprint`; nil when the bytes are not such parts.
  private static func decodeHTML(_ input: inout ByteReader, fileCount: Int, fileFingerprint: UInt64)
    -> SourceDocument.HTMLParts?
  {
    guard let warnings = input.problems(), let mapFileLength = input.varint(atMost: Int(Int32.max)),
      let segmentCount = input.varintCount(each: 4)
    else { return nil }
    var (textStarts, fileStarts, fileEnds, verbatim) = ([Int32](), [Int32](), [Int32](), [Bool]())
    textStarts.reserveCapacity(segmentCount)
    fileStarts.reserveCapacity(segmentCount)
    fileEnds.reserveCapacity(segmentCount)
    verbatim.reserveCapacity(segmentCount)
    for _ in 0..<segmentCount {
      guard let textStart = input.varint(atMost: Int(Int32.max)), let fileStart = input.varint(atMost: Int(Int32.max)),
        let fileEnd = input.varint(atMost: Int(Int32.max)), let flag = input.byte(), flag <= 1
      else { return nil }
      textStarts.append(Int32(textStart))
      fileStarts.append(Int32(fileStart))
      fileEnds.append(Int32(fileEnd))
      verbatim.append(flag == 1)
    }
    guard let lineCount = input.varintCount(each: 2) else { return nil }
    var (starts, ends) = ([Int32](), [Int32]())
    starts.reserveCapacity(lineCount)
    ends.reserveCapacity(lineCount)
    for _ in 0..<lineCount {
      guard let start = input.varint(atMost: Int(Int32.max)), let end = input.varint(atMost: Int(Int32.max)) else {
        return nil
      }
      starts.append(Int32(start))
      ends.append(Int32(end))
    }
    return SourceDocument.HTMLParts(
      fileLength: fileCount, fileFingerprint: fileFingerprint, textWarnings: warnings, mapFileLength: mapFileLength,
      segmentTextStarts: textStarts, segmentFileStarts: fileStarts, segmentFileEnds: fileEnds,
      segmentsVerbatim: verbatim, visibleStarts: starts, visibleEnds: ends)
  }
}
