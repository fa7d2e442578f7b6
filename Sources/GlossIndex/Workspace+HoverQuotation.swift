extension Workspace {
  /// The Markdown paragraphs a citation hover shows about the quotations attributed to item `itemIndex` of citation
  /// `citationIndex` in the note at `path`: where each was found ("quotation found: lines 40–41 of
  /// `sources/x.md`"), or that it was not, with the closest passage and how alike it is.
  func quotationCheckLines(path: String, citationIndex: Int, itemIndex: Int) -> [String] {
    quotationChecks(in: path, citationIndex: citationIndex, itemIndex: itemIndex).map { check in
      // The path in code style, as the passage paragraph above shows it.
      HoverMarkdown.escape(check.summary).replacingAll(
        " of " + HoverMarkdown.escape(check.sourcePath), with: " of `\(check.sourcePath)`")
    }
  }
}
