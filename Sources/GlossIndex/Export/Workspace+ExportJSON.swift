import GlossSyntax

extension Workspace {
  /// CSL-JSON of exactly the sources of `keys`, in that order, as Pandoc's citeproc reads it.
  func cslJSON(keys: [String]) -> String {
    ExportJSONValue.array(keys.compactMap(cslItem)).rendered() + "\n"
  }

  /// One CSL-JSON item for the source of `key`.
  func cslItem(_ key: String) -> ExportJSONValue? {
    guard let source = source(forKey: key) else { return nil }
    let entry = source.entry
    var members: [(String, ExportJSONValue)] = [("id", .string(key)), ("type", .string(Self.cslType(entry?.type)))]
    if let title = source.title { members.append(("title", .string(title))) }
    if !source.authors.isEmpty { members.append(("author", .array(source.authors.map(Self.cslName)))) }
    if let editors = entry?.editors, !editors.isEmpty { members.append(("editor", .array(editors.map(Self.cslName)))) }
    if let date = entry?.date {
      let parts = date.parts.map { part in ExportJSONValue.array(part.map { .int($0) }) }
      members.append(("issued", .object([("date-parts", .array(parts))])))
    } else if let year = source.year {
      let issued: ExportJSONValue =
        Int(year).map { .object([("date-parts", .array([.array([.int($0)])]))]) }
        ?? .object([("literal", .string(year))])
      members.append(("issued", issued))
    }
    let fields: [(String, String?)] = [
      ("container-title", entry?.containerTitle), ("volume", entry?.volume), ("issue", entry?.issue),
      ("page", entry?.pages), ("publisher", entry?.publisher), ("publisher-place", entry?.address),
      ("DOI", entry?.doi), ("ISBN", entry?.isbn), ("URL", source.url), ("language", entry?.language),
      ("keyword", entry.map { $0.keywords.joined(separator: ", ") }),
    ]
    for (name, value) in fields { if let value, !value.isEmpty { members.append((name, .string(value))) } }
    return .object(members)
  }

  /// The CSL type of a BibTeX (or CSL) entry type; `manuscript` for source documents without an entry.
  static func cslType(_ type: String?) -> String {
    switch type?.lowercased() {
    case nil: return "manuscript"
    case "article": return "article-journal"
    case "book", "manual", "booklet", "mvbook": return "book"
    case "inbook", "incollection", "chapter": return "chapter"
    case "inproceedings", "conference", "paper-conference": return "paper-conference"
    case "phdthesis", "mastersthesis", "thesis": return "thesis"
    case "techreport", "report": return "report"
    case "online", "www", "webpage", "electronic": return "webpage"
    case "misc", "unpublished", "manuscript": return "manuscript"
    case let other?:
      let csl: Set = [
        "article-journal", "article-magazine", "article-newspaper", "bill", "broadcast", "dataset", "entry",
        "entry-dictionary", "entry-encyclopedia", "figure", "graphic", "interview", "legal_case", "legislation",
        "map", "motion_picture", "musical_score", "pamphlet", "patent", "personal_communication", "post",
        "post-weblog", "review", "review-book", "song", "speech", "treaty",
      ]
      return csl.contains(other) ? other : "manuscript"
    }
  }

  /// A person as a CSL name.
  static func cslName(_ person: PersonName) -> ExportJSONValue {
    if let literal = person.literal, person.family == nil { return .object([("literal", .string(literal))]) }
    var members: [(String, ExportJSONValue)] = []
    if let family = person.family { members.append(("family", .string(family))) }
    if let given = person.given { members.append(("given", .string(given))) }
    if let particle = person.droppingParticle { members.append(("dropping-particle", .string(particle))) }
    if let particle = person.nonDroppingParticle { members.append(("non-dropping-particle", .string(particle))) }
    if let suffix = person.suffix { members.append(("suffix", .string(suffix))) }
    return .object(members)
  }

  /// The `json` export: the note model (blocks, citations with their resolved passages, links, tags).
  func jsonExport(_ document: ExportDocument) -> String {
    let notes = document.parts.map { part -> ExportJSONValue in
      let note = part.record.note
      return .object([
        ("path", .string(part.record.path)), ("title", .string(part.record.title)),
        ("tags", .array(Self.uniqueTags(note.tags.map(\.name)).map(ExportJSONValue.string))),
        ("blocks", .array(note.blocks.map { Self.jsonBlock($0, part.bytes) })),
        ("citations", .array(note.citations.map { jsonCitation($0, part.bytes, in: part.record.path) })),
        ("links", .array(note.links.map { jsonLink($0, from: part.record.path) })),
      ])
    }
    let root: ExportJSONValue = .object([
      ("title", .string(document.title)), ("notes", .array(notes)),
      ("sources", .array(document.citedKeys.compactMap(cslItem))),
    ])
    return root.rendered() + "\n"
  }

