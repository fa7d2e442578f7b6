package import GlossSyntax

extension Workspace {
  /// The passages a reader marked in Zotero in the source `key`'s PDF that can be quoted: highlights and
  /// underlines with their words, in Zotero's order (docs/zotero.md).
  package func highlights(ofKey key: String) -> [ZoteroAnnotation] {
    guard let source = source(forKey: key) else { return [] }
    return source.annotations.filter { ($0.kind == .highlight || $0.kind == .underline) && !$0.quotedText.isEmpty }
  }

  /// The quotation of `highlight` with its citation: `"highlighted words" [@key, p. 214]`, the page being the label
  /// Zotero stored (the printed page), or none when it stored none.
  package static func quotation(of highlight: ZoteroAnnotation, key: String) -> String {
    let locator = highlight.pageLabel.isEmpty ? "" : ", p. \(highlight.pageLabel)"
    return "\"\(highlight.quotedText)\" [@\(key)\(locator)]"
  }

  /// The highlights of `key` whose words or comment hold every word of `prefix` (case-insensitive), as completions
  /// replacing `replace` (the citation typed so far) with the quotation and its citation.
  func highlightCompletions(key: String, prefix: String, replace: Range<Int>) -> CompletionResult {
    let words = prefix.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    var items: [CompletionCandidate] = []
    for highlight in highlights(ofKey: key) {
      let haystack = (highlight.quotedText + " " + highlight.comment).lowercased()
      guard words.allSatisfy({ haystack.contains($0) }) else { continue }
      let page = highlight.pageLabel.isEmpty ? "" : "p. \(highlight.pageLabel)"
      let detail = [page, highlight.comment].filter { !$0.isEmpty }.joined(separator: " — ")
      items.append(
        CompletionCandidate(
          kind: .highlight, label: Self.shortened(highlight.quotedText, to: 80), detail: detail.isEmpty ? nil : detail,
          filterText: "[@\(key), " + prefix + " " + highlight.quotedText + " " + highlight.comment,
          newText: Self.quotation(of: highlight, key: key), replaceRange: replace, sourceKey: key))
      if items.count == Self.completionLimit { break }
    }
    return CompletionResult(items: items, isIncomplete: true)
  }

  /// `text` cut at a word boundary to at most `limit` characters, with `…` when cut.
  static func shortened(_ text: String, to limit: Int) -> String {
    guard text.count > limit else { return text }
    var cut = String(text.prefix(limit))
    if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > limit / 2 {
      cut = String(cut[..<space])
    }
    return cut + "…"
  }
}

extension ZoteroAnnotation {
  /// The marked words as a quotation gives them: on one line, spaces collapsed, inner double quotes made single.
  package var quotedText: String {
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" })
    return String(words.joined(separator: " ").map { $0 == "\"" ? "'" : $0 })
  }
}

extension Workspace {
  /// The highlights of the sources `keys` (those the note cites) whose words or comment hold every word of
  /// `prefix`, as completions of a blockquote line: the highlight's words, then a line `linePrefix — [@key, p. 214]`
  /// citing it, the form the quotation check reads (docs/zotero.md); the words alone when `linePrefix` is nil (the
  /// blockquote's citation line is already written). Nothing without a highlight to offer.
  func blockquoteHighlightCompletions(
    keys: [String], prefix: String, linePrefix: String?, replace: Range<Int>
  ) -> CompletionResult {
    let words = prefix.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    var items: [CompletionCandidate] = []
    for key in keys {
      for highlight in highlights(ofKey: key) {
        let haystack = (highlight.quotedText + " " + highlight.comment).lowercased()
        guard words.allSatisfy({ haystack.contains($0) }) else { continue }
        let page = highlight.pageLabel.isEmpty ? "" : "p. \(highlight.pageLabel)"
        let detail = (["@" + key, page, highlight.comment].filter { !$0.isEmpty }).joined(separator: " — ")
        let citation = "[@\(key)\(page.isEmpty ? "" : ", " + page)]"
        items.append(
          CompletionCandidate(
            kind: .highlight, label: Self.shortened(highlight.quotedText, to: 80), detail: detail,
            filterText: prefix + " " + highlight.quotedText + " " + highlight.comment,
            newText: highlight.quotedText + (linePrefix.map { "\n" + $0 + "— " + citation } ?? ""),
            replaceRange: replace, sourceKey: key))
        if items.count == Self.completionLimit { return CompletionResult(items: items, isIncomplete: true) }
      }
    }
    return CompletionResult(items: items, isIncomplete: true)
  }
}

