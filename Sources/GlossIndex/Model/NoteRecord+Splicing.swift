package import GlossSyntax

extension NoteRecord {
  /// The summary of `note`, re-parsed from `bytes` after an edit of the note `old` summarises, where `splice` says
  /// which bytes the re-parse replaced: the quotations, locators, cited keys, tags and link keys of the blocks
  /// outside it are `old`'s (moved past the edit), and only those of the blocks inside are found again. The result
  /// equals `NoteRecord(path:note:bytes:place:)`, at a cost of the blocks re-parsed plus one pass over the note's
  /// quotations and locators to move them.
  ///
  /// The front matter is the same in both (a re-parse parses the whole note when it changed), so the aliases and the
  /// bibliography paths are kept; the title may come from a heading, so it and the names are found again.
  ///
  /// `old`'s note is not read (the old elements the splice replaced are in `splice.replaced`), and given the only
  /// reference to its quotations and locators, those after the edit are moved in place.
  package init(updating old: consuming NoteRecord, to note: Note, splice: NoteSplice, bytes: [UInt8]) {
    self = consume old
    self.note = note
    byteCount = bytes.count
    let delta = splice.delta
    let newCitations = NoteSplice.indices(of: note.citations, startingIn: splice.newRange) { $0.range.lowerBound }
    // The citations before the splice are the same in both notes.
    let oldCitations = newCitations.lowerBound..<newCitations.lowerBound + splice.replaced.citations.count
    let citationShift = newCitations.count - oldCitations.count

    // Quotations lie in their citation's top-level block, so they split at the splice like the citations.
    let oldQuotations = NoteSplice.indices(of: quotations, startingIn: splice.oldRange) { $0.range.lowerBound }
    let newQuotations = note.attributedQuotations(in: bytes, blocksStartingIn: splice.newRange)
    quotations.replaceSubrange(oldQuotations, with: newQuotations)
    for index in oldQuotations.lowerBound + newQuotations.count..<quotations.count {
      let range = quotations[index].range
      quotations[index].range = range.lowerBound + delta..<range.upperBound + delta
      quotations[index].citationIndex += citationShift
    }

    // Locators are in (citation, item) order. Kept ones move with the edit (taken out first, so that they are
    // changed in place); the others are found again from the note when used.
    if var locators = keptLocators {
      keptLocators = nil
      let firstOld = NoteSplice.firstIndex(in: locators, startingAtOrAfter: oldCitations.lowerBound) {
        $0.citationIndex
      }
      let firstAfter = NoteSplice.firstIndex(in: locators, startingAtOrAfter: oldCitations.upperBound) {
        $0.citationIndex
      }
      let newLocators = Self.locators(of: note, citations: newCitations)
      locators.replaceSubrange(firstOld..<firstAfter, with: newLocators)
      for index in firstOld + newLocators.count..<locators.count {
        let range = locators[index].range
        locators[index].citationIndex += citationShift
        locators[index].range = range.lowerBound + delta..<range.upperBound + delta
      }
      keptLocators = locators
    }

    // Kept summaries move with the edit; the others are found again from the note when used.
    if var summary = keptSummary {
      keptSummary = nil
      summary.citedKeys = Self.updating(
        summary.citedKeys, removed: splice.replaced.citations.flatMap(\.items).map(\.key),
        added: note.citations[newCitations].flatMap(\.items).map(\.key)
      ) { key in
        // Whether a citation outside the re-parsed blocks still cites `key`.
        let cites = { (citation: Citation) in citation.items.cite(key) }
        return note.citations[..<newCitations.lowerBound].contains(where: cites)
          || note.citations[newCitations.upperBound...].contains(where: cites)
      }

      let newTags = NoteSplice.indices(of: note.tags, startingIn: splice.newRange) { $0.range.lowerBound }
      if !splice.replaced.tags.isEmpty || !newTags.isEmpty {
        var counts = summary.tagCounts
        for tag in splice.replaced.tags {
          let name = tag.name.lowercased()
          let count = (counts[name] ?? 0) - 1
          counts[name] = count > 0 ? count : nil
        }
        for tag in note.tags[newTags] { counts[tag.name.lowercased(), default: 0] += 1 }
        summary.tagCounts = counts
      }

      let folder = PathUtilities.folder(path)
      let newLinks = NoteSplice.indices(of: note.links, startingIn: splice.newRange) { $0.range.lowerBound }
      if !splice.replaced.links.isEmpty || !newLinks.isEmpty {
        summary.linkKeys = Self.updating(
          summary.linkKeys, removed: splice.replaced.links.flatMap { LinkKeys.keys(of: $0, from: folder) },
          added: note.links[newLinks].flatMap { LinkKeys.keys(of: $0, from: folder) }
        ) { key in
          let files = { (link: Link) in LinkKeys.keys(of: link, from: folder).contains(key) }
          return note.links[..<newLinks.lowerBound].contains(where: files)
            || note.links[newLinks.upperBound...].contains(where: files)
        }
      }
      summary.headingSignature = NoteSummary.headingSignature(of: note)
      keptSummary = summary
    }
    title = note.title(fileName: PathUtilities.fileName(path))
  }

  /// `set` after the members in `removed` left a part of the note and those in `added` came into it:
  /// `stillElsewhere(member)` says whether a removed member still occurs in the rest of the note.
  private static func updating(
    _ set: Set<String>, removed: [String], added: [String], stillElsewhere: (String) -> Bool
  ) -> Set<String> {
    let addedSet = Set(added)
    var out = set
    for member in addedSet where !out.contains(member) { out.insert(member) }
    for member in Set(removed) where !addedSet.contains(member) && !stillElsewhere(member) { out.remove(member) }
    return out
  }
}
