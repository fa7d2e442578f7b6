import GlossMatching
import GlossSyntax

/// The result of checking one attributed quotation against its source's text (docs/citations-and-quotations.md), in
/// editor terms.
package struct QuoteCheck: Hashable, Sendable {
  /// The cited key.
  package var key: String
  /// The root-relative path of the document whose text was searched.
  package var sourcePath: String
  /// The passage searched ("page 4", "lines 40–52"), nil when the whole text was.
  package var passage: String?
  /// True when the quotation is in the text.
  package var isFound: Bool
  /// Where it was found, or the closest passage when it was not (nil when nothing is alike); offsets in the text.
  package var textRange: Range<Int>?
  /// How alike the closest passage is (0...1); 1 when found.
  package var similarity: Double
  /// The file's lines (1-based, inclusive) of `textRange`.
  package var lines: ClosedRange<Int>?
  /// The source's words at the closest passage, white space collapsed to single spaces (nil when found or none).
  package var sourceWords: String?
  /// The pages (1-based, as the text counts them) of `textRange`, when the text has pages: a PDF or any extracted
  /// text, or a text with page breaks; nil otherwise.
  package var pages: ClosedRange<Int>? = nil
  /// The printed page numbers of `pages` (first, last) when they differ from the text's: an offset (`214`) or the
  /// PDF's page labels (`xii`, `A-2`); nil when the PDF's own numbering is the printed one.
  package var printedPages: [String]? = nil
  /// The heading of the section holding `textRange` in a Markdown or HTML source (`2.1 Methods`), nil when none.
  package var section: String? = nil
  /// True when the source's PDF text lost its ligatures (`QuoteIndex.losesLigatures`): its words may lack the
  /// quotation's `ff`, `fi`, `fl`, `ffi` and `ffl`.
  package var sourceLosesLigatures = false

  /// Where the passage is, as the reader finds it: `p. 3`, `pp. 3-4`, `p. 215 = PDF page 3`, `§ Methods, ll. 40-42`,
  /// `l. 4`; nil when there is no range. A text with pages is named by its pages only, since its line numbers mean nothing in a PDF.
  package var place: String? {
    if let pages {
      func span(_ first: String, _ last: String, _ one: String, _ many: String) -> String {
        first == last ? "\(one) \(first)" : "\(many) \(first)-\(last)"
      }
      let first = String(pages.lowerBound)
      let last = String(pages.upperBound)
      // Printed pages that differ from the PDF's are named both ways, as a locator's are.
      guard let printedPages, printedPages.count == 2, printedPages != [first, last] else {
        return span(first, last, "p.", "pp.")
      }
      return span(printedPages[0], printedPages[1], "p.", "pp.") + " = PDF " + span(first, last, "page", "pages")
    }
    guard let lines else { return nil }
    let span = lines.count == 1 ? "l. \(lines.lowerBound)" : "ll. \(lines.lowerBound)-\(lines.upperBound)"
    return section.map { "§ \($0), " + span } ?? span
  }

  /// The source as a reader knows it, short: the key and the base name of its file (`'smith2020' (smith2020.pdf)`),
  /// never the file's whole path (a Zotero library's paths run to 150 characters).
  package var sourceName: String {
    "'\(key)' (\(PathUtilities.fileName(sourcePath)))"
  }

  /// How alike, as a whole percentage (never 100 for a mismatch).
  package var percentAlike: Int {
    let percent = Int((similarity * 100).rounded())
    return isFound ? percent : min(99, max(0, percent))
  }

  /// The `quote-mismatch` message, or what hover says first: the verdict, the source and where the quotation was
  /// found, or the closest passage and how alike it is.
  package var summary: String {
    if isFound {
      return "quotation found in \(sourceName)" + (place.map { ", \($0)" } ?? "")
    }
    guard let place else { return "quotation not found in \(sourceName)" }
    return "quotation not found in \(sourceName); closest: \(place), \(percentAlike)% alike"
  }

  /// The `quote-mismatch` message: the summary, and the closest passage's own words (bounded), so that the writer
  /// sees the difference without hovering.
  package var message: String {
    guard !isFound, place != nil, let words = sourceWords, !words.isEmpty else { return summary }
    return summary + ": “" + Self.bounded(words, to: Self.quotedWordsLimit) + "”"
  }

  /// What hover says of a source whose text lost its ligatures.
  package static let lostLigaturesNote = "its PDF text lost ligatures (ff, fi, fl, ffi, ffl): they may be missing"

  /// The most characters of the source's words a message quotes.
  package static let quotedWordsLimit = 120

  /// `text` cut to at most `limit` characters, at a word boundary when there is one, with `…` when cut.
  package static func bounded(_ text: String, to limit: Int) -> String {
    guard text.count > limit else { return text }
    let head = text.prefix(limit - 1)
    let cut = head.lastIndex(of: " ").map { head[..<$0] } ?? head
    return String(cut.isEmpty ? head : cut) + "…"
  }
}

/// What a quotation's check depends on besides its source's text: the words, the key and the locator's passage.
struct QuoteCheckKey: Hashable, Sendable {
  var text: String
  var key: String
  /// The item's first locator, its `range` zeroed (where it sits in the suffix does not change its passage).
  var locator: Locator?
}

/// Quotation-check state of a workspace: the shared lexicon, one index per quoted source document, and results per
/// note, kept current by `Workspace+Quotations.swift`.
struct QuoteState: Sendable {
  /// Token spellings shared by every index (it only grows, and is safe across threads and copies).
  let lexicon = QuoteLexicon()
  /// The indexes kept between checks, by source document path: large texts only (see `residentIndexBytes`).
  var indexes: [String: QuoteIndex] = [:]
  /// Results per note path, by what each depends on; a key's entries are dropped when its source's text changes.
  var checks: [String: QuoteCheckTable] = [:]
}
