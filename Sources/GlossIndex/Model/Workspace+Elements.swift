package import GlossSyntax

/// The syntax element under a cursor in a note.
package enum NoteElement: Hashable, Sendable {
  /// A cited item (`citationIndex`, `itemIndex` into `note.citations`).
  case citationItem(citationIndex: Int, itemIndex: Int, CitationItem)
  /// A link (index into `note.links`).
  case link(index: Int, Link)
  /// A tag use (index into `note.tags`).
  case tag(index: Int, TagUse)
  /// A heading (index into `note.headings`).
  case heading(index: Int, Heading)
}

extension Workspace {
  /// The citation item, link, tag or heading at `offset` (a cursor touching an element's end counts).
  package func element(at offset: Int, in path: String) -> NoteElement? {
    guard let note = notes[path]?.note else { return nil }
    func touches(_ range: Range<Int>) -> Bool { range.lowerBound <= offset && offset <= range.upperBound }

    if let ci = note.citations.firstIndex(where: { touches($0.range) }) {
      let items = note.citations[ci].items
      if let ii = items.firstIndex(where: { touches($0.keyRange) }) {
        return .citationItem(citationIndex: ci, itemIndex: ii, items[ii])
      }
      // A wiki link written inside the citation (`@key [[Note]]`) is what the cursor is on there.
      if let index = note.links.firstIndex(where: { $0.isInCitation && touches($0.range) }) {
        return .link(index: index, note.links[index])
      }
      if let ii = items.firstIndex(where: { touches($0.range) }) ?? (items.isEmpty ? nil : 0) {
        return .citationItem(citationIndex: ci, itemIndex: ii, items[ii])
      }
    }
    if let index = note.links.firstIndex(where: { touches($0.range) }) { return .link(index: index, note.links[index]) }
    // An inline tag's range starts after its `#`, where the cursor often is.
    if let index = note.tags.firstIndex(where: {
      touches(($0.isInFrontMatter ? 0 : -1) + $0.range.lowerBound..<$0.range.upperBound)
    }) {
      return .tag(index: index, note.tags[index])
    }
    if let index = note.headings.firstIndex(where: { touches($0.range) }) {
      return .heading(index: index, note.headings[index])
    }
    return nil
  }

  /// The key defined at `offset` in a bibliography file (the entry around it) or by a source document (anywhere).
  package func sourceKey(at offset: Int, in path: String) -> String? {
    if let record = sourceDocuments[path] { return record.key }
    guard let entries = bibliographies[path]?.bibliography.entries else { return nil }
    return entries.first { $0.range.lowerBound <= offset && offset <= $0.range.upperBound }?.key
  }
}