  private static func jsonBlock(_ block: Block, _ bytes: [UInt8]) -> ExportJSONValue {
    var members: [(String, ExportJSONValue)] = [("kind", .string(kindName(block.kind)))]
    switch block.kind {
    case .heading(let level): members.append(("level", .int(level)))
    case .fencedCode(let info): members.append(("info", .string(info)))
    case .list(let ordered): members.append(("ordered", .bool(ordered)))
    default: break
    }
    members.append(("range", .array([.int(block.range.lowerBound), .int(block.range.upperBound)])))
    if block.children.isEmpty {
      members.append(("text", .string(slice(bytes, block.range))))
    } else {
      members.append(("children", .array(block.children.map { jsonBlock($0, bytes) })))
    }
    return .object(members)
  }

  private static func kindName(_ kind: Block.Kind) -> String {
    switch kind {
    case .heading: "heading"
    case .paragraph: "paragraph"
    case .fencedCode, .indentedCode: "code"
    case .html: "html"
    case .blockQuote: "blockQuote"
    case .list: "list"
    case .listItem: "listItem"
    case .table: "table"
    case .thematicBreak: "thematicBreak"
    case .footnoteDefinition: "footnote"
    case .definition: "definition"
    case .frontMatter: "frontMatter"
    }
  }

  /// A cross-reference item gets a `crossref` member: its label, the note holding it (null when none does) and the
  /// text it renders as.
  private func jsonCitation(_ citation: Citation, _ bytes: [UInt8], in path: String) -> ExportJSONValue {
    let items = citation.items.map { item -> ExportJSONValue in
      if isCrossref(item, in: path) {
        let label = Self.labelID(ofKey: item.key)
        return .object([
          ("key", .string(item.key)), ("mode", .string(item.mode.rawValue)), ("prefix", .string(item.prefix)),
          ("suffix", .string(item.suffix)),
          (
            "crossref",
            .object([
              ("label", .string(label)), ("note", .optional(labels(withID: label, from: path).first?.path)),
              ("text", .string(crossrefText(item, in: path))),
            ])
          ),
        ])
      }
      var members: [(String, ExportJSONValue)] = [
        ("key", .string(item.key)), ("mode", .string(item.mode.rawValue)), ("prefix", .string(item.prefix)),
        ("suffix", .string(item.suffix)),
      ]
      if let locator = Locator.first(in: item.suffix) {
        members.append(("locator", .object([("label", .string(locator.label)), ("value", .string(locator.value))])))
      }
      if let source = source(forKey: citedSourceKey(item.key)) {
        members.append(("source", .object([("title", .optional(source.title)), ("year", .optional(source.year))])))
      } else {
        members.append(("source", .null))
      }
      members.append(("passage", .optional(citedPassage(item))))
      return .object(members)
    }
    return .object([
      ("text", .string(Self.slice(bytes, citation.range))),
      ("range", .array([.int(citation.range.lowerBound), .int(citation.range.upperBound)])),
      ("bracketed", .bool(citation.isBracketed)), ("items", .array(items)),
    ])
  }

  private func jsonLink(_ link: Link, from path: String) -> ExportJSONValue {
    var resolved: String?
    if case .note(let target, _) = resolve(link: link, from: path) { resolved = target }
    return .object([
      ("kind", .string(link.kind == .wiki ? "wiki" : "markdown")), ("target", .string(link.target)),
      ("anchor", .optional(link.anchor)), ("label", .optional(link.label)), ("external", .bool(link.isExternal)),
      ("note", .optional(resolved)), ("reference", .optional(link.reference.map { $0 == .use ? "use" : "definition" })),
    ])
  }

  /// The text of `range` of `bytes` (clamped).
  static func slice(_ bytes: [UInt8], _ range: Range<Int>) -> String {
    let lower = min(max(range.lowerBound, 0), bytes.count)
    return String(decoding: bytes[lower..<min(max(range.upperBound, lower), bytes.count)], as: UTF8.self)
  }
}
