import GlossSyntax

/// Hover, definition, references, rename and outline for cross-references and their labels.
extension Workspace {
  /// The label id under the cursor: a cross-reference's (its key with the first letter lowercased) or a label's own,
  /// with the range of what is under the cursor; nil elsewhere.
  package func crossrefID(at offset: Int, in path: String) -> (id: String, range: Range<Int>)? {
    guard let record = notes[path] else { return nil }
    func touches(_ range: Range<Int>) -> Bool { range.lowerBound <= offset && offset <= range.upperBound }
    if case .citationItem(_, _, let item)? = element(at: offset, in: path),
      touches(item.keyRange.lowerBound - 1..<item.keyRange.upperBound),
      crossrefKind(ofKey: item.key, in: record) != nil
    {
      return (Self.labelID(ofKey: item.key), item.keyRange)
    }
    if let label = record.note.labels.first(where: { touches($0.range.lowerBound - 1..<$0.range.upperBound) }),
      crossrefKind(ofKey: label.id, in: record) != nil
    {
      return (label.id, label.range)
    }
    return nil
  }

  /// Hover on a cross-reference or a label: its kind and number as Quarto shows it, and its caption.
  func crossrefHover(at offset: Int, in path: String) -> HoverText? {
    guard let (id, range) = crossrefID(at: offset, in: path) else { return nil }
    let record = notes[path]
    let kind = crossrefKind(ofKey: id, in: record)
    guard let target = labels(withID: id, from: path).first else {
      var text = "unknown cross-reference '\(HoverMarkdown.escape(id))'"
      let nearest = nearestLabels(to: id, from: path)
      if !nearest.isEmpty { text += "\n\ndid you mean " + nearest.map { "`\($0)`" }.joined(separator: ", ") + "?" }
      return HoverText(markdown: text, range: range)
    }
    var title = "**" + (kind?.name ?? "Label")
    if let number = crossrefNumber(of: target) { title += " " + number }
    title += "**"
    var lines = [title]
    if !target.label.caption.isEmpty { lines.append(HoverMarkdown.escape(target.label.caption)) }
    var place = "`\(HoverMarkdown.escape(target.label.id))`"
    if target.path != path { place += " in " + HoverMarkdown.escape(target.path) }
    let uses = references(toLabel: id, definedIn: target.path).count
    lines.append(place + " · " + HoverMarkdown.count(uses, "reference", "references"))
    return HoverText(markdown: lines.joined(separator: "\n\n"), range: range)
  }

  /// The number Quarto gives the label: its place among the labels of its kind in its document, prefixed in a book by
  /// its chapter's number (`2.3`); a heading at the top of a chapter is the chapter's number; nil for other sections.
  package func crossrefNumber(of occurrence: LabelOccurrence) -> String? {
    guard let record = notes[occurrence.path], let prefix = occurrence.label.prefix else { return nil }
    let kind = prefix.kind.lowercased()
    let chapter = chapterNumber(of: occurrence.path)
    if kind == "sec" {
      guard occurrence.label.element == .heading,
        let heading = record.note.headings.first(where: { $0.range.contains(occurrence.label.range.lowerBound) }),
        heading.level == 1, let chapter
      else { return nil }
      return String(chapter)
    }
    var index = 0
    for (position, label) in record.note.labels.enumerated() {
      guard let other = label.prefix, other.kind.lowercased() == kind, other.separator == prefix.separator else {
        continue
      }
      index += 1
      if position == occurrence.labelIndex { break }
    }
    return chapter.map { "\($0).\(index)" } ?? String(index)
  }

  /// The chapter number of a book's note: its place among the chapters whose first heading is not `.unnumbered`.
  func chapterNumber(of path: String) -> Int? {
    guard crossrefsSpanProject else { return nil }
    var number = 0
    for chapter in config.project.chapters {
      guard let normalized = PathUtilities.normalizeWithinRoot(chapter), let record = notes[normalized] else {
        continue
      }
      let unnumbered = record.note.headings.first?.isUnnumbered ?? false
      if !unnumbered { number += 1 }
      if normalized == path { return unnumbered ? nil : number }
    }
    return nil
  }

