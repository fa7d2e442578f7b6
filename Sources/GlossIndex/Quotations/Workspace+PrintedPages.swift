package import GlossSyntax

/// Printed page numbers: `p. 215` of a journal article whose PDF starts at the journal's page 213 is the PDF's third
/// page.
///
/// The offset between printed and PDF pages of a source is, in order: `.gloss.json` `pageOffsets` (key → offset),
/// the text document's front matter `pageOffset`, else guessed from the entry's `pages` (`213--240`, CSL `page`)
/// when the text has exactly that many pages. A page number below the printed range is read as a PDF page.
extension Workspace {
  /// How many pages the source `key`'s printed numbers run ahead of its text's pages (0 when they are the same).
  package func pageOffset(forKey key: String, document: SourceDocument) -> Int {
    if let explicit = config.pageOffsets[key] { return explicit }
    if let entry = document.frontMatter?["pageOffset"] ?? document.frontMatter?["page-offset"],
      case .scalar(let value, _) = entry.value, let offset = Int(value)
    {
      return offset
    }
    guard let defs = definitions[key], let location = defs.entries.first,
      let record = bibliographies[location.path], location.index < record.bibliography.entries.count,
      let pages = record.bibliography.entries[location.index].pages,
      let (first, last) = Self.pageRange(pages), first > 1, last - first + 1 == document.pageCount
    else { return 0 }
    return first - 1
  }

  /// The locator as the text's pages count it: page numbers moved back by the source's page offset.
  package func textLocator(_ locator: Locator, forKey key: String, document: SourceDocument) -> Locator {
    guard locator.term == .page else { return locator }
    let offset = pageOffset(forKey: key, document: document)
    guard offset != 0, let shifted = Self.shiftingNumbers(in: locator.value, by: -offset) else { return locator }
    var out = locator
    out.value = shifted
    return out
  }

  /// A quotation's check key with its locator as the text's pages count it.
  func textCheckKey(_ checkKey: QuoteCheckKey, document: SourceDocument) -> QuoteCheckKey {
    guard let locator = checkKey.locator else { return checkKey }
    var out = checkKey
    out.locator = textLocator(locator, forKey: checkKey.key, document: document)
    return out
  }

  /// `p. 215 = PDF page 3` when printed pages differ from the text's, else nil.
  package func printedPageNote(_ locator: Locator, forKey key: String, document: SourceDocument) -> String? {
    let shifted = textLocator(locator, forKey: key, document: document)
    guard shifted != locator else { return nil }
    let written = locator.label.isEmpty ? locator.value : locator.label + " " + locator.value
    let pdf = shifted.value.contains { $0 == "-" || $0 == "," || $0 == "–" || $0 == "&" } ? "pages" : "page"
    return "\(written) = PDF \(pdf) \(shifted.value)"
  }

  /// Why a printed page is not in the text: `its 3 PDF pages are printed pages 213–215`.
  func printedPagesReason(forKey key: String, document: SourceDocument) -> String {
    let offset = pageOffset(forKey: key, document: document)
    let count = document.pageCount
    return count == 1
      ? "its one PDF page is printed page \(offset + 1)"
      : "its \(count) PDF pages are printed pages \(offset + 1)–\(offset + count)"
  }

  /// The first and last number of a page range (`213--240`, `213–240`), or nil.
  static func pageRange(_ pages: String) -> (Int, Int)? {
    let numbers = pages.split { !$0.isASCII || !$0.isNumber }.compactMap { Int($0) }
    guard let first = numbers.first else { return nil }
    let last = numbers.count > 1 ? numbers[1] : first
    return last >= first ? (first, last) : nil
  }

  /// `value` with every number moved by `delta`, or nil when a number would fall below 1 (then it is a PDF page).
  static func shiftingNumbers(in value: String, by delta: Int) -> String? {
    var out = ""
    var digits = ""
    func flush() -> Bool {
      guard !digits.isEmpty else { return true }
      guard let number = Int(digits), number + delta >= 1 else { return false }
      out += String(number + delta)
      digits = ""
      return true
    }
    for character in value {
      if character.isASCII && character.isNumber {
        digits.append(character)
      } else {
        guard flush() else { return nil }
        out.append(character)
      }
    }
    guard flush() else { return nil }
    return out
  }
}
