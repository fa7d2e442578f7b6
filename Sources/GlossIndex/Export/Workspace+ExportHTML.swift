import GlossSyntax

/// The HTML export's rendering context for one note.
private struct HTMLPart {
  var record: NoteRecord
  var bytes: [UInt8]
  /// Headings move down this many levels (1 in a notebook, below each note's title).
  var headingShift: Int
  /// The cross-reference labels this page holds an anchor for (every exported note's), so that a cross-reference
  /// to one of them links to it.
  var anchors: Set<String>
}

extension Workspace {
  /// The `html` export: one standalone HTML5 page; every piece of note text is escaped, links keep only safe URLs,
  /// and citations link to the References list with the cited passage as their tooltip.
  func htmlExport(_ document: ExportDocument) -> String {
    var out = """
      <!DOCTYPE html>
      <html>
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="generator" content="gloss">
      <title>\(HTMLEscaping.escaped(document.title))</title>
      <style>body{max-width:42em;margin:2em auto;padding:0 1em;font-family:serif;line-height:1.5}\
      blockquote{margin-left:1em;padding-left:1em;border-left:3px solid #ccc}\
      a.citation{text-decoration:none}span.crossref.unknown{font-weight:bold}pre{overflow-x:auto}</style>
      </head>
      <body>
      <article>
      <h1>\(HTMLEscaping.escaped(document.title))</h1>

      """
    let anchors = Set(document.parts.flatMap { part in part.record.note.labels.map(\.id) })
    for part in document.parts {
      let context = HTMLPart(
        record: part.record, bytes: part.bytes, headingShift: document.isNotebook ? 1 : 0, anchors: anchors)
      var blocks = part.record.note.blocks.filter { $0.kind != .frontMatter }
      if document.isNotebook {
        out += "<section>\n<h2>\(HTMLEscaping.escaped(part.record.title))</h2>\n"
      }
      if let first = blocks.first, case .heading(1) = first.kind,
        part.record.note.headings.first(where: { $0.range == first.range })?.text == part.record.title
      {
        // The title is already the page's heading.
        blocks.removeFirst()
      }
      for (index, block) in blocks.enumerated() {
        if index > 0, blocks[index - 1].kind == .table, let caption = Self.tableCaption(block, in: part.bytes) {
          out += "<p class=\"caption\">\(inlineHTML(caption, in: context, quoteDepth: 0))</p>\n"
        } else {
          out += html(of: block, in: context, quoteDepth: 0)
        }
      }
      if document.isNotebook { out += "</section>\n" }
    }
    let references = references(document.citedKeys)
    if !references.isEmpty {
      out += "<section id=\"references\">\n<h2>References</h2>\n<ul>\n"
      for reference in references { out += Self.htmlReference(reference) }
      out += "</ul>\n</section>\n"
    }
    return out + "</article>\n</body>\n</html>\n"
  }

