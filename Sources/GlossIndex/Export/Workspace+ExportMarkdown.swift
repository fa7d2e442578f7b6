import GlossSyntax

extension Workspace {
  /// The `markdown` export: front matter reduced to the title, citations rendered author–date, wiki links and links
  /// to notes as plain text, and a References list of exactly the cited sources.
  func markdownExport(_ document: ExportDocument) -> String {
    var out = NoteText.frontMatter([("title", NoteText.yamlScalar(document.title))]) + "\n"
    out += exportBodies(document, renderingCitations: true)
    let references = references(document.citedKeys)
    if !references.isEmpty {
      out += "\n\(document.isNotebook ? "#" : "##") References\n\n"
      out += references.map(Self.markdownReference).joined(separator: "\n\n") + "\n"
    }
    return out
  }

  /// The `pandoc` export: Pandoc citations kept, front matter naming the CSL-JSON file of the cited sources.
  func pandocExport(_ document: ExportDocument, bibliography: String) -> String {
    let front = NoteText.frontMatter([
      ("title", NoteText.yamlScalar(document.title)), ("bibliography", NoteText.yamlScalar(bibliography)),
    ])
    return front + "\n" + exportBodies(document, renderingCitations: false)
  }

  /// The notes' bodies one after another (a notebook gives each its title as a level-1 heading and moves its own
  /// headings one level down).
  func exportBodies(_ document: ExportDocument, renderingCitations: Bool) -> String {
    var bodies: [String] = []
    for part in document.parts {
      var body = rewrittenBody(part, renderingCitations: renderingCitations, demotingHeadings: document.isNotebook)
      if document.isNotebook { body = "# \(part.record.title)\n\n" + body }
      bodies.append(body.hasSuffix("\n") ? body : body + "\n")
    }
    return bodies.joined(separator: "\n")
  }

  /// A note's text after its front matter with citations (when asked), wiki links and links to notes rewritten.
  func rewrittenBody(_ part: ExportDocument.Part, renderingCitations: Bool, demotingHeadings: Bool) -> String {
    let note = part.record.note
    let bytes = part.bytes
    var start = min(note.frontMatter?.range.upperBound ?? 0, bytes.count)
    while start < bytes.count, bytes[start] == 0x0A || bytes[start] == 0x0D { start += 1 }
    var replacements: [WorkspaceChange.Edit] = []
    // In a notebook the note's title is its section heading already, so a first heading repeating it goes.
    if demotingHeadings, let first = note.headings.first, first.level == 1, first.range.lowerBound == start,
      first.text == part.record.title
    {
      start = min(first.range.upperBound, bytes.count)
      while start < bytes.count, bytes[start] == 0x0A || bytes[start] == 0x0D { start += 1 }
    }
    let path = part.record.path
    if renderingCitations {
      for citation in note.citations {
        replacements.append(
          WorkspaceChange.Edit(range: citation.range, newText: renderedCitation(citation, in: path)))
      }
    } else {
      for citation in note.citations { replacements += unknownItemRemovals(citation, in: path) }
    }
    // A wiki link inside a citation is part of what Pandoc reads as the citation's suffix (`@key [[Note]]` has the
    // suffix `[Note]`): it stays as written, in the citation kept or rendered.
    // A link reference definition stays as written: its uses become plain text as inline links do, and Pandoc
    // renders a definition nobody uses as nothing.
    for link in note.links where !link.isExternal && !link.isInCitation && link.reference != .definition {
      if let text = plainText(of: link, in: part.record.path) {
        replacements.append(WorkspaceChange.Edit(range: link.range, newText: text))
      }
    }
    if demotingHeadings {
      for heading in note.headings where heading.level < 6 && heading.range.lowerBound < bytes.count {
        var at = heading.range.lowerBound
        while at < heading.range.upperBound, bytes[at] == 0x20 { at += 1 }
        if at < bytes.count, bytes[at] == UInt8(ascii: "#") {
          replacements.append(WorkspaceChange.Edit(range: at..<at, newText: "#"))
        }
      }
    }
    return Self.applying(replacements, to: bytes, from: start)
  }

  /// For the `pandoc` export, which Pandoc must render without warnings: the items of `citation` whose key no
  /// source has are taken out of their group, and a citation of unknown keys only becomes plain text (`(smith?)`).
  /// Cross-references stay as written, for Quarto or pandoc-crossref to resolve.
  func unknownItemRemovals(_ citation: Citation, in path: String) -> [WorkspaceChange.Edit] {
    let unknown = citation.items.indices.filter {
      let item = citation.items[$0]
      return !isCrossref(item, in: path) && !hasSource(citedSourceKey(item.key))
    }
    if unknown.isEmpty { return [] }
    if unknown.count == citation.items.count {
      return [WorkspaceChange.Edit(range: citation.range, newText: authorDate(citation))]
    }
    // An item goes with the separator before it (after the previous item), or after it for the first item.
    return unknown.map { index in
      let item = citation.items[index]
      if index > 0 {
        return WorkspaceChange.Edit(
          range: citation.items[index - 1].range.upperBound..<item.range.upperBound, newText: "")
      }
      let next = citation.items.indices.first { $0 > index && !unknown.contains($0) } ?? index
      return WorkspaceChange.Edit(range: item.range.lowerBound..<citation.items[next].range.lowerBound, newText: "")
    }
  }

  /// What a link to a note reads as in plain text: its label, else the target note's title, else its target;
  /// nil for links that stay as they are (files, images).
  func plainText(of link: Link, in path: String) -> String? {
    if link.isImage { return nil }
    switch resolve(link: link, from: path) {
    case .note(let target, let heading):
      if let label = link.label, !label.isEmpty { return label }
      let title = notes[target]?.title ?? link.target
      return heading.map { "\(title) § \($0.text)" } ?? title
    case .file: return link.kind == .wiki ? (link.label ?? link.target) : nil
    case .external: return nil
    case .missing, .ambiguous, .missingAnchor:
      if let label = link.label, !label.isEmpty { return label }
      return link.kind == .wiki ? link.target : nil
    }
  }

  /// `bytes[start...]` with `replacements` made (sorted; overlapping or earlier ones dropped).
  static func applying(_ replacements: [WorkspaceChange.Edit], to bytes: [UInt8], from start: Int) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count - start)
    var position = start
    for replacement in replacements.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
      guard replacement.range.lowerBound >= position, replacement.range.upperBound <= bytes.count else { continue }
      out += bytes[position..<replacement.range.lowerBound]
      out += Array(replacement.newText.utf8)
      position = replacement.range.upperBound
    }
    out += bytes[position...]
    return String(decoding: out, as: UTF8.self)
  }

  /// A References entry in Markdown: `Bartlett, Frederic C. 1932. *Remembering*. Cambridge University Press.`
  static func markdownReference(_ reference: ExportReference) -> String {
    // "n.d." ends with its own period: no second one.
    let yearEnd = reference.year.hasSuffix(".") ? "" : "."
    var text = "\(reference.authors)\(reference.authors.hasSuffix(".") ? "" : ".") \(reference.year)\(yearEnd)"
    if let title = reference.title {
      text += reference.isBook ? " *\(title)*." : " “\(title).”"
    }
    if let container = reference.container { text += " *\(container)*" + (reference.details == nil ? "." : "") }
    if let details = reference.details { text += (reference.container == nil ? " " : ", ") + details + "." }
    if let link = reference.link { text += " <\(link)>" }
    return text
  }
}
