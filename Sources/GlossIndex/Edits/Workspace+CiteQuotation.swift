import GlossSyntax

/// A code action that cites a quotation where the sources hold it (SPEC §5 `gloss.find`): a title and the edit.
package struct CiteAction: Hashable, Sendable {
  /// What the editor shows: `cite [@key, p. 4]`.
  package var title: String
  /// The edit of the note.
  package var change: WorkspaceChange
}

/// Citing a quotation from where it really is: on a quotation without a citation, a citation for each place the
/// sources hold it; on a `quote-mismatch`, the places elsewhere (another source, another page) that hold it.
extension Workspace {
  /// The most places a quotation's citing actions offer.
  static let citePlacesOffered = 5

  /// "cite [@key, p. 4]" for each place holding the quotation without a citation at `offset` of the note at `path`
  /// (whose current text is `bytes`); empty when there is no such quotation there or it is found nowhere.
  package func citeQuotationActions(at offset: Int, in path: String, text bytes: [UInt8]) -> [CiteAction] {
    guard let quotation = Self.uncitedQuotation(at: offset, in: bytes),
      !(notes[path]?.quotations.contains { $0.range.overlaps(quotation.words) } ?? false)
    else { return [] }
    let words = String(decoding: bytes[quotation.words], as: UTF8.self)
    return foundPlaces(words, limit: Self.citePlacesOffered).compactMap { place in
      guard let citation = place.citation else { return nil }
      return CiteAction(
        title: "cite \(citation)",
        change: WorkspaceChange(edits: [
          path: [WorkspaceChange.Edit(range: quotation.end..<quotation.end, newText: " " + citation)]
        ]))
    }
  }

  /// "cite [@key, p. 4] instead" for a `quote-mismatch` whose quotation another source or another passage holds,
  /// exactly (each offered place is checked as the quotation would then be).
  func citeElsewhereFixes(_ diagnostic: Diagnostic) -> [QuickFix] {
    guard let record = notes[diagnostic.path],
      let quotation = record.quotations.first(where: { $0.range == diagnostic.range }),
      quotation.citationIndex < record.note.citations.count,
      quotation.itemIndex < record.note.citations[quotation.citationIndex].items.count
    else { return [] }
    let citation = record.note.citations[quotation.citationIndex]
    let item = citation.items[quotation.itemIndex]
    let written = record.locators.first {
      $0.citationIndex == quotation.citationIndex && $0.itemIndex == quotation.itemIndex
    }
    var fixes: [QuickFix] = []
    for place in foundPlaces(quotation.text, limit: Self.citePlacesOffered * 2) {
      guard fixes.count < Self.citePlacesOffered, let key = place.key, let locatorText = place.locator,
        let citationText = place.citation
      else { continue }
      // Only a place where the quotation, as written (case included), would be found.
      var locator = Locator.first(in: locatorText)
      locator?.range = 0..<0
      guard let check = computeQuoteCheck(QuoteCheckKey(text: quotation.text, key: key, locator: locator)),
        check.isFound
      else { continue }
      var edits: [WorkspaceChange.Edit] = []
      if key != item.key { edits.append(WorkspaceChange.Edit(range: item.keyRange, newText: key)) }
      if let written {
        edits.append(WorkspaceChange.Edit(range: written.range, newText: locatorText))
      } else if citation.isBracketed {
        edits.append(
          WorkspaceChange.Edit(range: item.keyRange.upperBound..<item.keyRange.upperBound, newText: ", " + locatorText))
      } else {
        edits.append(
          WorkspaceChange.Edit(range: item.keyRange.upperBound..<item.keyRange.upperBound, newText: " [\(locatorText)]")
        )
      }
      // The same citation as the one written (a locator spelled otherwise) is no fix.
      if key == item.key, let written, written.locator.label + " " + written.locator.value == locatorText { continue }
      fixes.append(
        QuickFix(
          title: "cite \(citationText) instead", diagnostic: diagnostic,
          change: WorkspaceChange(edits: [diagnostic.path: edits])))
    }
    return fixes
  }

  /// The quotation in double quotes (straight or curly) around `offset` on its line, when no citation follows it:
  /// the range of its words, and where its closing mark ends.
  static func uncitedQuotation(at offset: Int, in bytes: [UInt8]) -> (words: Range<Int>, end: Int)? {
    guard offset >= 0, offset <= bytes.count else { return nil }
    var lineStart = offset
    while lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
    var lineEnd = offset
    while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
    // The quotation marks of the line, in order: (start, length, isOpening?) — a straight mark opens or closes
    // by turns.
    var marks: [(start: Int, length: Int, opens: Bool)] = []
    var straightOpen = false
    var i = lineStart
    while i < lineEnd {
      if bytes[i] == UInt8(ascii: "\"") {
        straightOpen.toggle()
        marks.append((i, 1, straightOpen))
        i += 1
      } else if bytes[i] == 0xE2, i + 2 < lineEnd, bytes[i + 1] == 0x80, bytes[i + 2] == 0x9C || bytes[i + 2] == 0x9D {
        marks.append((i, 3, bytes[i + 2] == 0x9C))
        i += 3
      } else {
        i += 1
      }
    }
    var k = 0
    while k + 1 < marks.count {
      let open = marks[k]
      let close = marks[k + 1]
      guard open.opens, !close.opens else {
        k += 1
        continue
      }
      let words = (open.start + open.length)..<close.start
      let end = close.start + close.length
      if open.start <= offset, offset <= end, !words.isEmpty {
        var j = end
        while j < lineEnd, bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 }
        let cited =
          j + 1 < lineEnd && bytes[j] == UInt8(ascii: "[")
          && (bytes[j + 1] == UInt8(ascii: "@")
            || (bytes[j + 1] == UInt8(ascii: "-") && j + 2 < lineEnd && bytes[j + 2] == UInt8(ascii: "@")))
        return cited ? nil : (words, end)
      }
      k += 2
    }
    return nil
  }

  /// The words of the quotation that ends just before the `[@` whose `@` is at `at` (spaces between allowed), nil
  /// when no quotation ends there: what completion after a quotation searches for.
  static func quotationBefore(citationAt at: Int, in bytes: [UInt8]) -> String? {
    var j = at - 1
    if j >= 0, bytes[j] == UInt8(ascii: "-") { j -= 1 }
    guard j >= 0, bytes[j] == UInt8(ascii: "[") else { return nil }
    while j > 0, bytes[j - 1] == 0x20 || bytes[j - 1] == 0x09 { j -= 1 }
    let closeEnd = j
    let closesCurly =
      closeEnd >= 3 && bytes[closeEnd - 3] == 0xE2 && bytes[closeEnd - 2] == 0x80
      && bytes[closeEnd - 1] == 0x9D
    let closesStraight = closeEnd >= 1 && bytes[closeEnd - 1] == UInt8(ascii: "\"")
    guard closesCurly || closesStraight else { return nil }
    let closeStart = closeEnd - (closesCurly ? 3 : 1)
    guard let quotation = uncitedQuotation(at: closeStart, in: Array(bytes[..<closeEnd])), quotation.end == closeEnd
    else { return nil }
    let words = String(decoding: bytes[quotation.words], as: UTF8.self)
    return words.isEmpty ? nil : words
  }
}
