package import GlossSyntax

extension Workspace {
  /// Every reference to what is at `offset` in the file at `path`, in path then offset order.
  ///
  /// From a citation item, a bibliography entry or anywhere in a source document: every citation item of that key
  /// (the key's range) and every BibTeX `crossref`/`xref` naming it. From a link to a note, the note's title, first
  /// heading or very start: every link to it; from a link to a heading or another heading: the links whose anchor
  /// resolves to it. From a tag: every use (case-insensitive). With `includeDeclaration`, the definitions come first: the key's bibliography entries and
  /// source documents, the heading, or the note's start.
  package func references(at offset: Int, in path: String, includeDeclaration: Bool) -> [FileLocation] {
    if let key = sourceKey(at: offset, in: path) {
      return keyReferences(key, includeDeclaration: includeDeclaration)
    }
    guard let record = notes[path] else { return [] }
    if let found = crossrefReferences(at: offset, in: path, includeDeclaration: includeDeclaration) { return found }
    switch element(at: offset, in: path) {
    case .citationItem(_, _, let item)?:
      return keyReferences(citedSourceKey(item.key), includeDeclaration: includeDeclaration)
    case .link(_, let link)?:
      guard case .note(let target, let heading) = resolve(link: link, from: path) else { return [] }
      return noteReferences(target, heading: heading, includeDeclaration: includeDeclaration)
    case .tag(_, let use)?:
      return uses(ofTag: use.name).map { FileLocation(path: $0.path, range: $0.use.range) }
    case .heading(let index, let heading)?:
      let isTitle = index == 0 && heading.level == 1
      return noteReferences(path, heading: isTitle ? nil : heading, includeDeclaration: includeDeclaration)
    case nil:
      // The very start of the note (where its code lens stands) and the front-matter title name the note, as its
      // first heading does.
      if offset == 0 { return noteReferences(path, heading: nil, includeDeclaration: includeDeclaration) }
      if let title = record.note.frontMatter?["title"], title.keyRange.lowerBound <= offset,
        offset <= Self.valueEnd(title.value, after: title.keyRange.upperBound)
      {
        return noteReferences(path, heading: nil, includeDeclaration: includeDeclaration)
      }
      return []
    }
  }

  /// Every citation item of `key` (after a CiTO property too, `@cites:key`) and every BibTeX `crossref`/`xref` naming
  /// it, after its definitions when asked.
  package func keyReferences(_ key: String, includeDeclaration: Bool) -> [FileLocation] {
    var out: [FileLocation] = []
    if includeDeclaration, let defs = definitions(ofKey: key) {
      for location in defs.entries {
        guard let entries = bibliographies[location.path]?.bibliography.entries, location.index < entries.count
        else { continue }
        out.append(FileLocation(path: location.path, range: entries[location.index].keyRange))
      }
      for documentPath in defs.documents {
        guard let record = sourceDocuments[documentPath] else { continue }
        // The front-matter `id` is where the key is written; without one the file itself defines it.
        let hasID = record.document.frontMatter?["id"] != nil && record.key == record.document.metadata.id
        out.append(FileLocation(path: documentPath, range: hasID ? record.keyRange : 0..<0))
      }
    }
    // The citations, and the BibTeX entries naming the key in `crossref`/`xref`, in path then offset order.
    var uses = citationKeyLocations(ofKey: key)
    uses += citoCitations(ofKey: key).map { FileLocation(path: $0.occurrence.path, range: $0.keyRange) }
    uses += crossReferences(to: key)
    uses.sort { $0.path != $1.path ? $0.path.utf8Precedes($1.path) : $0.range.lowerBound < $1.range.lowerBound }
    return out + uses
  }

  /// Where BibTeX entries name `key` in `crossref` or `xref` (the entries inheriting from it).
  func crossReferences(to key: String) -> [FileLocation] {
    var out: [FileLocation] = []
    for (path, record) in bibliographies {
      for entry in record.bibliography.entries {
        for reference in entry.keyReferences where reference.key == key {
          out.append(FileLocation(path: path, range: reference.range))
        }
      }
    }
    return out
  }

  /// The links to the note at `target` (every one when `heading` is nil, else those resolving to that heading),
  /// after the declaration (the heading, or the note's start) when asked.
  package func noteReferences(_ target: String, heading: Heading?, includeDeclaration: Bool) -> [FileLocation] {
    var out: [FileLocation] = []
    if includeDeclaration { out.append(FileLocation(path: target, range: heading?.range ?? 0..<0)) }
    // Links within the note itself (`[[#Heading]]`, `(#slug)`) point at its headings only.
    var linkers = backlinks(to: target)
    if heading != nil, let index = linkers.firstIndex(where: { $0 > target }) {
      linkers.insert(target, at: index)
    } else if heading != nil {
      linkers.append(target)
    }
    for linker in linkers {
      guard let note = notes[linker]?.note else { continue }
      for link in note.links where !link.isExternal {
        guard case .note(let path, let resolved) = resolve(link: link, from: linker), path == target else { continue }
        if let heading {
          guard resolved == heading else { continue }
        } else if linker == target {
          continue
        }
        out.append(FileLocation(path: linker, range: link.range))
      }
    }
    return out
  }

  /// The end of a front-matter value (a scalar's or a list's last item), or `after` when it has none.
  private static func valueEnd(_ value: FrontMatterValue, after: Int) -> Int {
    switch value {
    case .scalar(_, let range): return max(range.upperBound, after)
    case .list(let items): return max(items.last?.range.upperBound ?? after, after)
    }
  }
}
