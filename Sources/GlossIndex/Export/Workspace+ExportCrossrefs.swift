import GlossSyntax

/// Cross-references in exports (see docs/quarto.md, "Exports").
///
/// A cross-reference is never a cited key: the `pandoc` export keeps it as written for Quarto or pandoc-crossref to
/// resolve, and the self-contained `markdown` and `html` exports resolve it as they would: `@fig-x` and `@Fig-x` read
/// `Figure 2`, `[-@fig-x]` reads `2`, pandoc-crossref's `@fig:x` reads `fig. 2` (`Fig. 2` capitalised). A label that
/// does not exist reads as Quarto shows it, `?@fig-x` (pandoc-crossref: `¿fig:x?`), and is reported by the export.
extension Workspace {
  /// Whether `item` of a citation in the note at `path` is a cross-reference.
  func isCrossref(_ item: CitationItem, in path: String) -> Bool {
    crossrefKind(ofKey: item.key, in: notes[path]) != nil
  }

  /// Whether the cross-reference `item` in the note at `path` names no label.
  func isUnknownCrossref(_ item: CitationItem, in path: String) -> Bool {
    labels(withID: Self.labelID(ofKey: item.key), from: path).isEmpty
  }

  /// The text a cross-reference renders as, with its prefix and suffix: `Figure 2`, `see 2`, `fig. 3`, `?@fig-x`.
  func crossrefText(_ item: CitationItem, in path: String) -> String {
    let isPandocCrossref = CrossrefLabel.prefix(of: item.key)?.separator == ":"
    var text: String
    if let target = labels(withID: Self.labelID(ofKey: item.key), from: path).first {
      let number = crossrefNumber(of: target)
      let caption = target.label.caption.isEmpty ? target.label.id : "“\(target.label.caption)”"
      if item.mode == .suppressAuthor {
        text = number ?? caption
      } else {
        let name = crossrefName(of: item.key, in: path, pandocCrossref: isPandocCrossref)
        text = name + " " + (number ?? caption)
      }
    } else {
      text = isPandocCrossref ? "¿\(item.key)?" : "?@\(item.key)"
    }
    let suffix = item.suffix.trimmingPrefix(while: { $0 == " " })
    if !suffix.isEmpty { text += suffix.first == "," ? String(suffix) : " " + suffix }
    return [item.prefix, text].filter { !$0.isEmpty }.joined(separator: " ")
  }

  /// What a cross-reference's number follows: Quarto's kind name (`Figure`); pandoc-crossref's short prefix (`fig.`,
  /// `Fig.` when the reference is capitalised).
  private func crossrefName(of key: String, in path: String, pandocCrossref: Bool) -> String {
    guard pandocCrossref, let prefix = CrossrefLabel.prefix(of: key) else {
      return crossrefKind(ofKey: key, in: notes[path])?.name ?? ""
    }
    return prefix.kind + "."
  }

  /// A citation with cross-references rendered as the self-contained exports show it: the cross-references' texts,
  /// then the other items author–date; nil when it holds no cross-reference.
  func renderedCrossrefs(_ citation: Citation, in path: String) -> (crossrefs: String, rest: Citation?)? {
    let crossrefs = citation.items.filter { isCrossref($0, in: path) }
    if crossrefs.isEmpty { return nil }
    let text = crossrefs.map { crossrefText($0, in: path) }.joined(separator: "; ")
    let others = citation.items.filter { !isCrossref($0, in: path) }
    guard !others.isEmpty else { return (text, nil) }
    return (text, Citation(range: citation.range, isBracketed: citation.isBracketed, items: Array(others)))
  }

  /// A citation rendered for the `markdown` export: author–date, cross-references resolved.
  func renderedCitation(_ citation: Citation, in path: String) -> String {
    guard let (crossrefs, rest) = renderedCrossrefs(citation, in: path) else { return authorDate(citation) }
    return rest.map { crossrefs + " " + authorDate($0) } ?? crossrefs
  }
}
