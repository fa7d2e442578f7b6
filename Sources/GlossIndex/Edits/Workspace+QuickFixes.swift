import GlossSyntax

/// One quick fix of docs/diagnostics.md: a titled change fixing one diagnostic.
package struct QuickFix: Hashable, Sendable {
  /// What the editor shows (`replace with 'smith2020'`).
  package var title: String
  /// The diagnostic it fixes.
  package var diagnostic: Diagnostic
  /// The edits and file creations.
  package var change: WorkspaceChange
  /// Whether it is the obvious fix (editors may apply it with one key).
  package var isPreferred: Bool

  /// A quick fix with every field given.
  package init(title: String, diagnostic: Diagnostic, change: WorkspaceChange, isPreferred: Bool = false) {
    self.title = title
    self.diagnostic = diagnostic
    self.change = change
    self.isPreferred = isPreferred
  }
}

extension Workspace {
  /// The quick fixes for the diagnostics the index holds at `range` of the file at `path` (touching counts).
  package func quickFixes(in path: String, range: Range<Int>) -> [QuickFix] {
    var fixes: [QuickFix] = []
    for diagnostic in diagnostics(for: path) {
      // A quotation's diagnostic reaches from its opening quote mark to the end of its citation.
      let reach =
        diagnostic.code == DiagnosticCode.quoteMismatch
        ? notes[path].flatMap { record in
          record.quotations.first { $0.range == diagnostic.range }.map { quotationReach($0, in: record) }
        } ?? diagnostic.range : diagnostic.range
      guard reach.lowerBound <= range.upperBound && range.lowerBound <= reach.upperBound else { continue }
      fixes += quickFixes(for: diagnostic)
    }
    return fixes
  }

  /// Where a quotation of the note `record` is, for the actions offered on it: its words, the quote marks or `>`
  /// around them and its citation, whichever comes first to last.
  func quotationReach(_ quotation: AttributedQuotation, in record: NoteRecord) -> Range<Int> {
    // The widest opening mark with its space (`« `, with a no-break space) is four bytes; a closing mark sits between
    // the words and the citation.
    var lower = max(0, quotation.range.lowerBound - 4)
    var upper = quotation.range.upperBound
    let citations = record.note.citations
    if quotation.citationIndex < citations.count {
      lower = min(lower, citations[quotation.citationIndex].range.lowerBound)
      upper = max(upper, citations[quotation.citationIndex].range.upperBound)
    }
    return lower..<upper
  }

  /// The quick fixes for one diagnostic.
  package func quickFixes(for diagnostic: Diagnostic) -> [QuickFix] {
    switch diagnostic.related {
    case .unknownSource(let key): return unknownSourceFixes(diagnostic, key: key)
    case .unknownCrossref(let key): return unknownCrossrefFixes(diagnostic, key: key)
    case .brokenLink(let target, let suggestedPath): return brokenLinkFixes(diagnostic, target, suggestedPath)
    case .brokenAnchor(_, let nearest): return brokenAnchorFixes(diagnostic, nearest: nearest)
    case .ambiguousLink(let candidates): return ambiguousLinkFixes(diagnostic, candidates: candidates)
    case .quoteMismatch:
      var fixes: [QuickFix] = []
      if let fix = quoteFix(for: diagnostic) {
        let change = replacement(diagnostic, fix.range, fix.newText)
        fixes.append(
          QuickFix(title: "replace with the source's words", diagnostic: diagnostic, change: change, isPreferred: true))
      }
      return fixes + citeElsewhereFixes(diagnostic)
    case .none, .duplicateSource: return []
    }
  }

  private func replacement(_ diagnostic: Diagnostic, _ range: Range<Int>, _ text: String) -> WorkspaceChange {
    WorkspaceChange(edits: [diagnostic.path: [WorkspaceChange.Edit(range: range, newText: text)]])
  }

  /// Each of the nearest labels of the same kind, written as the reference was (a capital kept).
  private func unknownCrossrefFixes(_ diagnostic: Diagnostic, key: String) -> [QuickFix] {
    let capital = key.first?.isUppercase ?? false
    return nearestLabels(to: Self.labelID(ofKey: key), from: diagnostic.path).enumerated().map { index, label in
      let text = capital ? label.prefix(1).uppercased() + label.dropFirst() : label
      return QuickFix(
        title: "replace with '\(text)'", diagnostic: diagnostic,
        change: replacement(diagnostic, diagnostic.range, text),
        isPreferred: index == 0)
    }
  }

