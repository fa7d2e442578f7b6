extension BibliographyEntry {
  /// An entry from the raw fields of a BibTeX entry, decoded for display.
  init(bibTeXType type: String, key: String, keyRange: Range<Int>, range: Range<Int>, fields rawFields: [BibTeXField]) {
    self.init(key: key, keyRange: keyRange, range: range, type: type)
    var date: String?
    var journal: String?
    var bookTitle: String?
    var number: String?
    var month: String?
    var day: String?
    // Every field decoded, by name: what the title and container are joined from. The entry keeps only its typed
    // fields (nothing reads the others), not this table: it cost about 500 bytes an entry.
    var fields: [String: String] = [:]
    fields.reserveCapacity(rawFields.count)
    for field in rawFields {
      let value = field.value
      let text: String
      switch field.name {
      case "author":
        authors = PersonName.bibTeXNames(field.value)
        text = LaTeX.decode(value)
      case "editor":
        editors = PersonName.bibTeXNames(field.value)
        text = LaTeX.decode(value)
      case "url", "doi", "eprint", "isbn", "issn":
        text = LaTeX.verbatim(value)
        if field.name == "url" || field.name == "doi", let range = field.literalRange, !field.isInherited,
          !text.isEmpty
        {
          linkSpans.append(
            BibliographyLinkSpan(
              kind: field.name == "url" ? .url : .doi, range: Self.trimmed(range, in: value), text: text))
        }
      case "file":
        let spans = Self.filePathSpans(field.value)
        files = spans.map(\.path)
        text = LaTeX.verbatim(value)
        if let range = field.literalRange, !field.isInherited {
          fileLiteral = BibliographyFieldLiteral(range: range, text: String(decoding: value, as: UTF8.self))
          linkSpans += spans.map { BibliographyLinkSpan(kind: .file, range: $0.range, text: $0.path) }
        }
      case "crossref", "xref", "xdata":
        text = LaTeX.verbatim(value)
        if let range = field.literalRange, !field.isInherited {
          // The key without the spaces around it, which BibTeX ignores.
          let trimmed = value.trimming(range) { $0 == 0x20 || $0 == 0x09 }
          let (lower, upper) = (trimmed.lowerBound, trimmed.upperBound)
          if lower < upper {
            keyReferences.append(
              BibliographyKeyReference(
                field: field.name, key: String(decoding: value[lower..<upper], as: UTF8.self), range: lower..<upper))
          }
        }
      default:
        text = LaTeX.decode(value)
      }
      fields[field.name] = text
      guard !text.isEmpty else { continue }
      switch field.name {
      case "year": year = text
      case "date": date = text
      case "month": month = text
      case "day": day = text
      case "journaltitle": containerTitle = text
      case "journal": journal = text
      case "booktitle": bookTitle = text
      case "volume": volume = text
      case "number": number = text
      case "issue": issue = text
      case "pages": pages = text
      case "publisher": publisher = text
      case "url": url = text
      case "doi": doi = text
      case "abstract": abstract = text
      default: break
      }
    }
    // Like Pandoc, `date` wins over `year`, `month` and `day`; the label's year is the one written in `year`.
    self.date =
      date.flatMap { EntryDate.parse(iso: $0) } ?? year.flatMap { EntryDate.from(year: $0, month: month, day: day) }
    year = year ?? date.flatMap(Self.leadingYear)
    // Like Pandoc, the subtitle follows the title after a colon and the addon after a period.
    title = Self.joinedTitle(fields["title"], fields["subtitle"], fields["titleaddon"])
    containerTitle = Self.joinedTitle(containerTitle ?? journal, fields["journalsubtitle"], nil)
    // Like Pandoc, a `booktitle` is the container only of a part of a book (`@misc` ignores it).
    if containerTitle == nil, Self.partOfBookTypes.contains(type) {
      containerTitle = Self.joinedTitle(bookTitle, fields["booksubtitle"], fields["booktitleaddon"])
    }
    // Like Pandoc, a whole issue of a periodical is also its own container.
    if containerTitle == nil, type == "periodical" { containerTitle = title }
    // BibLaTeX names win over their BibTeX synonyms: `number` over `issue`.
    issue = number ?? issue
  }

  /// The entry types whose `booktitle` names the book they are part of.
  private static let partOfBookTypes: Set<String> = [
    "inbook", "incollection", "inproceedings", "inreference", "conference", "bookinbook", "suppbook",
    "suppcollection",
  ]

  /// `title: subtitle. addon`, as Pandoc joins them: no colon or period after a title ending in punctuation.
  static func joinedTitle(_ title: String?, _ subtitle: String?, _ addon: String?) -> String? {
    func join(_ head: String?, _ tail: String?, _ separator: String) -> String? {
      guard let tail, !tail.isEmpty else { return head.flatMap { $0.isEmpty ? nil : $0 } }
      guard let head, let last = head.last else { return tail }
      return "!?.,:;".contains(last) ? head + " " + tail : head + separator + " " + tail
    }
    return join(join(title, subtitle, ":"), addon, ".")
  }

  /// The year at the start of an ISO/EDTF date (`2020-05-01`, `2020/2021`, `-0044`), or nil.
  static func leadingYear(_ date: String) -> String? {
    let scalars = date.unicodeScalars
    var digits = ""
    for scalar in scalars.drop(while: { $0 == " " }) {
      guard scalar.value >= 0x30 && scalar.value <= 0x39 else { break }
      digits.unicodeScalars.append(scalar)
    }
    return digits.isEmpty ? nil : digits
  }

  /// The paths of a `file` field with where each is written in `raw` (indices of `raw`, blanks and braces around
  /// the path excluded): a plain path, or JabRef/Zotero `desc:path:type` items separated by `;`.
  ///
  /// `\:`, `\;` and `\\` are escapes (Zotero, JabRef); a one-letter first part is a Windows drive (`C:\x.pdf`).
  static func filePathSpans(_ raw: ArraySlice<UInt8>) -> [(path: String, range: Range<Int>)] {
    var items: [[(text: String, range: Range<Int>)]] = [[]]
    var current: [UInt8] = []
    var partStart = raw.startIndex
    var j = raw.startIndex
    func endPart(at end: Int) {
      items[items.count - 1].append(
        (String(decoding: current, as: UTF8.self).trimmingBlanks(), trimmed(partStart..<end, in: raw)))
      current = []
      partStart = end + 1
    }
    while j < raw.endIndex {
      let byte = raw[j]
      if byte == UInt8(ascii: "\\"), j + 1 < raw.endIndex,
        [UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "\\")].contains(raw[j + 1]) || LaTeX.isEscapable(raw[j + 1])
      {
        current.append(raw[j + 1])
        j += 2
        continue
      }
      if byte == UInt8(ascii: ":") {
        endPart(at: j)
      } else if byte == UInt8(ascii: ";") {
        endPart(at: j)
        items.append([])
      } else if byte != UInt8(ascii: "{") && byte != UInt8(ascii: "}") {
        current.append(byte)
      }
      j += 1
    }
    endPart(at: raw.endIndex)
    var paths: [(path: String, range: Range<Int>)] = []
    for parts in items {
      let path: String
      let range: Range<Int>
      switch parts.count {
      case 0: continue
      case 1: (path, range) = (parts[0].text, parts[0].range)
      case 2 where parts[0].text.count == 1:
        (path, range) = (parts[0].text + ":" + parts[1].text, parts[0].range.lowerBound..<parts[1].range.upperBound)
      case 2: (path, range) = (parts[1].text, parts[1].range)
      default:
        // Unescaped Windows drive letters (`desc:C:\x.pdf:PDF`) split the path itself.
        let middle = parts[1..<(parts.count - 1)]
        path = middle.map(\.text).joined(separator: ":")
        range = (middle.first?.range.lowerBound ?? 0)..<(middle.last?.range.upperBound ?? 0)
      }
      if !path.isEmpty { paths.append((path, range)) }
    }
    return paths
  }

  /// `range` of `raw` without the blanks and braces at either end.
  static func trimmed(_ range: Range<Int>, in raw: ArraySlice<UInt8>) -> Range<Int> {
    raw.trimming(range) { LaTeX.isBlank($0) || $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }
  }
}

extension String {
  /// The string without leading and trailing spaces, tabs and newlines.
  fileprivate func trimmingBlanks() -> String {
    let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
    guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else {
      return ""
    }
    return String(self[first...last])
  }
}
