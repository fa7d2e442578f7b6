package import GlossSyntax

/// How a source's printed page numbers map to its text's pages.
enum PrintedPages: Equatable {
  /// Printed pages run `offset` ahead of the text's (0 when they are the same).
  case offset(Int)
  /// The pages of the source's PDF are labelled (`i`–`vi`, `1`–`14`, `A-1`).
  case labels(PageLabels)

  /// The printed number of the text's page `page` (1-based), nil when it is the text's own number.
  func label(ofTextPage page: Int) -> String? {
    switch self {
    case .offset(let offset): offset == 0 ? nil : String(page + offset)
    case .labels(let labels): labels.label(ofPage: page)
    }
  }
}

/// Printed page numbers: `p. 215` of a journal article whose PDF starts at the journal's page 213 is the PDF's third
/// page; `p. xii` of a thesis is the PDF page its page labels call `xii`.
///
/// The printed numbers of a source are, in order: `.gloss.json` `pageOffsets` (key → offset) or the text document's
/// front matter `pageOffset`; the page labels of its PDF (unless they are the PDF's own numbering); an offset guessed
/// from the entry's `pages` (`213--240`, CSL `page`) when the text has exactly that many pages; else the PDF's own
/// numbering. With an offset, a page number below the printed range is read as a PDF page; with page labels, a page
/// that is no page's label does not exist.
extension Workspace {
  /// How the printed pages of source `key` map to its text's pages.
  func printedPages(forKey key: String, document: SourceDocument) -> PrintedPages {
    if let explicit = config.pageOffsets[key] { return .offset(explicit) }
    if let entry = document.frontMatter?["pageOffset"] ?? document.frontMatter?["page-offset"],
      case .scalar(let value, _) = entry.value, let offset = Int(value)
    {
      return .offset(offset)
    }
    if let labels = document.pageLabels, !labels.isPlainNumbering { return .labels(labels) }
    guard let defs = definitions[key], let location = defs.entries.first,
      let record = bibliographies[location.path], location.index < record.bibliography.entries.count,
      let pages = record.bibliography.entries[location.index].pages,
      let (first, last) = Self.pageRange(pages), first > 1, last - first + 1 == document.pageCount
    else { return .offset(0) }
    return .offset(first - 1)
  }

  /// The locator as the text's pages count it: printed page numbers turned into the text's. With page labels, a
  /// value naming no labelled page becomes the page after the last, so that it does not resolve.
  package func textLocator(_ locator: Locator, forKey key: String, document: SourceDocument) -> Locator {
    guard locator.term == .page else { return locator }
    let shifted: String?
    switch printedPages(forKey: key, document: document) {
    case .offset(let offset):
      shifted = offset == 0 ? nil : Self.shiftingNumbers(in: locator.value, by: -offset)
    case .labels(let labels):
      shifted =
        Self.labelledPages(locator.value, labels: labels, pageCount: document.pageCount)
        ?? String(document.pageCount + 1)
    }
    guard let shifted else { return locator }
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

  /// Why a printed page is not in the text: `its 3 PDF pages are printed pages 213–215`, `its 20 PDF pages are
  /// printed pages i–vi, 1–14`.
  func printedPagesReason(forKey key: String, document: SourceDocument) -> String {
    let count = document.pageCount
    switch printedPages(forKey: key, document: document) {
    case .offset(let offset):
      return count == 1
        ? "its one PDF page is printed page \(offset + 1)"
        : "its \(count) PDF pages are printed pages \(offset + 1)–\(offset + count)"
    case .labels(let labels):
      let summary = labels.summary(pageCount: count)
      return count == 1
        ? "its one PDF page is printed page \(summary)" : "its \(count) PDF pages are printed \(summary)"
    }
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

  /// A page value written in printed labels (`xii`, `xii-xiv`, `A-1–A-3`, `12-13, 15`) as the PDF pages they label
  /// (`12`, `12-14`, `7-9`, `18-19, 21`), nil when a part labels no page. A label may hold a hyphen (`A-1`), so a
  /// range is split where both sides are labels; `123-8` is 123–128, as elsewhere.
  static func labelledPages(_ value: String, labels: PageLabels, pageCount: Int) -> String? {
    var out = ""
    var item = ""
    func flush() -> Bool {
      let trimmed = item.trimming(.whitespaces)
      item = ""
      guard !trimmed.isEmpty else { return true }
      guard let pages = labelledSpan(trimmed, labels: labels, pageCount: pageCount) else { return false }
      out += pages
      return true
    }
    for character in value {
      if character == "," || character == "&" {
        guard flush() else { return nil }
        out += character == "," ? ", " : " & "
      } else {
        item.append(character)
      }
    }
    guard flush() else { return nil }
    return out
  }

  /// One page or range of `labelledPages`.
  private static func labelledSpan(_ text: String, labels: PageLabels, pageCount: Int) -> String? {
    if let page = labels.page(labelled: text, pageCount: pageCount) { return String(page) }
    let characters = Array(text)
    for separator in [["–"], ["—"], ["-", "-"], ["-"]] as [[Character]] {
      for start in characters.indices where characters[start...].starts(with: separator) {
        let left = String(characters[..<start]).trimming(.whitespaces)
        var right = String(characters[(start + separator.count)...]).trimming(.whitespaces)
        guard !left.isEmpty, !right.isEmpty, let first = labels.page(labelled: left, pageCount: pageCount) else {
          continue
        }
        // `123-8`: the right side is the left's last digits.
        if right.count < left.count, right.allSatisfy({ $0.isASCII && $0.isNumber }),
          left.allSatisfy({ $0.isASCII && $0.isNumber })
        {
          let expanded = String(left.dropLast(right.count)) + right
          if let a = Int(left), let b = Int(expanded), b > a { right = expanded }
        }
        guard let last = labels.page(labelled: right, pageCount: pageCount), last >= first else { continue }
        return first == last ? String(first) : "\(first)-\(last)"
      }
    }
    return nil
  }
}