  /// Each of the nearest keys, then a source document stub in the first sources folder.
  private func unknownSourceFixes(_ diagnostic: Diagnostic, key: String) -> [QuickFix] {
    if let renamed = renamedKey(for: key) {
      // The work's key changed: every citation of the old key, in every note, takes the new one.
      var change = WorkspaceChange()
      for occurrence in citations(ofKey: key) {
        change.replace(occurrence.item.keyRange, in: occurrence.path, with: renamed)
      }
      // Its literature notes' `citekey:` too, as a rename of the key does.
      for (path, edit) in citekeyEdits(of: key, to: renamed) {
        change.replace(edit.range, in: path, with: edit.newText)
      }
      return [
        QuickFix(
          title: "rename '\(key)' to '\(renamed)' in every note", diagnostic: diagnostic, change: change,
          isPreferred: true)
      ]
    }
    let nearest = nearestSourceKeys(to: key, limit: 3)
    var fixes = nearest.map { candidate in
      QuickFix(
        title: "replace with '\(candidate)'", diagnostic: diagnostic,
        change: replacement(diagnostic, diagnostic.range, candidate), isPreferred: nearest.count == 1)
    }
    let folder = config.sources?.first ?? "sources"
    let name = NameRules.safeFileName(key)
    if !name.isEmpty, let path = freePath(folder: folder, stem: name, ext: "md") {
      let yaml = NoteText.yamlScalar(key)
      let contents = "---\nid: \(yaml)\ntitle: \(yaml)\n---\n\n"
      fixes.append(
        QuickFix(
          title: "create source document '\(path)'", diagnostic: diagnostic,
          change: WorkspaceChange(edits: [:], operations: [.create(path: path, contents: contents)])))
    }
    return fixes
  }

  /// A new note where the link points (the index's suggested path), titled after the link.
  private func brokenLinkFixes(_ diagnostic: Diagnostic, _ target: String, _ suggested: String?) -> [QuickFix] {
    guard let suggested, let normalized = PathUtilities.normalizeWithinRoot(suggested), !normalized.isEmpty else {
      return []
    }
    let ext = PathUtilities.pathExtension(normalized)
    guard ext == "md" || ext == "markdown" else { return [] }
    // The file name is made safe; the title keeps the link's words, so a wiki link still resolves by title.
    let stem = NameRules.safeFileName(PathUtilities.stem(normalized))
    guard !stem.isEmpty, let path = freePath(folder: PathUtilities.folder(normalized), stem: stem, ext: ext) else {
      return []
    }
    let written = target.trimmingSpaces()
    let title = written.contains("/") || written.isEmpty ? PathUtilities.stem(normalized) : PathUtilities.stem(written)
    let contents = "---\ntitle: \(NoteText.yamlScalar(title))\n---\n\n"
    return [
      QuickFix(
        title: "create note '\(path)'", diagnostic: diagnostic,
        change: WorkspaceChange(edits: [:], operations: [.create(path: path, contents: contents)]), isPreferred: true)
    ]
  }

  /// Each nearest heading: its text in a wiki anchor, its slug in a Markdown anchor.
  private func brokenAnchorFixes(_ diagnostic: Diagnostic, nearest: [Diagnostic.NearHeading]) -> [QuickFix] {
    guard let link = notes[diagnostic.path]?.note.links.first(where: { $0.anchorRange == diagnostic.range }) else {
      return []
    }
    return nearest.map { heading in
      let text = link.kind == .wiki ? heading.text : heading.slug
      return QuickFix(
        title: "replace with '\(text)'", diagnostic: diagnostic,
        change: replacement(diagnostic, diagnostic.range, text),
        isPreferred: nearest.count == 1)
    }
  }

  /// Each candidate note as a path link (`[[folder/name]]`).
  private func ambiguousLinkFixes(_ diagnostic: Diagnostic, candidates: [String]) -> [QuickFix] {
    guard let link = notes[diagnostic.path]?.note.links.first(where: { $0.targetRange == diagnostic.range }) else {
      return []
    }
    // Keep an extension the user wrote (`[[name.md]]`).
    let keepsExtension = PathUtilities.removingNoteExtension(link.target) != link.target
    return candidates.map { candidate in
      let text = keepsExtension ? candidate : PathUtilities.removingNoteExtension(candidate)
      return QuickFix(
        title: "link to '\(text)'", diagnostic: diagnostic, change: replacement(diagnostic, link.targetRange, text))
    }
  }

  /// `folder/stem.ext`, else `stem-2`, `stem-3`, … when a file already has that path (Gloss never overwrites).
  func freePath(folder: String, stem: String, ext: String) -> String? {
    for number in 1...100 {
      let name = number == 1 ? "\(stem).\(ext)" : "\(stem)-\(number).\(ext)"
      let path = PathComponents.join(folder, name)
      if !fileExists(path) { return path }
    }
    return nil
  }
}
