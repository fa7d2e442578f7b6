import GlossSyntax

/// A parsed bibliography (`Bibliography`: its entries and problems) as bytes, field by field, for the note image:
/// a restart takes a bibliography file whose bytes are those it was parsed from without parsing it again.
///
/// Every field of `BibliographyEntry` is written: a new one must be added here too (`BibliographyImageTests` read
/// every bibliography of the fixtures back and compare it with its parse).
enum BibliographyCoding {
  /// Writes `bibliography`.
  static func encode(_ bibliography: Bibliography, into out: inout ByteWriter) {
    out.appendVarint(bibliography.entries.count)
    for entry in bibliography.entries { encode(entry, into: &out) }
    out.appendProblems(bibliography.problems)
  }

  /// Reads a bibliography `encode` wrote; nil when the bytes are damaged.
  static func decode(_ input: inout ByteReader) -> Bibliography? {
    guard let count = input.varintCount(each: 8) else { return nil }
    var entries: [BibliographyEntry] = []
    entries.reserveCapacity(count)
    for _ in 0..<count {
      guard let entry = decodeEntry(&input) else { return nil }
      entries.append(entry)
    }
    guard let problems = input.problems() else { return nil }
    return Bibliography(entries: entries, problems: problems)
  }

  private static func encode(_ entry: BibliographyEntry, into out: inout ByteWriter) {
    out.appendShort(entry.key)
    out.appendRange(entry.keyRange)
    out.appendRange(entry.range)
    out.appendShort(entry.type)
    out.appendOptional(entry.title)
    appendNames(entry.authors, into: &out)
    appendNames(entry.editors, into: &out)
    out.appendOptional(entry.year)
    if let date = entry.date {
      out.appendVarint(date.parts.count)
      for part in date.parts {
        out.appendVarint(part.count)
        for value in part { out.append(value) }
      }
    } else {
      out.appendVarint(0)
    }
    for field in [
      entry.containerTitle, entry.volume, entry.issue, entry.pages, entry.publisher, entry.url, entry.doi,
      entry.abstract, entry.address, entry.isbn, entry.language,
    ] {
      out.appendOptional(field)
    }
    appendStrings(entry.keywords, into: &out)
    appendStrings(entry.files, into: &out)
    out.appendVarint(entry.keyReferences.count)
    for reference in entry.keyReferences {
      out.appendShort(reference.field)
      out.appendShort(reference.key)
      out.appendRange(reference.range)
    }
    if let literal = entry.fileLiteral {
      out.append(UInt8(1))
      out.appendRange(literal.range)
      out.appendShort(literal.text)
    } else {
      out.append(UInt8(0))
    }
    out.appendVarint(entry.linkSpans.count)
    for span in entry.linkSpans {
      let kind: UInt8 =
        switch span.kind {
        case .url: 0
        case .doi: 1
        case .file: 2
        }
      out.append(kind)
      out.appendRange(span.range)
      out.appendShort(span.text)
    }
  }

  private static func decodeEntry(_ input: inout ByteReader) -> BibliographyEntry? {
    guard let key = input.shortString(), let keyRange = input.range(), let range = input.range(),
      let type = input.shortString(), let title = input.optionalString(), let authors = names(&input),
      let editors = names(&input), let year = input.optionalString(), let partCount = input.varint(atMost: 2)
    else { return nil }
    var parts: [[Int]] = []
    for _ in 0..<partCount {
      guard let count = input.varint(atMost: 3) else { return nil }
      var part: [Int] = []
      for _ in 0..<count {
        guard let value = input.int() else { return nil }
        part.append(value)
      }
      parts.append(part)
    }
    var fields: [String?] = []
    for _ in 0..<11 {
      guard let field = input.optionalString() else { return nil }
      fields.append(field)
    }
    guard let keywords = strings(&input), let files = strings(&input), let referenceCount = input.varintCount(each: 3)
    else { return nil }
    var entry = BibliographyEntry(
      key: key, keyRange: keyRange, range: range, type: type, title: title, authors: authors, editors: editors,
      year: year, containerTitle: fields[0], volume: fields[1], issue: fields[2], pages: fields[3],
      publisher: fields[4], url: fields[5], doi: fields[6], abstract: fields[7], files: files)
    entry.address = fields[8]
    entry.isbn = fields[9]
    entry.language = fields[10]
    entry.keywords = keywords
    if partCount > 0 {
      // Written from a date, so made again exactly (a date keeps at most two parts of at most three numbers).
      guard let date = EntryDate(parts: parts), date.parts == parts else { return nil }
      entry.date = date
    }
    for _ in 0..<referenceCount {
      guard let field = input.shortString(), let named = input.shortString(), let range = input.range() else {
        return nil
      }
      entry.keyReferences.append(BibliographyKeyReference(field: field, key: named, range: range))
    }
    switch input.byte() {
    case 0?: break
    case 1?:
      guard let range = input.range(), let text = input.shortString() else { return nil }
      entry.fileLiteral = BibliographyFieldLiteral(range: range, text: text)
    default: return nil
    }
    guard let spanCount = input.varintCount(each: 4) else { return nil }
    for _ in 0..<spanCount {
      let kind: BibliographyLinkSpan.Kind
      switch input.byte() {
      case 0?: kind = .url
      case 1?: kind = .doi
      case 2?: kind = .file
      default: return nil
      }
      guard let range = input.range(), let text = input.shortString() else { return nil }
      entry.linkSpans.append(BibliographyLinkSpan(kind: kind, range: range, text: text))
    }
    return entry
  }

  private static func appendNames(_ names: [PersonName], into out: inout ByteWriter) {
    out.appendVarint(names.count)
    for name in names {
      for part in [
        name.family, name.given, name.literal, name.suffix, name.droppingParticle, name.nonDroppingParticle,
      ] {
        out.appendOptional(part)
      }
    }
  }

  private static func names(_ input: inout ByteReader) -> [PersonName]? {
    guard let count = input.varintCount(each: 6) else { return nil }
    var names: [PersonName] = []
    names.reserveCapacity(count)
    for _ in 0..<count {
      var parts: [String?] = []
      for _ in 0..<6 {
        guard let part = input.optionalString() else { return nil }
        parts.append(part)
      }
      names.append(
        PersonName(
          family: parts[0], given: parts[1], literal: parts[2], suffix: parts[3], droppingParticle: parts[4],
          nonDroppingParticle: parts[5]))
    }
    return names
  }

  private static func appendStrings(_ strings: [String], into out: inout ByteWriter) {
    out.appendVarint(strings.count)
    for string in strings { out.appendShort(string) }
  }

  private static func strings(_ input: inout ByteReader) -> [String]? {
    guard let count = input.varintCount() else { return nil }
    var strings: [String] = []
    strings.reserveCapacity(count)
    for _ in 0..<count {
      guard let string = input.shortString() else { return nil }
      strings.append(string)
    }
    return strings
  }
}
