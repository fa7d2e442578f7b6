import GlossSyntax

/// The text of a new literature note (docs/literature-notes.md): front matter, the entry's metadata and the source's
/// Zotero highlights as quotations with their citations, grouped by page. A pure function of the source.
package enum LiteratureNoteText {
  /// The note for `source`. Front-matter values are quoted by `NoteText.yamlScalar` (the one YAML quoting, which the
  /// quick fixes use too), so titles with colons, quotes or a leading `@` read back as written.
  package static func text(for source: Source) -> String {
    let key = source.key
    let title = source.title ?? key
    var front = ["citekey: " + NoteText.yamlScalar(key), "title: " + NoteText.yamlScalar(title)]
    let people = source.authors.filter { !$0.isOthers }.map(\.fullName).filter { !$0.isEmpty }
    if !people.isEmpty { front.append("authors: [" + people.map(NoteText.yamlScalar).joined(separator: ", ") + "]") }
    if let year = source.year, !year.isEmpty {
      // A plain four-digit year stays a number, as a reader writes it by hand.
      front.append("year: " + (year.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } ? year : NoteText.yamlScalar(year)))
    }
    if let doi = source.entry?.doi, !doi.isEmpty { front.append("doi: " + NoteText.yamlScalar(doi)) }
    if let url = source.url, !url.isEmpty { front.append("url: " + NoteText.yamlScalar(url)) }
    var lines = ["---"] + front + ["---", "", "# " + oneLine(title), ""]
    lines.append(metadataLine(source) + " [@\(key)]")
    lines += ["", "## Highlights", ""]
    for (page, annotations) in byPage(source.annotations) {
      lines += ["### " + page.heading, ""]
      for annotation in annotations {
        let words = oneLine(annotation.text)
        if !words.isEmpty {
          lines.append("> \(words)")
          lines.append("> — [@\(key)\(page.locator.map { ", " + $0 } ?? "")]")
          lines.append("")
        }
        let comment = annotation.comment.trimmingSpaces()
        if !comment.isEmpty {
          lines += comment.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }
          lines.append("")
        }
      }
    }
    return lines.joined(separator: "\n")
  }

  /// `Ann Smith, Bo Jones · 2020 · *Journal* · doi:10/x`, the facts the entry has.
  private static func metadataLine(_ source: Source) -> String {
    var facts: [String] = []
    let people = source.authors.filter { !$0.isOthers }.map(\.fullName).filter { !$0.isEmpty }
    if !people.isEmpty {
      facts.append(people.joined(separator: ", ") + (source.authors.contains(where: \.isOthers) ? " et al." : ""))
    }
    if let year = source.year { facts.append(year) }
    if let container = source.entry?.containerTitle { facts.append("*\(oneLine(container))*") }
    if let doi = source.entry?.doi {
      facts.append("doi:" + doi)
    } else if let url = source.url {
      facts.append("<\(url)>")
    }
    return facts.isEmpty ? "Source:" : facts.map(oneLine).joined(separator: " · ")
  }

  /// A page of highlights: its heading and the locator its citations carry.
  struct Page: Hashable {
    /// `p. 214`, `PDF page 3`, or `No page`.
    var heading: String
    /// `p. 214`, or nil when the annotation has no page.
    var locator: String?
  }

  /// The annotations with words or a comment, grouped by page in Zotero's order (by `sortIndex`, which starts with
  /// the page). The page is Zotero's page label (the printed page, which the citation's locator names), else the
  /// PDF page from the position (`p. N`, N 1-based: a locator on an unlabelled PDF names its PDF pages).
  static func byPage(_ annotations: [ZoteroAnnotation]) -> [(Page, [ZoteroAnnotation])] {
    let kept = annotations.enumerated().filter { !$0.element.text.isEmpty || !$0.element.comment.isEmpty }
      .sorted {
        $0.element.sortIndex != $1.element.sortIndex
          ? $0.element.sortIndex < $1.element.sortIndex : $0.offset < $1.offset
      }
      .map(\.element)
    var groups: [(Page, [ZoteroAnnotation])] = []
    for annotation in kept {
      let label = oneLine(annotation.pageLabel)
      let page: Page
      if !label.isEmpty {
        page = Page(heading: "p. " + label, locator: "p. " + label)
      } else if let index = annotation.pageIndex, index >= 0 {
        page = Page(heading: "p. \(index + 1)", locator: "p. \(index + 1)")
      } else {
        page = Page(heading: "No page", locator: nil)
      }
      if let last = groups.indices.last, groups[last].0 == page {
        groups[last].1.append(annotation)
      } else if let same = groups.firstIndex(where: { $0.0 == page }) {
        groups[same].1.append(annotation)
      } else {
        groups.append((page, [annotation]))
      }
    }
    return groups
  }

  /// `text` on one line: line breaks and runs of white space become one space (a highlight spans lines in the PDF).
  static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }
}
