package import GlossSyntax

/// Where a citation can open its source (docs/literature-notes.md, "Open at the page"): the PDF at the page its
/// locator resolves to, and Zotero's reader at that page when the source is a Zotero attachment.
package struct SourceOpening: Hashable, Sendable {
  /// The cited key.
  package var key: String
  /// The index path of the PDF giving the source its text, when its text is a PDF.
  package var pdfPath: String?
  /// The 1-based PDF page (physical page, not the printed label) the locator resolves to, when it names one.
  package var page: Int?
  /// Zotero's item key of the PDF attachment, when the source comes from a Zotero library.
  package var zoteroAttachmentKey: String?

  /// An opening with every field given.
  package init(key: String, pdfPath: String? = nil, page: Int? = nil, zoteroAttachmentKey: String? = nil) {
    self.key = key
    self.pdfPath = pdfPath
    self.page = page
    self.zoteroAttachmentKey = zoteroAttachmentKey
  }

  /// `zotero://open-pdf/library/items/<KEY>?page=N`: Zotero's reader opens the attachment at `pageIndex: N - 1`, so
  /// `N` is the 1-based PDF page, as in `#page=N`; nil without an attachment key.
  package var zoteroURL: String? {
    guard let attachment = zoteroAttachmentKey, !attachment.isEmpty,
      attachment.utf8.allSatisfy({ Self.isKeyByte($0) })
    else { return nil }
    let base = "zotero://open-pdf/library/items/" + attachment
    return page.map { base + "?page=\($0)" } ?? base
  }

  /// The fragment opening a PDF viewer at the page (`#page=N`), empty without a page.
  package var pageFragment: String { page.map { "#page=\($0)" } ?? "" }

  /// Whether there is anything to open.
  package var isEmpty: Bool { pdfPath == nil && zoteroURL == nil }

  /// Zotero's item keys are eight letters and digits; anything else is not put in a URL.
  private static func isKeyByte(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }
}

extension Workspace {
  /// Where the citation item at `offset` of the note at `path` opens its source; nil off a citation item or when
  /// its source has no PDF and no Zotero attachment.
  package func sourceOpening(at offset: Int, in path: String) -> SourceOpening? {
    guard case .citationItem(let ci, let ii, let item)? = element(at: offset, in: path) else { return nil }
    let locator = notes[path]?.locators.first { $0.citationIndex == ci && $0.itemIndex == ii }?.locator
    return sourceOpening(forKey: item.key, locator: locator)
  }

  /// Where the source `key` opens at `locator` (a page locator; others open the first page); nil when it has no PDF
  /// and no Zotero attachment.
  package func sourceOpening(forKey key: String, locator: Locator?) -> SourceOpening? {
    guard let source = source(forKey: citedSourceKey(key)) else { return nil }
    let opening = sourceOpening(for: source, locator: locator)
    return opening.isEmpty ? nil : opening
  }

  /// Where `source` opens at `locator`: the PDF page the locator resolves to, through the source's printed pages
  /// (`textLocator(_:forKey:document:)`), so that `p. xii` opens the PDF page labelled xii.
  package func sourceOpening(for source: Source, locator: Locator?) -> SourceOpening {
    var opening = SourceOpening(key: source.key, zoteroAttachmentKey: source.zoteroAttachmentKey)
    guard let textPath = source.textPath, ExtractedFormat(path: textPath) == .pdf else { return opening }
    opening.pdfPath = textPath
    if let document = source.textDocument, let locator, locator.term == .page,
      case .resolved(let passage) = document.passage(for: textLocator(locator, forKey: source.key, document: document))
    {
      opening.page = document.pageStarts.lastIndex { $0 <= passage.textRange.lowerBound }.map { $0 + 1 }
    }
    return opening
  }

  /// `file://` and the percent-encoded absolute path of the index path `path`, when the root is known.
  package func fileURL(ofIndexPath path: String) -> String? {
    let absolute: String
    if path.hasPrefix("/") {
      absolute = path
    } else if let root = place.root {
      absolute = (root.hasSuffix("/") ? root : root + "/") + path
    } else {
      return nil
    }
    var out = "file://"
    for byte in absolute.utf8 {
      let plain =
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        || "-._~/".utf8.contains(byte)
      if plain {
        out.unicodeScalars.append(UnicodeScalar(byte))
      } else {
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        out += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 15)])
      }
    }
    return out
  }

  /// The hover line offering both openings: `[Open PDF at page 2](file://…#page=2) · [Open in Zotero](zotero://…)`;
  /// nil when there is nothing to open.
  func openingMarkdown(_ opening: SourceOpening) -> String? {
    var links: [String] = []
    let at = opening.page.map { " at page \($0)" } ?? ""
    if let pdf = opening.pdfPath, let url = fileURL(ofIndexPath: pdf) {
      links.append("[Open PDF\(at)](\(url + opening.pageFragment))")
    }
    if let zotero = opening.zoteroURL { links.append("[Open in Zotero\(at)](\(zotero))") }
    return links.isEmpty ? nil : links.joined(separator: " · ")
  }
}
