extension BibliographyEntry {
  /// An entry from the raw fields of a BibTeX entry, decoded for display.
  init(bibTeXType type: String, key: String, keyRange: Range<Int>, range: Range<Int>, fields rawFields: [BibTeXField]) {
    self.init(key: key, keyRange: keyRange, range: range, type: type)
    for field in rawFields {
      let value = field.value[...]
      switch field.name {
      case "author":
        authors = PersonName.bibTeXNames(field.value)
        fields[field.name] = LaTeX.decode(value)
      case "editor":
        editors = PersonName.bibTeXNames(field.value)
        fields[field.name] = LaTeX.decode(value)
      case "url", "doi", "eprint", "isbn", "issn":
        fields[field.name] = LaTeX.verbatim(value)
      case "file":
        files = Self.filePaths(field.value)
        fields[field.name] = LaTeX.verbatim(value)
      default:
        fields[field.name] = LaTeX.decode(value)
      }
    }
    title = nonEmpty("title")
    year = nonEmpty("year") ?? fields["date"].flatMap(Self.leadingYear)
    containerTitle = nonEmpty("journaltitle") ?? nonEmpty("journal") ?? nonEmpty("booktitle")
    volume = nonEmpty("volume")
    issue = nonEmpty("number") ?? nonEmpty("issue")
    pages = nonEmpty("pages")
    publisher = nonEmpty("publisher")
    url = nonEmpty("url")
    doi = nonEmpty("doi")
    abstract = nonEmpty("abstract")
  }

  private func nonEmpty(_ name: String) -> String? {
    guard let value = fields[name], !value.isEmpty else { return nil }
    return value
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

  /// The paths of a `file` field: a plain path, or JabRef/Zotero `desc:path:type` items separated by `;`.
  ///
  /// `\:`, `\;` and `\\` are escapes (Zotero, JabRef); a one-letter first part is a Windows drive (`C:\x.pdf`).
  static func filePaths(_ raw: [UInt8]) -> [String] {
    var items: [[String]] = [[]]
    var current: [UInt8] = []
    var j = 0
    func endPart() {
      items[items.count - 1].append(String(decoding: current, as: UTF8.self))
      current = []
    }
    while j < raw.count {
      let byte = raw[j]
      if byte == UInt8(ascii: "\\"), j + 1 < raw.count,
        [UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "\\")].contains(raw[j + 1]) || LaTeX.isEscapable(raw[j + 1])
      {
        current.append(raw[j + 1])
        j += 2
        continue
      }
      if byte == UInt8(ascii: ":") {
        endPart()
      } else if byte == UInt8(ascii: ";") {
        endPart()
        items.append([])
      } else if byte != UInt8(ascii: "{") && byte != UInt8(ascii: "}") {
        current.append(byte)
      }
      j += 1
    }
    endPart()
    var paths: [String] = []
    for item in items {
      let parts = item.map { $0.trimmingBlanks() }
      let path: String
      switch parts.count {
      case 0: continue
      case 1: path = parts[0]
      case 2: path = parts[0].count == 1 ? parts.joined(separator: ":") : parts[1]
      default:
        let middle = parts[1..<(parts.count - 1)]
        // Unescaped Windows drive letters (`desc:C:\x.pdf:PDF`) split the path itself.
        path = middle.joined(separator: ":")
      }
      if !path.isEmpty { paths.append(path) }
    }
    return paths
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
