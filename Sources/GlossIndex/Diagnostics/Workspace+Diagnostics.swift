import GlossSyntax

extension Workspace {
  /// The current diagnostics of the file at `path` (cached: kept current by every mutation).
  package func diagnostics(for path: String) -> [Diagnostic] { diagnosticsCache[path] ?? [] }

  /// Every file's non-empty diagnostics, by path.
  package var diagnosticsByPath: [String: [Diagnostic]] { diagnosticsCache }

  /// Computes the diagnostics of `path` from the index, with the config's overrides applied.
  func computeDiagnostics(for path: String) -> [Diagnostic] {
    var raw: [Diagnostic]
    if let record = notes[path] {
      raw = noteDiagnostics(record)
    } else if let record = bibliographies[path] {
      raw = bibliographyDiagnostics(record)
    } else if let record = sourceDocuments[path] {
      raw = sourceDocumentDiagnostics(record)
    } else {
      raw = []
    }
    if path == configPath {
      raw += configProblems.map {
        Diagnostic(
          path: path, range: $0.range, severity: .error, code: DiagnosticCode.malformedConfig, message: $0.message)
      }
      raw += unreadBibliographyHints(at: path)
    } else if ignoreGlobs.contains(where: { $0.matches(path) }) {
      return []
    }
    return applyingOverrides(raw)
  }

  /// The diagnostics of the note `record` that belong to its top-level blocks starting in `region` (the blocks an
  /// edit re-parsed, `NoteSplice`), with the config's overrides applied: those of the other blocks do not change
  /// with the edit when the note's names and headings do not.
  func noteDiagnostics(of record: NoteRecord, startingIn region: Range<Int>) -> [Diagnostic] {
    guard !ignoreGlobs.contains(where: { $0.matches(record.path) }) else { return [] }
    return applyingOverrides(noteDiagnostics(record, startingIn: region))
  }

  private func applyingOverrides(_ raw: [Diagnostic]) -> [Diagnostic] {
    guard !config.diagnostics.isEmpty else { return raw }
    return raw.compactMap { diagnostic in
      guard let override = config.diagnostics[diagnostic.code] else { return diagnostic }
      if override == "off" { return nil }
      var changed = diagnostic
      if let severity = Diagnostic.Severity(rawValue: override) {
        changed.severity = severity
      } else if override == "information" {
        changed.severity = .info
      }
      return changed
    }
  }

  private func make(
    _ path: String, _ range: Range<Int>, _ code: String, _ message: String, _ related: Diagnostic.Related = .none
  ) -> Diagnostic {
    Diagnostic(
      path: path, range: range, severity: DiagnosticCode.defaultSeverity[code] ?? .warning, code: code,
      message: message, related: related)
  }

  /// The diagnostics of the note `record` about its citation items, locators and quotations of `keys` (with the
  /// config's overrides applied): the only ones a change of those keys' sources (a text arriving) can change.
  func noteDiagnostics(of record: NoteRecord, citing keys: Set<String>) -> [Diagnostic] {
    guard !ignoreGlobs.contains(where: { $0.matches(record.path) }) else { return [] }
    return applyingOverrides(noteDiagnostics(record, citing: keys))
  }