extension Workspace {
  /// The highlights of `key` on the pages `locator` names (a page or a page range, by the labels Zotero stored):
  /// what hover shows under a citation; all of them when there is no page locator.
  package func highlights(ofKey key: String, on locator: Locator?) -> [ZoteroAnnotation] {
    let all = highlights(ofKey: key)
    guard let locator else { return all }
    guard locator.term == .page else { return [] }
    let bounds = locator.value.split(whereSeparator: { $0 == "-" || $0 == "–" || $0 == "," }).map {
      String($0).trimmingSpaces()
    }
    let low = bounds.first.flatMap { Int($0) }
    let high = bounds.last.flatMap { Int($0) }
    return all.filter { highlight in
      if let low, let high, let page = Int(highlight.pageLabel) { return low <= page && page <= high }
      return bounds.contains(highlight.pageLabel)
    }
  }

  /// The hover section listing the highlights of `key` on the cited pages, nil when there are none.
  func highlightsMarkdown(ofKey key: String, locator: Locator?) -> String? {
    let shown = highlights(ofKey: key, on: locator)
    guard !shown.isEmpty else { return nil }
    let place = locator.map { " on \($0.label.isEmpty ? $0.value : $0.label + " " + $0.value)" } ?? ""
    var lines = ["Zotero highlights\(place):"]
    for highlight in shown.prefix(Self.highlightsShown) {
      var line = "- \"\(HoverMarkdown.escape(Self.shortened(highlight.quotedText, to: 240)))\""
      if !highlight.pageLabel.isEmpty { line += " (p. \(HoverMarkdown.escape(highlight.pageLabel)))" }
      if !highlight.comment.isEmpty { line += " — \(HoverMarkdown.escape(highlight.comment))" }
      lines.append(line)
    }
    if shown.count > Self.highlightsShown { lines.append("- … \(shown.count - Self.highlightsShown) more") }
    return lines.joined(separator: "\n")
  }

  /// How many highlights hover lists.
  static let highlightsShown = 8
}

extension Workspace {
  /// The Zotero highlights whose words or comment hold `phrase` (spaces collapsed, case ignored), at most `limit`,
  /// by key then in Zotero's order: what `gloss find` adds to the places found in the sources' text.
  package func highlights(matching phrase: String, limit: Int = 50) -> [(key: String, highlight: ZoteroAnnotation)] {
    let wanted = Self.wantedInHighlights(phrase)
    guard !wanted.isEmpty, limit > 0 else { return [] }
    return Array(
      everyHighlight.lazy.filter { Self.highlight($0.highlight.quotedText, $0.highlight.comment, holds: wanted) }
        .prefix(limit))
  }

  /// Every highlight `highlights(matching:)` may answer, in its order: by key, then in Zotero's order.
  package var everyHighlight: [(key: String, highlight: ZoteroAnnotation)] {
    var keys: Set<String> = []
    for record in bibliographies.values where record.isZoteroLibrary {
      for (index, attachments) in record.zoteroAttachments.enumerated()
      where attachments.contains(where: { !$0.annotations.isEmpty }) && index < record.bibliography.entries.count {
        keys.insert(record.bibliography.entries[index].key)
      }
    }
    return keys.sorted().flatMap { key in highlights(ofKey: key).map { (key, $0) } }
  }

  /// `phrase` as `highlights(matching:)` looks for it: spaces collapsed, lowercased.
  package static func wantedInHighlights(_ phrase: String) -> String {
    phrase.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ").lowercased()
  }

  /// Whether a highlight's words (`quotedText`) or comment hold `wanted` (`wantedInHighlights`).
  package static func highlight(_ quotedText: String, _ comment: String, holds wanted: String) -> Bool {
    quotedText.lowercased().contains(wanted) || comment.lowercased().contains(wanted)
  }
}

extension Workspace {
  /// How many highlights the code action on a citation offers.
  static let highlightActionsOffered = 10

  /// "Insert a highlight as quotation" for each Zotero highlight of the source cited at `offset` in the note at
  /// `path` (those on the cited pages when the citation has a page locator): the citation is replaced with the
  /// highlight's words in quotation marks and a citation of its page (docs/zotero.md).
  package func highlightQuotationActions(at offset: Int, in path: String) -> [CiteAction] {
    guard let record = notes[path],
      let citationIndex = record.note.citations.firstIndex(where: {
        $0.range.lowerBound <= offset && offset <= $0.range.upperBound
      })
    else { return [] }
    let citation = record.note.citations[citationIndex]
    guard citation.items.count == 1, let item = citation.items.first else { return [] }
    let key = citedSourceKey(item.key)
    let locator = record.locators.first { $0.citationIndex == citationIndex && $0.itemIndex == 0 }?.locator
    var shown = highlights(ofKey: key, on: locator)
    if shown.isEmpty { shown = highlights(ofKey: key) }
    return shown.prefix(Self.highlightActionsOffered).map { highlight in
      let page = highlight.pageLabel.isEmpty ? "" : " (p. \(highlight.pageLabel))"
      return CiteAction(
        title: "Insert a highlight as quotation: \"\(Self.shortened(highlight.quotedText, to: 50))\"\(page)",
        change: WorkspaceChange(edits: [
          path: [WorkspaceChange.Edit(range: citation.range, newText: Self.quotation(of: highlight, key: key))]
        ]))
    }
  }
}
