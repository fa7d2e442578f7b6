import GlossSyntax

/// A code action that cites a quotation where the sources hold it (docs/commands.md, `gloss.find`): a title and the
/// edit.
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
  /// (whose current text is `bytes`): between quotation marks of any kind the quotation check reads, on one line or
  /// across a paragraph's lines, or a blockquote; empty when there is no such quotation there or it is found
  /// nowhere.
  package func citeQuotationActions(at offset: Int, in path: String, text bytes: [UInt8]) -> [CiteAction] {
    // Notes only: a source's own quotations cite nothing (and parsing a long source on each cursor move costs).
    guard sourceDocuments[path] == nil, bibliographies[path] == nil,
      let quotation = (notes[path]?.note ?? Note(parsing: bytes)).uncitedQuotation(at: offset, in: bytes),
      !(notes[path]?.quotations.contains { $0.range.overlaps(quotation.range) } ?? false)
    else { return [] }
    let at = quotation.citationOffset
    return foundPlaces(quotation.text, limit: Self.citePlacesOffered).compactMap { place in
      guard let citation = place.citation else { return nil }
      return CiteAction(
        title: "cite \(citation)",
        change: WorkspaceChange(edits: [path: [WorkspaceChange.Edit(range: at..<at, newText: " " + citation)]]))
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
}
