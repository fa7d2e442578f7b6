extension BibliographyEntry {
  /// An entry from a CSL-JSON item, or nil (with a problem) when the item has no usable `id`.
  init?(cslItem node: JSONNode, problems: inout [SyntaxProblem]) {
    guard case .object = node.value else {
      problems.append(SyntaxProblem(range: node.range, message: "expected a CSL item object"))
      return nil
    }
    guard let id = node["id"] else {
      problems.append(SyntaxProblem(range: node.range, message: "item has no 'id'"))
      return nil
    }
    guard let key = id.text, !key.isEmpty else {
      problems.append(SyntaxProblem(range: id.range, message: "'id' must be a non-empty string or number"))
      return nil
    }
    self.init(key: key, keyRange: id.contentRange, range: node.range, type: node["type"]?.text ?? "")
    func text(_ name: String) -> String? {
      guard let value = node[name] else { return nil }
      guard let text = value.text else {
        if case .null = value.value { return nil }
        problems.append(SyntaxProblem(range: value.range, message: "'\(name)' must be a string"))
        return nil
      }
      return text.isEmpty ? nil : text
    }
    title = text("title")
    containerTitle = text("container-title")
    volume = text("volume")
    issue = text("issue")
    pages = text("page")
    publisher = text("publisher")
    url = text("URL")
    doi = text("DOI")
    for (name, kind) in [("URL", BibliographyLinkSpan.Kind.url), ("DOI", .doi)] {
      guard let value = node[name], case .string(let written) = value.value, !written.isEmpty else { continue }
      linkSpans.append(BibliographyLinkSpan(kind: kind, range: value.contentRange, text: written))
    }
    abstract = text("abstract")
    authors = Self.cslNames(node["author"], field: "author", problems: &problems)
    editors = Self.cslNames(node["editor"], field: "editor", problems: &problems)
    year = node["issued"].flatMap(Self.cslYear)
    date = node["issued"].flatMap(Self.cslDate)
  }

  /// The full CSL date: `date-parts` (numbers or numeric strings), else an ISO date in `raw` or a plain string.
  private static func cslDate(_ node: JSONNode) -> EntryDate? {
    if let text = node.text { return EntryDate.parse(iso: text) }
    if case .array(let dates) = node["date-parts"]?.value {
      var parts: [[Int]] = []
      for date in dates {
        guard case .array(let numbers) = date.value else { break }
        var part: [Int] = []
        for number in numbers {
          guard let value = number.text.flatMap({ Int($0) }) else { break }
          part.append(value)
        }
        if part.isEmpty { break }
        parts.append(part)
      }
      return EntryDate(parts: parts)
    }
    return node["raw"]?.text.flatMap { EntryDate.parse(iso: $0) }
  }

  /// The names of a CSL name list (`family`, `given`, particles, `suffix`, `literal`).
  private static func cslNames(_ node: JSONNode?, field: String, problems: inout [SyntaxProblem]) -> [PersonName] {
    guard let node else { return [] }
    guard case .array(let elements) = node.value else {
      problems.append(SyntaxProblem(range: node.range, message: "'\(field)' must be an array of names"))
      return []
    }
    var names: [PersonName] = []
    for element in elements {
      if case .string(let literal) = element.value {
        names.append(PersonName(literal: literal))
        continue
      }
      guard case .object = element.value else {
        problems.append(SyntaxProblem(range: element.range, message: "expected a name object in '\(field)'"))
        continue
      }
      func part(_ name: String) -> String? {
        guard let text = element[name]?.text, !text.isEmpty else { return nil }
        return text
      }
      if let literal = part("literal") {
        names.append(PersonName(literal: literal))
        continue
      }
      names.append(
        PersonName(
          family: part("family"), given: part("given"), suffix: part("suffix"),
          droppingParticle: part("dropping-particle"), nonDroppingParticle: part("non-dropping-particle")))
    }
    return names
  }

  /// The year of a CSL date: the first of `date-parts`, else the year in `raw` or `literal` (or a plain string).
  private static func cslYear(_ node: JSONNode) -> String? {
    if let text = node.text { return yearInText(text) }
    if case .array(let parts) = node["date-parts"]?.value, case .array(let first)? = parts.first?.value,
      let year = first.first?.text, !year.isEmpty
    {
      return year
    }
    if let raw = node["raw"]?.text ?? node["literal"]?.text { return yearInText(raw) }
    return nil
  }

  /// The first run of three or more digits (`2020` in `May 2020` or `2020-05-01`), or nil.
  private static func yearInText(_ text: String) -> String? {
    var run = ""
    for scalar in text.unicodeScalars {
      if scalar.value >= 0x30 && scalar.value <= 0x39 {
        run.unicodeScalars.append(scalar)
      } else {
        if run.count >= 3 { return run }
        run = ""
      }
    }
    return run.count >= 3 ? run : nil
  }
}
