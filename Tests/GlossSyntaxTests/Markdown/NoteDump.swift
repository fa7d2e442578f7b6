@testable import GlossSyntax

/// Compact, line-per-element dumps of a parsed note, for comparing parser output in tests.
enum NoteDump {
  static func blocks(_ source: String) -> String {
    let note = Note(parsing: Array(source.utf8))
    var lines: [String] = []
    var stack: [(Block, Int)] = note.blocks.reversed().map { ($0, 0) }
    while let (block, depth) = stack.popLast() {
      let task = block.checkbox.map { $0 ? " [x]" : " [ ]" } ?? ""
      lines.append(String(repeating: "  ", count: depth) + "\(kind(block.kind))\(task) \(show(block.range))")
      stack.append(contentsOf: block.children.reversed().map { ($0, depth + 1) })
    }
    return lines.joined(separator: "\n")
  }

  static func kind(_ kind: Block.Kind) -> String {
    switch kind {
    case .heading(let level): return "heading\(level)"
    case .paragraph: return "paragraph"
    case .fencedCode(let info): return "fencedCode \"\(info)\""
    case .indentedCode: return "indentedCode"
    case .html: return "html"
    case .blockQuote: return "blockQuote"
    case .list(let ordered): return ordered ? "orderedList" : "bulletList"
    case .listItem: return "item"
    case .table: return "table"
    case .thematicBreak: return "thematicBreak"
    case .footnoteDefinition(let label): return "footnote \"\(label)\""
    case .definition: return "definition"
    case .frontMatter: return "frontMatter"
    }
  }

  static func show(_ range: Range<Int>) -> String { "[\(range.lowerBound)..\(range.upperBound))" }

  static func citations(_ source: String) -> String {
    let bytes = Array(source.utf8)
    let note = Note(parsing: bytes)
    func slice(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
    var lines: [String] = []
    for citation in note.citations {
      let items = citation.items.map { item in
        var text = "@\(item.key) \(mode(item.mode))"
        if slice(item.keyRange) != item.key { text += " key-range-mismatch \"\(slice(item.keyRange))\"" }
        if !item.prefix.isEmpty { text += " prefix \"\(item.prefix)\"" }
        if !item.suffix.isEmpty { text += " suffix \"\(item.suffix)\"" }
        if !item.suffix.isEmpty && slice(item.suffixRange) != item.suffix {
          text += " suffix-range \"\(slice(item.suffixRange))\""
        }
        return text
      }
      let kind = citation.isBracketed ? "bracketed" : "in-text"
      lines.append("citation \(show(citation.range)) \(kind): " + items.joined(separator: "; "))
    }
    return lines.joined(separator: "\n")
  }

  static func mode(_ mode: CitationItem.Mode) -> String {
    switch mode {
    case .normalCitation: return "normal"
    case .authorInText: return "in-text"
    case .suppressAuthor: return "suppress"
    }
  }

  static func links(_ source: String) -> String {
    let bytes = Array(source.utf8)
    let note = Note(parsing: bytes)
    func slice(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
    return note.links.map { link in
      var text = "\(link.kind == .wiki ? "wiki" : link.isImage ? "image" : "link") \"\(link.target)\""
      if let anchor = link.anchor { text += " #\"\(anchor)\"" }
      if let label = link.label { text += " label \"\(label)\"" }
      if link.isExternal { text += " external" }
      switch link.reference {
      case .definition?: text += " definition"
      case .use?: text += " use"
      case nil: break
      }
      if link.reference != nil { text += " target@\"\(slice(link.targetRange))\"" }
      text += " @\"\(slice(link.range))\""
      return text
    }.joined(separator: "\n")
  }

  static func tags(_ source: String) -> String {
    let bytes = Array(source.utf8)
    let note = Note(parsing: bytes)
    return note.tags.map { tag in
      let written = String(decoding: bytes[tag.range], as: UTF8.self)
      return "tag \"\(tag.name)\"\(tag.isInFrontMatter ? " front-matter" : "") @\"\(written)\""
    }.joined(separator: "\n")
  }

  static func headings(_ source: String) -> String {
    let bytes = Array(source.utf8)
    let note = Note(parsing: bytes)
    return note.headings.map { heading in
      let written = String(decoding: bytes[heading.textRange], as: UTF8.self)
      return "h\(heading.level) \"\(heading.text)\" #\(heading.slug) @\"\(written)\""
    }.joined(separator: "\n")
  }
}
