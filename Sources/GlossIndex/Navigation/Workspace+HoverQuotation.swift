extension Workspace {
  /// The Markdown paragraphs a citation hover shows about the quotations attributed to item `itemIndex` of citation
  /// `citationIndex` in the note at `path`: found (and where), or not found with the closest passage and its words.
  func quotationCheckLines(path: String, citationIndex: Int, itemIndex: Int) -> [String] {
    quotationChecks(in: path, citationIndex: citationIndex, itemIndex: itemIndex).map { check in
      var text = (check.isFound ? "✓ " : "✗ ") + HoverMarkdown.escape(check.summary)
      if !check.isFound, let words = check.sourceWords, !words.isEmpty {
        // The source's words, bounded like any excerpt, as a quote block the reader can compare with the note's.
        var shown = String(words.prefix(300))
        if shown.count < words.count { shown += "…" }
        text += "\n\n> " + HoverMarkdown.escape(shown)
      }
      if check.sourceLosesLigatures { text += "\n\n" + HoverMarkdown.escape(QuoteCheck.lostLigaturesNote) }
      return text
    }
  }
}
