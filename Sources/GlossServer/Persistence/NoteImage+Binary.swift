import GlossIndex
import GlossSyntax

/// One parsed note written as bytes for the note image (`NoteImage`) and read back: everything `Note(parsing:)` found
/// except the blocks (the index releases them after loading, and parses the text again when they are needed), and the
/// quotations `NoteRecord` read from the text. The rest of the record (title, aliases, bibliography paths, summary) is
/// made again from these, as after a parse.
///
/// Field by field, by hand (`ByteWriter`): varints for lengths, offsets and counts, a byte for each flag or case.
/// A test checks that every note of the test corpora reads back equal to its parse, so a field added to `Note` and
/// not written here fails it.
enum NoteCoding {
  /// Writes `record`'s note and quotations.
  static func encode(_ record: NoteRecord, into out: inout ByteWriter) {
    let note = record.note
    out.appendFrontMatter(note.frontMatter)
    out.appendVarint(note.headings.count)
    for heading in note.headings {
      out.appendVarint(heading.level)
      out.appendShort(heading.text)
      out.appendRange(heading.range)
      out.appendRange(heading.textRange)
      out.appendShort(heading.slug)
      out.append(UInt8((heading.isUnnumbered ? 1 : 0) | (heading.hasIdentifier ? 2 : 0)))
    }
    out.appendVarint(note.citations.count)
    for citation in note.citations {
      out.appendRange(citation.range)
      out.append(UInt8(citation.isBracketed ? 1 : 0))
      out.appendVarint(citation.items.count)
      for item in citation.items {
        out.appendShort(item.key)
        out.appendRange(item.keyRange)
        out.append(item.mode.code)
        out.appendShort(item.prefix)
        out.appendShort(item.suffix)
        out.appendRange(item.suffixRange)
        out.appendRange(item.range)
      }
    }
    out.appendVarint(note.links.count)
    for link in note.links {
      let flags =
        (link.kind == .wiki ? 1 : 0) | (link.isExternal ? 2 : 0) | (link.isImage ? 4 : 0) | (link.isInCitation ? 8 : 0)
        | (link.anchor != nil ? 16 : 0) | (link.anchorRange != nil ? 32 : 0) | (link.label != nil ? 64 : 0)
      out.append(UInt8(flags))
      out.append(Link.Reference.code(of: link.reference))
      out.appendRange(link.range)
      out.appendShort(link.target)
      out.appendRange(link.targetRange)
      if let anchor = link.anchor { out.appendShort(anchor) }
      if let anchorRange = link.anchorRange { out.appendRange(anchorRange) }
      if let label = link.label { out.appendShort(label) }
    }
    out.appendVarint(note.tags.count)
    for tag in note.tags {
      out.appendShort(tag.name)
      out.appendRange(tag.range)
      out.append(UInt8(tag.isInFrontMatter ? 1 : 0))
    }
    out.appendVarint(note.labels.count)
    for label in note.labels {
      out.appendShort(label.id)
      out.appendRange(label.range)
      out.appendShort(label.element.rawValue)
      out.appendShort(label.caption)
    }
    out.appendVarint(note.customCrossrefKinds.count)
    for kind in note.customCrossrefKinds {
      out.appendShort(kind.key)
      out.appendShort(kind.name)
    }
    out.appendProblems(note.problems)
    out.append(UInt8(note.readsAcrossBlocks ? 1 : 0))
    out.appendVarint(note.referenceLabels.count)
    for label in note.referenceLabels.sorted(by: { $0.utf8Precedes($1) }) { out.appendShort(label) }
    out.appendVarint(record.quotations.count)
    for quotation in record.quotations {
      out.append(quotation.kind.code)
      out.appendShort(quotation.text)
      out.appendRange(quotation.range)
      out.appendVarint(quotation.citationIndex)
      out.appendVarint(quotation.itemIndex)
    }
  }

