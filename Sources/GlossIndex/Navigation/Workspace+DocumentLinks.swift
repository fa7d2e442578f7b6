import GlossSyntax

/// A clickable span of a note and where it leads.
package struct DocumentLinkTarget: Hashable, Sendable {
  /// Where a link leads.
  package enum Destination: Hashable, Sendable {
    /// A file of the workspace (a note, image, PDF or source document), root-relative.
    case file(path: String)
    /// An external URL, as written (or built from a DOI).
    case url(String)
    /// A page of a PDF (opened as `file:///….pdf#page=N`), by index path.
    case pdfPage(path: String, page: Int)
    /// The first of these index paths that exists on disk, if any (a `file` field's path, tried where it may be).
    case existingFile(candidates: [String])
  }

  /// The span: a link's target (and anchor), or a citation item's key; UTF-8 offsets.
  package var range: Range<Int>
  package var destination: Destination
  /// What the link is, shown on hover by some clients (`Remembering (Bartlett 1932)`).
  package var tooltip: String?

  /// A link from its parts.
  package init(range: Range<Int>, destination: Destination, tooltip: String? = nil) {
    self.range = range
    self.destination = destination
    self.tooltip = tooltip
  }
}

extension Workspace {
  /// The links of the note at `path`, in document order: links to notes and other files (the file itself, without
  /// the heading), external URLs, and each cited key whose source has a DOI (`https://doi.org/…`), else a URL,
  /// else a text document. In a bibliography file: each entry's URL, DOI and `file` paths (`bibliographyLinks`).
  package func documentLinks(in path: String) -> [DocumentLinkTarget] {
    guard let record = notes[path] else { return bibliographyLinks(in: path) }
    var out: [DocumentLinkTarget] = []
    for link in record.note.links {
      // The span clients underline: the target and its anchor, where the click leads.
      let end = link.anchorRange?.upperBound ?? link.targetRange.upperBound
      let span = link.targetRange.lowerBound..<max(link.targetRange.upperBound, end)
      if link.isExternal {
        if !link.target.isEmpty { out.append(DocumentLinkTarget(range: span, destination: .url(link.target))) }
        continue
      }
      // Links within the note (`[[#Heading]]`, `(#slug)`) lead nowhere a file URI can say.
      guard !link.target.isEmpty else { continue }
      switch resolve(link: link, from: path) {
      case .note(let target, _), .missingAnchor(let target, _):
        out.append(DocumentLinkTarget(range: span, destination: .file(path: target), tooltip: notes[target]?.title))
      case .file(let target):
        out.append(DocumentLinkTarget(range: span, destination: .file(path: target)))
      case .external, .missing, .ambiguous:
        break
      }
    }
    let locators = record.locators
    for (ci, citation) in record.note.citations.enumerated() {
      for (ii, item) in citation.items.enumerated() {
        guard let source = source(forKey: item.key) else { continue }
        let located = locators.first { $0.citationIndex == ci && $0.itemIndex == ii }
        let opening = sourceOpening(for: source, locator: located?.locator)
        let at = opening.page.map { " at page \($0)" } ?? ""
        if let zotero = opening.zoteroURL {
          // A Zotero attachment opens in Zotero's reader from the key, and in the PDF viewer from the locator: a
          // span holds one link.
          out.append(
            DocumentLinkTarget(range: item.keyRange, destination: .url(zotero), tooltip: "Open in Zotero\(at)"))
          if let pdf = opening.pdfPath, let located, let page = opening.page {
            out.append(
              DocumentLinkTarget(
                range: located.range, destination: .pdfPage(path: pdf, page: page), tooltip: "Open PDF\(at)"))
          }
          continue
        }
        let destination: DocumentLinkTarget.Destination
        if let page = opening.page, let pdf = opening.pdfPath {
          // A cited page of a PDF opens the PDF there, rather than the work's landing page.
          destination = .pdfPage(path: pdf, page: page)
        } else if let doi = source.entry?.doi, let url = Self.doiURL(doi) {
          destination = .url(url)
        } else if let url = source.url, !url.isEmpty {
          destination = .url(url)
        } else if let textPath = source.textPath {
          destination = .file(path: textPath)
        } else {
          continue
        }
        out.append(DocumentLinkTarget(range: item.keyRange, destination: destination, tooltip: source.title))
      }
    }
    return out.sorted { $0.range.lowerBound < $1.range.lowerBound }
  }

  /// `https://doi.org/…` for a DOI written bare, as `doi:…` or as a DOI URL; nil when it is empty.
  static func doiURL(_ doi: String) -> String? {
    var bare = Substring(doi.trimmingSpaces())
    for prefix in ["https://doi.org/", "http://doi.org/", "https://dx.doi.org/", "http://dx.doi.org/", "doi:"]
    where bare.lowercased().hasPrefix(prefix) {
      bare = bare.dropFirst(prefix.count)
      break
    }
    guard !bare.isEmpty else { return nil }
    // DOIs may hold characters a URI must escape (`<`, `>`, `#`, space); `/` and `;` stay as they are.
    var out = "https://doi.org/"
    for byte in bare.utf8 {
      let isPlain =
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        || "-._~/:;()".utf8.contains(byte)
      out += isPlain ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true).leftPadded()
    }
    return out
  }
}

extension String {
  /// Two hex digits.
  fileprivate func leftPadded() -> String { count < 2 ? "0" + self : self }
}