  /// The note's diagnostics, or with `region` only those of its top-level blocks starting there (each diagnostic
  /// lies in the block of the citation, quotation or link it is about; front-matter problems lie before every block),
  /// or with `keys` only those about the citation items, locators and quotations of those keys.
  private func noteDiagnostics(
    _ record: NoteRecord, startingIn region: Range<Int>? = nil, citing keys: Set<String>? = nil
  ) -> [Diagnostic] {
    let path = record.path
    let note = record.note
    var out: [Diagnostic] = []
    if region == nil, keys == nil {
      for problem in note.problems {
        out.append(make(path, problem.range, DiagnosticCode.malformedFrontMatter, problem.message))
      }
    }
    let citations =
      region.map { NoteSplice.indices(of: note.citations, startingIn: $0) { $0.range.lowerBound } }
      ?? note.citations.indices
    // Without any bibliography or source document, every citation would be unknown: that is a missing bibliography,
    // said once by the server, not an error in each note. Cross-references are checked all the same.
    for citation in note.citations[citations] {
      for item in citation.items where keys?.contains(item.key) ?? true {
        if let kind = crossrefKind(ofKey: item.key, in: record) {
          if let diagnostic = crossrefDiagnostic(item, kind: kind, in: record) { out.append(diagnostic) }
          continue
        }
        guard !knowsNoSources, !hasSource(citedSourceKey(item.key)) else { continue }
        if let identifier = Self.manubotIdentifier(item.key) {
          // Manubot resolves the identifier when it builds the document: no source here is no error.
          out.append(
            make(
              path, item.keyRange, DiagnosticCode.unresolvedIdentifier,
              "no source has the \(identifier) '\(item.key)' (Manubot looks it up when it builds the document)"))
          continue
        }
        // A key known in an earlier run whose work is now under another key: said, with the rename as the fix.
        let renamed = renamedKey(for: item.key).map { ": was '\(item.key)', now '\($0)'?" } ?? ""
        out.append(
          make(
            path, item.keyRange, DiagnosticCode.unknownSource, "unknown source '\(item.key)'" + renamed,
            .unknownSource(key: item.key)))
      }
    }
    // Found once: a note that does not keep its locators finds them on each use.
    let all = record.locators
    let locators =
      region == nil
      ? all.indices
      : NoteSplice.firstIndex(in: all, startingAtOrAfter: citations.lowerBound) {
        $0.citationIndex
      }..<NoteSplice.firstIndex(in: all, startingAtOrAfter: citations.upperBound) { $0.citationIndex }
    for located in all[locators] {
      guard keys?.contains(located.key) ?? true, hasSource(located.key), located.locator.namesAPlace else { continue }
      let written =
        located.locator.label.isEmpty
        ? located.locator.value : located.locator.label + " " + located.locator.value
      guard let textPath = textPath(forKey: located.key), let document = sourceDocuments[textPath]?.document else {
        // Terms Gloss never resolves (chap., fig., …) would not be checked against a text either.
        if case .other = located.locator.term { continue }
        // A text on its way is no problem yet: the citation is checked when it arrives.
        if isTextPending(forKey: located.key) { continue }
        out.append(
          make(
            path, located.range, DiagnosticCode.noText,
            "'\(located.key)' has no text to find '\(written)' in"
              + (textProblem(forKey: located.key).map { " (\($0))" } ?? "")))
        continue
      }
      let locator = textLocator(located.locator, forKey: located.key, document: document)
      if case .unresolved(let reason) = document.passage(for: locator) {
        out.append(
          make(
            path, located.range, DiagnosticCode.unresolvedLocator,
            "cannot find '\(written)' in '\(located.key)': "
              + (locator == located.locator ? reason : printedPagesReason(forKey: located.key, document: document))))
      }
    }
    out += quotationDiagnostics(
      record,
      quotations: region.map { NoteSplice.indices(of: record.quotations, startingIn: $0) { $0.range.lowerBound } }
        ?? record.quotations.indices, citing: keys, locators: all)
    // Links and front matter depend on no source.
    guard keys == nil else { return out.sorted(by: Diagnostic.precedesInNote) }
    let links =
      region.map { NoteSplice.indices(of: note.links, startingIn: $0) { $0.range.lowerBound } } ?? note.links.indices
    // A reference link's target is checked once, at its definition, not at every use.
    for link in note.links[links] where !link.isExternal && !link.isReferenceUse {
      out += linkDiagnostics(link, in: record)
    }
    return out.sorted(by: Diagnostic.precedesInNote)
  }