  /// Reads a note written by `encode` as the record of the note at `path`, parsed from `byteCount` bytes; nil when
  /// the bytes are not such a note (the caller parses the text instead).
  static func decode(
    _ input: inout ByteReader, path: String, byteCount: Int, place: WorkspacePlace
  ) -> NoteRecord? {
    var note = Note()
    guard let frontMatter = input.frontMatter() else { return nil }
    note.frontMatter = frontMatter
    guard let headingCount = input.varintCount(each: 8) else { return nil }
    note.headings.reserveCapacity(headingCount)
    for _ in 0..<headingCount {
      guard let level = input.varint(atMost: 255), let text = input.shortString(), let range = input.range(),
        let textRange = input.range(), let slug = input.shortString(), let flags = input.byte()
      else { return nil }
      var heading = Heading(level: level, text: text, range: range, textRange: textRange, slug: slug)
      heading.isUnnumbered = flags & 1 != 0
      heading.hasIdentifier = flags & 2 != 0
      note.headings.append(heading)
    }
    guard let citationCount = input.varintCount(each: 4) else { return nil }
    note.citations.reserveCapacity(citationCount)
    for _ in 0..<citationCount {
      guard let range = input.range(), let bracketed = input.byte(), let itemCount = input.varintCount(each: 10)
      else { return nil }
      var items: [CitationItem] = []
      items.reserveCapacity(itemCount)
      for _ in 0..<itemCount {
        guard let key = input.shortString(), let keyRange = input.range(),
          let mode = input.byte().flatMap(CitationItem.Mode.init(code:)), let prefix = input.shortString(),
          let suffix = input.shortString(), let suffixRange = input.range(), let itemRange = input.range()
        else { return nil }
        items.append(
          CitationItem(
            key: key, keyRange: keyRange, mode: mode, prefix: prefix, suffix: suffix, suffixRange: suffixRange,
            range: itemRange))
      }
      note.citations.append(Citation(range: range, isBracketed: bracketed == 1, items: items))
    }
    guard let linkCount = input.varintCount(each: 7) else { return nil }
    note.links.reserveCapacity(linkCount)
    for _ in 0..<linkCount {
      guard let flags = input.byte(), let referenceCode = input.byte(), let range = input.range(),
        let target = input.shortString(), let targetRange = input.range()
      else { return nil }
      var anchor: String?
      var anchorRange: Range<Int>?
      var label: String?
      if flags & 16 != 0 {
        guard let read = input.shortString() else { return nil }
        anchor = read
      }
      if flags & 32 != 0 {
        guard let read = input.range() else { return nil }
        anchorRange = read
      }
      if flags & 64 != 0 {
        guard let read = input.shortString() else { return nil }
        label = read
      }
      var link = Link(
        kind: flags & 1 != 0 ? .wiki : .markdown, range: range, target: target, targetRange: targetRange,
        anchor: anchor, anchorRange: anchorRange, label: label, isExternal: flags & 2 != 0, isImage: flags & 4 != 0)
      link.isInCitation = flags & 8 != 0
      guard let reference = Link.Reference.decoded(referenceCode) else { return nil }
      link.reference = reference
      note.links.append(link)
    }
    guard let tagCount = input.varintCount(each: 4) else { return nil }
    note.tags.reserveCapacity(tagCount)
    for _ in 0..<tagCount {
      guard let name = input.shortString(), let range = input.range(), let flag = input.byte() else { return nil }
      note.tags.append(TagUse(name: name, range: range, isInFrontMatter: flag == 1))
    }
    guard let labelCount = input.varintCount(each: 5) else { return nil }
    for _ in 0..<labelCount {
      guard let id = input.shortString(), let range = input.range(),
        let element = input.shortString().flatMap(CrossrefLabel.Element.init(rawValue:)),
        let caption = input.shortString()
      else { return nil }
      note.labels.append(CrossrefLabel(id: id, range: range, element: element, caption: caption))
    }
    guard let kindCount = input.varintCount(each: 2) else { return nil }
    for _ in 0..<kindCount {
      guard let key = input.shortString(), let name = input.shortString() else { return nil }
      note.customCrossrefKinds.append(CrossrefKind(key: key, name: name))
    }
    guard let problems = input.problems() else { return nil }
    note.problems = problems
    guard let across = input.byte(), let referenceCount = input.varintCount(each: 1) else { return nil }
    note.readsAcrossBlocks = across == 1
    for _ in 0..<referenceCount {
      guard let label = input.shortString() else { return nil }
      note.referenceLabels.insert(label)
    }
    guard let quotationCount = input.varintCount(each: 5) else { return nil }
    var quotations: [AttributedQuotation] = []
    quotations.reserveCapacity(quotationCount)
    for _ in 0..<quotationCount {
      guard let kind = input.byte().flatMap(AttributedQuotation.Kind.init(code:)), let text = input.shortString(),
        let range = input.range(),
        let citationIndex = input.varint(atMost: Int(Int32.max)), let itemIndex = input.varint(atMost: Int(Int32.max))
      else { return nil }
      quotations.append(
        AttributedQuotation(
          kind: kind, text: text, range: range, citationIndex: citationIndex, itemIndex: itemIndex))
    }
    var record = NoteRecord(path: path, note: note, quotations: quotations, byteCount: byteCount, place: place)
    // The blocks were not kept: what needs them parses the text again (`NoteRecord.withBlocks`).
    record.releaseBlocks()
    return record
  }
}

extension CitationItem.Mode {
  /// The mode as one byte in the note image.
  fileprivate var code: UInt8 {
    switch self {
    case .normalCitation: 0
    case .authorInText: 1
    case .suppressAuthor: 2
    }
  }

  /// The mode written as `code`.
  fileprivate init?(code: UInt8) {
    switch code {
    case 0: self = .normalCitation
    case 1: self = .authorInText
    case 2: self = .suppressAuthor
    default: return nil
    }
  }
}

extension Link.Reference {
  /// A link's reference (none, a definition, a use) as one byte in the note image.
  fileprivate static func code(of reference: Link.Reference?) -> UInt8 {
    switch reference {
    case nil: 0
    case .definition?: 1
    case .use?: 2
    }
  }

  /// The reference written as `code(of:)`: `.some(nil)` for none, nil for a byte that is no code.
  fileprivate static func decoded(_ code: UInt8) -> Link.Reference?? {
    switch code {
    case 0: .some(nil)
    case 1: .some(.definition)
    case 2: .some(.use)
    default: nil
    }
  }
}

extension AttributedQuotation.Kind {
  /// The kind as one byte in the note image.
  fileprivate var code: UInt8 {
    switch self {
    case .inline: 0
    case .inSuffix: 1
    case .blockQuote: 2
    }
  }

  /// The kind written as `code`.
  fileprivate init?(code: UInt8) {
    switch code {
    case 0: self = .inline
    case 1: self = .inSuffix
    case 2: self = .blockQuote
    default: return nil
    }
  }
}