  /// The label a cross-reference under the cursor names, or the label under it.
  func crossrefDefinition(at offset: Int, in path: String) -> [FileLocation]? {
    guard let (id, _) = crossrefID(at: offset, in: path) else { return nil }
    return labels(withID: id, from: path).map { FileLocation(path: $0.path, range: $0.label.range) }
  }

  /// Every reference to the label under the cursor (or named by the cross-reference under it), after the label when
  /// asked.
  func crossrefReferences(at offset: Int, in path: String, includeDeclaration: Bool) -> [FileLocation]? {
    guard let (id, _) = crossrefID(at: offset, in: path) else { return nil }
    let targets = labels(withID: id, from: path)
    var out = includeDeclaration ? targets.map { FileLocation(path: $0.path, range: $0.label.range) } : []
    out += references(toLabel: id, definedIn: targets.first?.path ?? path).map {
      FileLocation(path: $0.path, range: $0.item.keyRange)
    }
    return out
  }

  /// Renames the label `id` seen from `path` and every reference to it (a capitalised reference stays capitalised).
  package func renameLabel(_ id: String, from path: String, to newID: String) throws(RenameError) -> WorkspaceChange {
    let newID = newID.trimmingSpaces()
    if newID == id { return WorkspaceChange() }
    guard let old = CrossrefLabel.prefix(of: id), let new = CrossrefLabel.prefix(of: newID),
      old.kind.lowercased() == new.kind.lowercased(), old.separator == new.separator,
      !newID.contains(where: { $0 == " " || $0 == "}" || $0 == "{" })
    else {
      throw RenameError("'\(newID)' is not a label of the same kind as '\(id)'")
    }
    let targets = labels(withID: id, from: path)
    var edits: [String: [WorkspaceChange.Edit]] = [:]
    for target in targets {
      edits[target.path, default: []].append(.init(range: target.label.range, newText: newID))
    }
    let capitalised = newID.prefix(1).uppercased() + newID.dropFirst()
    for use in references(toLabel: id, definedIn: targets.first?.path ?? path) {
      let text = use.item.key.first?.isUppercase == true ? capitalised : newID
      edits[use.path, default: []].append(.init(range: use.item.keyRange, newText: text))
    }
    for path in edits.keys { edits[path]?.sort { $0.range.lowerBound < $1.range.lowerBound } }
    return WorkspaceChange(edits: edits)
  }

  /// The note's cross-reference labels as outline symbols (name: the label, detail: its kind and caption); a
  /// heading's label is left out, the heading being there already.
  func labelSymbols(of note: Note, record: NoteRecord) -> [OutlineSymbol] {
    note.labels.compactMap { label in
      guard label.element != .heading, let kind = crossrefKind(ofKey: label.id, in: record) else { return nil }
      let detail = label.caption.isEmpty ? kind.name : kind.name + ": " + label.caption
      return OutlineSymbol(
        name: label.id, detail: detail, kind: .label, range: label.range, selectionRange: label.range)
    }
  }

  /// `symbols` (a tree in document order) with each of `labels` placed under the innermost symbol holding it.
  static func inserting(_ labels: [OutlineSymbol], into symbols: [OutlineSymbol]) -> [OutlineSymbol] {
    var out = symbols
    for label in labels { insert(label, into: &out) }
    return out
  }

  private static func insert(_ label: OutlineSymbol, into symbols: inout [OutlineSymbol]) {
    let at = label.range.lowerBound
    if let index = symbols.firstIndex(where: { $0.kind != .label && $0.range.contains(at) }) {
      insert(label, into: &symbols[index].children)
      return
    }
    let position = symbols.firstIndex { $0.range.lowerBound > at } ?? symbols.endIndex
    symbols.insert(label, at: position)
  }
}
