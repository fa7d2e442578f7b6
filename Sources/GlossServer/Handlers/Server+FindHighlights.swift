import GlossIndex
import GlossSyntax
import LanguageServerProtocol

/// The Zotero highlights `gloss.find` lists after the places in the sources' text (docs/commands.md, docs/zotero.md):
/// the same highlights and fields as `gloss find`'s `highlights`, each placed where the editor can open it.
extension Server {
  /// The highlights of every root whose words or comment hold `phrase`, at most `limit`, each as a `gloss.find`
  /// item: `uri` and `range` where its words are in the source's text (else the start of its page, else of the
  /// text), `citation`, `key`, `locator`, `context` (`highlight "…" — comment`), `likeness` 1, and `highlight`
  /// (`text`, `comment`, `pageLabel`, `annotationKey`, as the command line's JSON). A highlight whose source has no
  /// text has nowhere to be opened and is left out.
  func foundHighlights(_ phrase: String, limit: Int) -> [JSONValue] {
    var out: [JSONValue] = []
    for root in roots where out.count < limit {
      for (key, highlight) in root.workspace.highlights(matching: phrase, limit: limit - out.count) {
        guard let place = highlightPlace(highlight, key: key, in: root),
          let text = text(of: place.path, in: root.id)
        else { continue }
        let uri = textURI(for: place.path, in: root.id) ?? root.uri(for: place.path)
        let range = text.lspRange(of: place.range, in: connection.positionEncoding)
        let locator = highlight.pageLabel.isEmpty ? nil : "p. \(highlight.pageLabel)"
        var item: [String: JSONValue] = [
          "uri": .string(uri),
          "range": .object([
            "start": .object(["line": .int(range.start.line), "character": .int(range.start.character)]),
            "end": .object(["line": .int(range.end.line), "character": .int(range.end.character)]),
          ]),
          "citation": .string(locator.map { "[@\(key), \($0)]" } ?? "[@\(key)]"),
          "key": .string(key),
          "context": .string(
            "highlight \"\(highlight.quotedText)\"" + (highlight.comment.isEmpty ? "" : " — \(highlight.comment)")),
          "likeness": .double(1),
          "highlight": .object([
            "text": .string(highlight.quotedText), "comment": .string(highlight.comment),
            "pageLabel": .string(highlight.pageLabel), "annotationKey": .string(highlight.key),
          ]),
        ]
        if let locator { item["locator"] = .string(locator) }
        out.append(.object(item))
      }
    }
    return out
  }

  /// Where `highlight` of `key` is in the source's text file: its words as the search finds them in that source,
  /// else the start of the PDF page Zotero stored, else the start of the text; nil when the source has no text.
  private func highlightPlace(
    _ highlight: ZoteroAnnotation, key: String, in root: WorkspaceRoot
  ) -> (path: String, range: Range<Int>)? {
    guard let source = root.workspace.source(forKey: key), let path = source.textPath else { return nil }
    if let found = root.workspace.findIfPrepared(highlight.quotedText, limit: 10)?.places.first(where: {
      $0.key == key && $0.path == path
    }) {
      return (path, found.fileRange)
    }
    if let index = highlight.pageIndex, let document = source.textDocument,
      let passage = document.passage(
        for: Locator(term: .page, label: "p.", value: String(index + 1), range: 0..<0)
      ).passage
    {
      return (path, passage.fileRange.lowerBound..<passage.fileRange.lowerBound)
    }
    return (path, 0..<0)
  }
}