  private func html(of block: Block, in part: HTMLPart, quoteDepth: Int) -> String {
    switch block.kind {
    case .heading(let level):
      let heading = part.record.note.headings.first { $0.range == block.range }
      let shown = min(level + part.headingShift + (part.headingShift > 0 ? 1 : 0), 6)
      let id = heading.map { " id=\"\(HTMLEscaping.escaped($0.slug))\"" } ?? ""
      let content = heading.map { inlineHTML($0.textRange, in: part, quoteDepth: quoteDepth) } ?? ""
      return "<h\(shown)\(id)>\(content)</h\(shown)>\n"
    case .paragraph:
      return "<p>\(inlineHTML(block.range, in: part, quoteDepth: quoteDepth))</p>\n"
    case .fencedCode(let info):
      var lines = Self.lines(block.range, part.bytes, quoteDepth: quoteDepth, keepIndent: true)
      if !lines.isEmpty { lines.removeFirst() }
      if let last = lines.last, last.hasPrefix("```") || last.hasPrefix("~~~") { lines.removeLast() }
      let language = info.split(separator: " ").first.map(String.init) ?? ""
      let safe = language.filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "+" }
      let attribute = safe.isEmpty ? "" : " class=\"language-\(HTMLEscaping.escaped(safe))\""
      return "<pre><code\(attribute)>\(HTMLEscaping.escaped(lines.joined(separator: "\n")))</code></pre>\n"
    case .indentedCode:
      let lines = Self.lines(block.range, part.bytes, quoteDepth: quoteDepth, keepIndent: true).map {
        String($0.dropFirst(min(4, $0.prefix { $0 == " " }.count)))
      }
      return "<pre><code>\(HTMLEscaping.escaped(lines.joined(separator: "\n")))</code></pre>\n"
    case .html, .table:
      let lines = Self.lines(block.range, part.bytes, quoteDepth: quoteDepth, keepIndent: true)
      return "<pre>\(HTMLEscaping.escaped(lines.joined(separator: "\n")))</pre>\n"
    case .blockQuote:
      let inner = block.children.map { html(of: $0, in: part, quoteDepth: quoteDepth + 1) }.joined()
      return "<blockquote>\n\(inner)</blockquote>\n"
    case .list(let ordered):
      let tag = ordered ? "ol" : "ul"
      return "<\(tag)>\n" + block.children.map { html(of: $0, in: part, quoteDepth: quoteDepth) }.joined()
        + "</\(tag)>\n"
    case .listItem:
      let box = block.checkbox.map { $0 ? "☑ " : "☐ " } ?? ""
      return "<li>\(box)" + block.children.map { html(of: $0, in: part, quoteDepth: quoteDepth) }.joined() + "</li>\n"
    case .thematicBreak:
      return "<hr>\n"
    case .footnoteDefinition(let label):
      let inner = block.children.map { html(of: $0, in: part, quoteDepth: quoteDepth) }.joined()
      return "<div class=\"footnote\" id=\"fn-\(HTMLEscaping.escaped(label))\">\n\(inner)</div>\n"
    case .definition:
      let inner = block.children.map { html(of: $0, in: part, quoteDepth: quoteDepth) }.joined()
      return "<div class=\"definition\">\n\(inner)</div>\n"
    case .frontMatter:
      return ""
    }
  }

  /// The inline HTML of `range`: citations, links and images from the parsed note, the rest as inline Markdown.
  private func inlineHTML(_ range: Range<Int>, in part: HTMLPart, quoteDepth: Int) -> String {
    let note = part.record.note
    var specials: [(Range<Int>, String)] = []
    for (index, citation) in note.citations.enumerated() where range.contains(citation.range.lowerBound) {
      specials.append((citation.range, citationHTML(citation, at: index, in: part)))
    }
    // A label's attribute block (`{#fig-x}` after an image, a table's caption or an equation; a div's opening fence)
    // is not text: it becomes the anchor cross-references link to.
    for label in note.labels where range.contains(label.range.lowerBound) {
      if let block = Self.attributeBlock(around: label, in: part.bytes) {
        specials.append((block, "<span id=\"\(HTMLEscaping.escaped(label.id))\"></span>"))
      }
    }
    for link in note.links where range.contains(link.range.lowerBound) {
      specials.append((link.range, linkHTML(link, in: part)))
    }
    specials.sort { $0.0.lowerBound < $1.0.lowerBound }
    var out = ""
    var position = range.lowerBound
    for (special, html) in specials where special.lowerBound >= position {
      out += plainHTML(position..<special.lowerBound, part.bytes, quoteDepth: quoteDepth)
      out += html
      position = min(special.upperBound, range.upperBound)
    }
    out += plainHTML(position..<range.upperBound, part.bytes, quoteDepth: quoteDepth)
    return out
  }

  private func plainHTML(_ range: Range<Int>, _ bytes: [UInt8], quoteDepth: Int) -> String {
    guard range.lowerBound < range.upperBound else { return "" }
    let text = Self.lines(range, bytes, quoteDepth: quoteDepth, keepIndent: false, firstLineIsContinuation: false)
    // A closing div fence (`:::`) is Pandoc syntax, not text (docs/pandoc-compatibility.md).
    let shown = text.filter { line in
      !(line.count >= 3 && line.allSatisfy { $0 == ":" || $0 == " " } && line.first == ":")
    }
    return HTMLEscaping.inline(shown.joined(separator: "\n"))
  }

  /// The caption text of `block` when it is a table's caption as Pandoc reads one after a table (`: Sizes` or
  /// `Table: Sizes`), without its marker; nil for any other block.
  static func tableCaption(_ block: Block, in bytes: [UInt8]) -> Range<Int>? {
    guard block.kind == .paragraph, block.range.upperBound <= bytes.count else { return nil }
    let text = bytes[block.range]
    for marker in [": ", "Table: ", "Table:"] where text.starts(with: Array(marker.utf8)) {
      return block.range.lowerBound + marker.utf8.count..<block.range.upperBound
    }
    return nil
  }

  /// The attribute block holding `label` when it is written as one (`{#fig-x .class}`) on an image, a table's
  /// caption, an equation, a span or a div (whose opening fence `:::` goes with it), within one line; nil otherwise.
  static func attributeBlock(around label: CrossrefLabel, in bytes: [UInt8]) -> Range<Int>? {
    guard [.image, .table, .equation, .span, .div].contains(label.element),
      label.range.lowerBound > 0, label.range.upperBound <= bytes.count
    else { return nil }
    var start = label.range.lowerBound - 1
    while start > 0, bytes[start] != UInt8(ascii: "{"), bytes[start] != UInt8(ascii: "\n") { start -= 1 }
    guard bytes[start] == UInt8(ascii: "{") else { return nil }
    var end = label.range.upperBound
    while end < bytes.count, bytes[end] != UInt8(ascii: "}"), bytes[end] != UInt8(ascii: "\n") { end += 1 }
    guard end < bytes.count, bytes[end] == UInt8(ascii: "}") else { return nil }
    if label.element == .div {
      // The fence's colons before the block, from the start of its line.
      var lineStart = start
      while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
      let fence = bytes[lineStart..<start]
      if fence.contains(UInt8(ascii: ":")), fence.allSatisfy({ $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: " ") }) {
        start = lineStart
      }
    }
    return start..<end + 1
  }

  /// A citation as a link to its References entry; its tooltip is, for each item, the verdict of its quotations and
  /// the source's sentence around each (as hover shows them), else the passage its locator names.
  /// Cross-references become a `crossref` span of their text (`Figure 2`; `crossref unknown` for a missing label).
  private func citationHTML(_ citation: Citation, at citationIndex: Int, in part: HTMLPart) -> String {
    let path = part.record.path
    var crossrefSpan = ""
    var cited = citation
    if let (crossrefs, rest) = renderedCrossrefs(citation, in: path) {
      let items = citation.items.filter { isCrossref($0, in: path) }
      let unknown = items.contains { isUnknownCrossref($0, in: path) }
      let text = HTMLEscaping.escaped(crossrefs)
      // One cross-reference to a label on this page links to it; anything else stays a span.
      if !unknown, items.count == 1, case let id = Self.labelID(ofKey: items[0].key), part.anchors.contains(id) {
        crossrefSpan = "<a class=\"crossref\" href=\"#\(HTMLEscaping.escaped(id))\">\(text)</a>"
      } else {
        crossrefSpan = "<span class=\"crossref\(unknown ? " unknown" : "")\">\(text)</span>"
      }
      guard let rest else { return crossrefSpan }
      cited = rest
      crossrefSpan += " "
    }
    let text = HTMLEscaping.escaped(authorDate(cited))
    let tooltip = citation.items.enumerated().compactMap { itemIndex, item -> String? in
      if isCrossref(item, in: path) { return nil }
      let checks = quotationCheckText(path: path, citationIndex: citationIndex, itemIndex: itemIndex)
      return checks.isEmpty ? citedPassage(item) : checks.joined(separator: "\n")
    }.joined(separator: "\n")
    let title = tooltip.isEmpty ? "" : " title=\"\(HTMLEscaping.escaped(tooltip))\""
    let key = cited.items.lazy.map { self.citedSourceKey($0.key) }.first { self.hasSource($0) }
    guard let key else {
      return crossrefSpan + "<span class=\"citation unknown\"\(title)>\(text)</span>"
    }
    return crossrefSpan + "<a class=\"citation\" href=\"#ref-\(HTMLEscaping.escaped(key))\"\(title)>\(text)</a>"
  }

  private func linkHTML(_ link: Link, in part: HTMLPart) -> String {
    let raw = Self.slice(part.bytes, link.range)
    if let plain = plainText(of: link, in: part.record.path), link.kind == .wiki || !link.isExternal {
      return HTMLEscaping.escaped(plain)
    }
    let label = link.label ?? link.target
    guard let url = HTMLEscaping.safeURL(link.target + (link.anchor.map { "#" + $0 } ?? "")) else {
      return HTMLEscaping.escaped(link.isImage ? label : (link.label ?? raw))
    }
    if link.isImage {
      return "<img src=\"\(HTMLEscaping.escaped(url))\" alt=\"\(HTMLEscaping.escaped(label))\">"
    }
    return "<a href=\"\(HTMLEscaping.escaped(url))\">\(HTMLEscaping.inline(label))</a>"
  }

  /// The lines of `range` without container markers (`>` up to `quoteDepth`) and, unless kept, indentation.
  static func lines(
    _ range: Range<Int>, _ bytes: [UInt8], quoteDepth: Int, keepIndent: Bool, firstLineIsContinuation: Bool = true
  ) -> [String] {
    let upper = min(range.upperBound, bytes.count)
    var lines: [String] = []
    var start = min(range.lowerBound, upper)
    var first = true
    while start <= upper {
      var end = start
      while end < upper, bytes[end] != 0x0A { end += 1 }
      var content = start
      if !first || firstLineIsContinuation {
        var quotes = quoteDepth
        var scan = content
        while scan < end {
          if bytes[scan] == 0x20 || bytes[scan] == 0x09 {
            scan += 1
          } else if bytes[scan] == UInt8(ascii: ">"), quotes > 0 {
            quotes -= 1
            scan += 1
            if scan < end, bytes[scan] == 0x20 { scan += 1 }
            content = scan
          } else {
            break
          }
        }
        if !keepIndent { content = scan }
      }
      var lineEnd = end
      if lineEnd > content, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
      lines.append(String(decoding: bytes[content..<lineEnd], as: UTF8.self))
      first = false
      if end >= upper { break }
      start = end + 1
    }
    return lines
  }

  /// A References entry as an HTML list item with the id citations link to.
  static func htmlReference(_ reference: ExportReference) -> String {
    let period = reference.authors.hasSuffix(".") ? "" : "."
    let yearEnd = reference.year.hasSuffix(".") ? "" : "."
    var text = "\(HTMLEscaping.escaped(reference.authors))\(period) \(HTMLEscaping.escaped(reference.year))\(yearEnd)"
    if let title = reference.title {
      text += reference.isBook ? " <em>\(HTMLEscaping.escaped(title))</em>." : " “\(HTMLEscaping.escaped(title)).”"
    }
    if let container = reference.container {
      text += " <em>\(HTMLEscaping.escaped(container))</em>" + (reference.details == nil ? "." : "")
    }
    if let details = reference.details {
      text += (reference.container == nil ? " " : ", ") + HTMLEscaping.escaped(details) + "."
    }
    if let link = reference.link, let url = HTMLEscaping.safeURL(link) {
      text += " <a href=\"\(HTMLEscaping.escaped(url))\">\(HTMLEscaping.escaped(link))</a>"
    }
    return "<li id=\"ref-\(HTMLEscaping.escaped(reference.key))\">\(text)</li>\n"
  }
}