  /// `unknown-crossref` for a cross-reference whose label is not where Quarto looks for it.
  private func crossrefDiagnostic(_ item: CitationItem, kind: CrossrefKind, in record: NoteRecord) -> Diagnostic? {
    let id = Self.labelID(ofKey: item.key)
    guard labels(withID: id, from: record.path).isEmpty else { return nil }
    let scope = crossrefsSpanProject ? "in the project" : "in this document"
    var message = "unknown cross-reference '\(item.key)': no \(kind.name.lowercased()) labelled '\(id)' \(scope)"
    // Quarto reserves the prefix: a bibliography entry with this key is never cited.
    if hasSource(item.key) { message += " (a source has this key, but Quarto reads it as a cross-reference)" }
    return make(record.path, item.keyRange, DiagnosticCode.unknownCrossref, message, .unknownCrossref(key: item.key))
  }

  private func linkDiagnostics(_ link: Link, in record: NoteRecord) -> [Diagnostic] {
    let path = record.path
    switch resolve(link: link, from: path) {
    case .note, .file, .external:
      return []
    case .missing:
      let message =
        link.kind == .wiki ? "no note matches '\(link.target)'" : "no note or file at '\(link.target)'"
      return [
        make(
          path, link.targetRange, DiagnosticCode.brokenLink, message,
          .brokenLink(target: link.target, suggestedPath: suggestedPath(for: link, from: path)))
      ]
    case .ambiguous(let candidates):
      let list = candidates.map { "'\($0)'" }.joined(separator: ", ")
      return [
        make(
          path, link.targetRange, DiagnosticCode.ambiguousLink,
          "'\(link.target)' matches \(candidates.count) notes: \(list)", .ambiguousLink(candidates: candidates))
      ]
    case .missingAnchor(let target, let nearest):
      let anchor = link.anchor ?? ""
      return [
        make(
          path, link.anchorRange ?? link.targetRange, DiagnosticCode.brokenAnchor,
          "no heading '\(anchor)' in '\(target)'",
          .brokenAnchor(path: target, nearest: nearest.map { .init(text: $0.text, slug: $0.slug) }))
      ]
    }
  }

  /// Where "create the note" would put a note for a broken link.
  private func suggestedPath(for link: Link, from path: String) -> String? {
    switch link.kind {
    case .wiki:
      let name = link.target.trimmingSpaces()
      guard !name.isEmpty else { return nil }
      let file = PathUtilities.pathExtension(name).isEmpty ? name + ".md" : name
      return name.contains("/") ? file : PathComponents.join(config.newNoteDir ?? "notes", file)
    case .markdown:
      guard let first = LinkKeys.markdownCandidates(link.target, from: PathUtilities.folder(path)).first else {
        return nil
      }
      return PathUtilities.pathExtension(first).isEmpty ? first + ".md" : first
    }
  }

  private func bibliographyDiagnostics(_ record: BibliographyRecord) -> [Diagnostic] {
    var out: [Diagnostic] = record.bibliography.problems.map {
      make(record.path, $0.range, DiagnosticCode.malformedBibliography, $0.message)
    }
    for notice in record.zoteroNotices {
      out.append(make(record.path, 0..<0, DiagnosticCode.zoteroLibrary, notice))
    }
    for (index, entry) in record.bibliography.entries.enumerated() {
      let location = EntryLocation(path: record.path, index: index)
      if let duplicate = duplicateDiagnostic(key: entry.key, at: location, range: entry.keyRange) {
        out.append(duplicate)
      }
    }
    return out.sorted { $0.range.lowerBound < $1.range.lowerBound }
  }

  private func sourceDocumentDiagnostics(_ record: SourceDocumentRecord) -> [Diagnostic] {
    var out: [Diagnostic] = record.document.problems.map {
      make(record.path, $0.range, DiagnosticCode.malformedFrontMatter, $0.message)
    }
    if let duplicate = duplicateDiagnostic(key: record.key, at: nil, path: record.path, range: record.keyRange) {
      out.append(duplicate)
    }
    return out.sorted { $0.range.lowerBound < $1.range.lowerBound }
  }

