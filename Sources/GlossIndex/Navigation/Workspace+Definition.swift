import GlossSyntax

extension Workspace {
  /// Where the element at `offset` in the note at `path` is defined; empty when nothing there has a definition.
  ///
  /// A citation item leads to its locator's passage in the source document when it resolves, else to the start of
  /// the source's text document, else to its bibliography entry, and then to its literature note; a link leads to the note's start or the heading,
  /// to every candidate when it is ambiguous, or to the file it names.
  package func definition(at offset: Int, in path: String) -> [FileLocation] {
    if let labels = crossrefDefinition(at: offset, in: path) { return labels }
    switch element(at: offset, in: path) {
    case .citationItem(let ci, let ii, let item)?:
      return citationDefinition(path: path, citationIndex: ci, itemIndex: ii, key: item.key)
    case .link(_, let link)?:
      return linkDefinition(link, from: path)
    case .tag?, .heading?, nil:
      return []
    }
  }

  private func citationDefinition(path: String, citationIndex: Int, itemIndex: Int, key: String) -> [FileLocation] {
    let key = citedSourceKey(key)
    let places = sourceDefinition(path: path, citationIndex: citationIndex, itemIndex: itemIndex, key: key)
    // The source's literature note is offered beside the source (not from inside that note).
    guard let note = literatureNote(forKey: key), note != path, !places.isEmpty else { return places }
    return places + [.start(of: note)]
  }

  private func sourceDefinition(path: String, citationIndex: Int, itemIndex: Int, key: String) -> [FileLocation] {
    guard let source = source(forKey: key) else { return [] }
    if let document = source.textDocument, let textPath = source.textPath {
      let located = notes[path]?.locators.first { $0.citationIndex == citationIndex && $0.itemIndex == itemIndex }
      if let locator = located?.locator,
        let passage = document.passage(for: textLocator(locator, forKey: key, document: document)).passage
      {
        return [FileLocation(path: textPath, range: passage.fileRange)]
      }
      return [.start(of: textPath)]
    }
    if let location = source.entryLocation, let entry = source.entry {
      return [FileLocation(path: location.path, range: entry.range)]
    }
    return []
  }

  private func linkDefinition(_ link: Link, from path: String) -> [FileLocation] {
    switch resolve(link: link, from: path) {
    case .note(let notePath, let heading):
      return [FileLocation(path: notePath, range: heading?.range ?? 0..<0)]
    case .missingAnchor(let notePath, _):
      return [.start(of: notePath)]
    case .file(let filePath):
      return [.start(of: filePath)]
    case .ambiguous(let candidates):
      return candidates.map(FileLocation.start(of:))
    case .external, .missing:
      return []
    }
  }
}