  /// `duplicate-source` when `key` has two bibliography entries (or two documents); an entry plus a document with
  /// the same key are one source, not a duplicate. `entry` is the entry's location, nil for a document at `path`.
  private func duplicateDiagnostic(
    key: String, at entry: EntryLocation?, path: String? = nil, range: Range<Int>
  ) -> Diagnostic? {
    guard let defs = definitions[key] else { return nil }
    let places: [EntryLocation] =
      entry == nil ? defs.documents.map { EntryLocation(path: $0, index: 0) } : defs.entries
    guard places.count > 1 else { return nil }
    let me = entry ?? EntryLocation(path: path ?? "", index: 0)
    if entry != nil, let library = places.first, bibliographies[library.path]?.isZoteroLibrary == true {
      return libraryOverrideHint(key: key, at: me, library: library, range: range)
    }
    let others = places.filter { $0 != me }.map(\.path)
    let otherPaths = Array(Set(others)).sorted()
    let list = otherPaths.map { "'\(place.shown($0))'" }.joined(separator: ", ")
    let note = places[0] == me ? "this definition wins" : "the one in '\(place.shown(places[0].path))' wins"
    return make(
      me.path, range, DiagnosticCode.duplicateSource, "source '\(key)' is also defined in \(list); \(note)",
      .duplicateSource(key: key, otherPaths: otherPaths))
  }
}

extension Workspace {
  /// Where a Zotero library and a bibliography file both define `key`, the library wins (docs/zotero.md): nothing is
  /// said when they agree (an export of the same library), and one hint on the file's entry when they differ; the
  /// library itself says nothing.
  fileprivate func libraryOverrideHint(
    key: String, at me: EntryLocation, library: EntryLocation, range: Range<Int>
  ) -> Diagnostic? {
    guard me != library, let mine = entry(at: me), let theirs = entry(at: library) else { return nil }
    func normalized(_ text: String?) -> String {
      (text ?? "").lowercased().filter { $0.isLetter || $0.isNumber }
    }
    let agree =
      normalized(mine.title) == normalized(theirs.title) && (mine.year == nil || mine.year == theirs.year)
      && (mine.doi == nil || theirs.doi == nil || normalized(mine.doi) == normalized(theirs.doi))
    guard !agree else { return nil }
    return Diagnostic(
      path: me.path, range: range, severity: DiagnosticCode.defaultSeverity[DiagnosticCode.zoteroLibrary] ?? .hint,
      code: DiagnosticCode.zoteroLibrary,
      message:
        "source '\(key)' is defined differently in the Zotero library '\(place.shown(library.path))', which wins")
  }

  /// The entry at `location`, when it exists.
  fileprivate func entry(at location: EntryLocation) -> BibliographyEntry? {
    guard let entries = bibliographies[location.path]?.bibliography.entries, location.index < entries.count else {
      return nil
    }
    return entries[location.index]
  }

  /// The bibliography files of the workspace (`*.bib`, `*.csl.json`) left unread because the config's
  /// `bibliography` names the files to read, in path order.
  package var unreadBibliographies: [String] {
    guard config.bibliography != nil else { return [] }
    return otherFiles.filter(Self.isBibliographyName).sorted()
  }

  /// A hint at the top of the config file when `bibliography` leaves some of the workspace's own bibliography files
  /// unread: the list replaces the default (every `.bib` and `.csl.json` file), which is easy to miss.
  func unreadBibliographyHints(at path: String) -> [Diagnostic] {
    let unread = unreadBibliographies
    guard !unread.isEmpty else { return [] }
    let shown = unread.prefix(5).map { "'\($0)'" }.joined(separator: ", ") + (unread.count > 5 ? ", …" : "")
    return [
      Diagnostic(
        path: path, range: 0..<0, severity: DiagnosticCode.defaultSeverity[DiagnosticCode.unreadBibliography] ?? .hint,
        code: DiagnosticCode.unreadBibliography,
        message: "'bibliography' names the files Gloss reads, so \(shown) \(unread.count == 1 ? "is" : "are") not read"
          + " (add \(unread.count == 1 ? "it" : "them") to the list, or a glob such as '**/*.bib')")
    ]
  }
}
