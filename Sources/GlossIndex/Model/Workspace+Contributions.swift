import GlossSyntax

/// Each file's contributions to the reverse maps, updated from the difference between its old and new summary.
extension Workspace {
  /// Replaces the note at `path` (nil removes it); returns the other paths whose diagnostics may change (none
  /// without `collectingAffected`, for the bulk load, which diagnoses everything afterwards). `contributions` are
  /// `new`'s, when the caller found them already (the bulk load, on the core that parsed the note).
  mutating func replaceNote(
    at path: String, with new: NoteRecord?, collectingAffected: Bool = true, contributions: NoteContributions? = nil
  ) -> Set<String> {
    let old = notes[path]
    notes[path] = new
    symbolCatalogCache = SymbolCatalogCache(after: symbolCatalogCache)
    var affected: Set<String> = []
    // The path key is made once, so that `notesByName` and `notesByPathKey` share its string (a note's path key is
    // one of its names).
    let pathKey = contributions?.pathKey ?? PathUtilities.pathKey(path)
    let before = old.map { NoteContributions($0, pathKey: pathKey) }
    let after = new.map { contributions ?? NoteContributions($0, pathKey: pathKey) }

    let oldKeys = before?.citedKeys ?? []
    let newKeys = after?.citedKeys ?? []
    for key in oldKeys.subtracting(newKeys) { Self.remove(path, from: &citers, at: key) }
    for key in Self.added(newKeys, to: oldKeys) { citers[key, default: []].insert(path) }
    var stale: CompletionCache.Parts = []
    // The ranking counts the citers of the keys that name a source: a key being typed (`[@smi`) names none.
    if oldKeys != newKeys, Self.differing(oldKeys, newKeys).contains(where: { definitions[$0] != nil }) {
      stale.insert(.ranking)
    }
    if before?.nameKeys != after?.nameKeys || old?.title != new?.title { stale.insert(.notes) }
    if !stale.isEmpty { completionCache = completionCache.without(stale) }

    // Labels: cross-references to a label that appeared or went read differently (in a book, from any note).
    let oldLabels = before?.labelIDs ?? []
    let newLabels = after?.labelIDs ?? []
    if oldLabels != newLabels {
      for id in oldLabels.subtracting(newLabels) { Self.remove(path, from: &labelOwners, at: id) }
      for id in newLabels.subtracting(oldLabels) { labelOwners[id, default: []].insert(path) }
      if collectingAffected, crossrefsSpanProject {
        affected.formUnion(crossrefCiters(of: oldLabels.symmetricDifference(newLabels)))
      }
    }

    let oldTags = before?.tagCounts ?? [:]
    let newTags = after?.tagCounts ?? [:]
    for (tag, _) in oldTags where newTags[tag] == nil {
      tagUses[tag]?[path] = nil
      if tagUses[tag]?.isEmpty ?? false { tagUses[tag] = nil }
    }
    for (tag, count) in newTags where oldTags[tag] != count { tagUses[tag, default: PathCounts()][path] = count }

    let oldLinks = before?.linkKeys ?? []
    let newLinks = after?.linkKeys ?? []
    for key in oldLinks.subtracting(newLinks) { Self.remove(path, from: &linkers, at: key) }
    for key in Self.added(newLinks, to: oldLinks) { linkers[key, default: []].insert(path) }

    let oldCitekey = before?.citekey
    let newCitekey = after?.citekey
    if oldCitekey != newCitekey {
      if let key = oldCitekey { Self.remove(path, from: &citekeyNotes, at: key) }
      if let key = newCitekey { citekeyNotes[key, default: []].insert(path) }
    }

    let oldBibs = before?.bibliographyPaths ?? []
    let newBibs = after?.bibliographyPaths ?? []
    for bib in oldBibs.subtracting(newBibs) { Self.remove(path, from: &bibliographyUsers, at: bib) }
    for bib in Self.added(newBibs, to: oldBibs) { bibliographyUsers[bib, default: []].insert(path) }

    // Names: links using a name this note gained or lost may now resolve differently.
    let oldNames = before?.nameKeys ?? []
    let newNames = after?.nameKeys ?? []
    for name in oldNames.subtracting(newNames) {
      Self.remove(path, from: &notesByName, at: name)
      if collectingAffected { affected.formUnion(linkers["w:" + name] ?? []) }
    }
    for name in Self.added(newNames, to: oldNames) {
      notesByName[name, default: []].insert(path)
      if collectingAffected { affected.formUnion(linkers["w:" + name] ?? []) }
    }
    if (old == nil) != (new == nil) {
      if new == nil {
        Self.remove(path, from: &notesByPathKey, at: pathKey)
      } else {
        notesByPathKey[pathKey, default: []].insert(path)
      }
      if collectingAffected { affected.formUnion(linkersOfFile(path)) }
    }
    guard collectingAffected else { return [] }
    // Headings: links into this note may gain or lose their anchor.
    if old?.headingSignature != new?.headingSignature {
      for name in oldNames.union(newNames) { affected.formUnion(linkers["w:" + name] ?? []) }
      affected.formUnion(linkers["p:" + pathKey] ?? [])
    }
    affected.remove(path)
    return affected
  }

  /// Replaces the source document at `path` (nil removes it); returns the paths whose diagnostics may change (none
  /// without `collectingAffected`, for the bulk load, which diagnoses everything afterwards).
  mutating func replaceSourceDocument(
    at path: String, with new: SourceDocumentRecord?, collectingAffected: Bool = true
  ) -> Set<String> {
    let old = sourceDocuments[path]
    sourceDocuments[path] = new
    // Completion reads a document's key and metadata, not its text: a text extracted or edited keeps its index.
    if old?.key != new?.key || old?.document.metadata != new?.document.metadata {
      completionCache = completionCache.without([.sources, .ranking])
    }
    let documentChanged = Self.differ(old?.document, new?.document)
    if documentChanged {
      textSearchCache = SourceTextSearchCache(after: textSearchCache, dropping: [path])
    }
    symbolCatalogCache = SymbolCatalogCache(after: symbolCatalogCache)
    var keys = Set(entriesByFile[path] ?? [])
    if let old {
      keys.insert(old.key)
      definitions[old.key]?.documents.removeAll { $0 == path }
      if definitions[old.key]?.isEmpty ?? false { definitions[old.key] = nil }
    }
    // A file outside the workspace is only ever a `file` field's text: its name is no citation key.
    if let new, !WorkspacePlace.isOutside(path) {
      keys.insert(new.key)
      Self.insertSorted(path, into: &definitions[new.key, default: SourceDefinitions()].documents)
    }
    if new == nil { textProblems[path] = nil }
    invalidateQuoteChecks(sourcePath: path, documentChanged: documentChanged, keys: keys)
    guard collectingAffected else { return [] }
    var affected = affectedBy(keys: keys)
    if (old == nil) != (new == nil) { affected.formUnion(linkersOfFile(path)) }
    affected.remove(path)
    return affected
  }

  /// Whether two states of a source document differ; one whose text was released is compared by its text's
  /// fingerprint, so that reading an unchanged file again changes nothing.
  static func differ(_ old: SourceDocument?, _ new: SourceDocument?) -> Bool {
    guard let old, let new else { return (old == nil) != (new == nil) }
    guard old.isTextReleased != new.isTextReleased else { return old != new }
    return (old.releasingText() ?? old) != (new.releasingText() ?? new)
  }

  /// Replaces the bibliography at `path` (nil removes it); returns the paths whose diagnostics may change (none
  /// without `collectingAffected`, for the bulk load, which diagnoses everything afterwards).
  mutating func replaceBibliography(
    at path: String, with new: BibliographyRecord?, collectingAffected: Bool = true
  ) -> Set<String> {
    let old = bibliographies[path]
    bibliographies[path] = new
    renamedKeysAreStale = true
    completionCache = completionCache.without([.sources, .ranking])
    symbolCatalogCache = SymbolCatalogCache(after: symbolCatalogCache)
    var changedKeys: Set<String> = []
    if let old, let new {
      let oldContent = old.contentByKey
      let newContent = new.contentByKey
      for (key, entries) in oldContent where newContent[key] != entries { changedKeys.insert(key) }
      for (key, _) in newContent where oldContent[key] == nil { changedKeys.insert(key) }
    } else {
      // A file appearing or disappearing changes every key it defines; no need to compare contents.
      for entry in (old ?? new)?.bibliography.entries ?? [] { changedKeys.insert(entry.key) }
    }

    // Entry indices may shift with any edit, so this file's locations are re-filed for every key it defines.
    if let old {
      for key in Set(old.bibliography.entries.map(\.key)) {
        definitions[key]?.entries.removeAll { $0.path == path }
        if definitions[key]?.isEmpty ?? false { definitions[key] = nil }
      }
      for (index, files) in old.entryFiles.enumerated() {
        for file in files { Self.remove(old.bibliography.entries[index].key, from: &entriesByFile, at: file) }
      }
    }
    if let new {
      for (index, entry) in new.bibliography.entries.enumerated() {
        Self.insertSorted(
          EntryLocation(path: path, index: index), into: &definitions[entry.key, default: SourceDefinitions()].entries)
        preferLibrary(forKey: entry.key)
        for file in new.entryFiles[index] { entriesByFile[file, default: []].insert(entry.key) }
      }
    }
    if let old { rememberKeysGone(from: old, among: changedKeys) }
    invalidateQuoteChecks(sourcePath: nil, documentChanged: true, keys: changedKeys)
    guard collectingAffected else { return [] }
    var affected = affectedBy(keys: changedKeys)
    if (old == nil) != (new == nil) { affected.formUnion(linkersOfFile(path)) }
    affected.remove(path)
    return affected
  }

  /// Puts the first definition of `key` from a Zotero library first: where the library and a bibliography file both
  /// define a key, the library wins (docs/zotero.md), whatever the paths' order.
  mutating func preferLibrary(forKey key: String) {
    guard let entries = definitions[key]?.entries, entries.count > 1,
      bibliographies[entries[0].path]?.isZoteroLibrary != true,
      let index = entries.firstIndex(where: { bibliographies[$0.path]?.isZoteroLibrary == true })
    else { return }
    var reordered = entries
    reordered.insert(reordered.remove(at: index), at: 0)
    definitions[key]?.entries = reordered
  }

  /// Notes citing any of `keys`, and every file defining one of them (their duplicate status may change).
  func affectedBy(keys: Set<String>) -> Set<String> {
    var out: Set<String> = []
    for key in keys {
      out.formUnion(citers[key] ?? [])
      if let defs = definitions[key] { out.formUnion(defs.paths) }
    }
    return out
  }

  /// The members of `new` not in `old`; `new` itself when `old` is empty (a file's first contributions), without
  /// hashing every member again.
  static func added<T: Hashable>(_ new: Set<T>, to old: Set<T>) -> Set<T> {
    old.isEmpty ? new : new.subtracting(old)
  }

  /// The members of one of `old` and `new` but not both; the other itself when one is empty (a file's first or last
  /// contributions), without hashing every member again.
  static func differing<T: Hashable>(_ old: Set<T>, _ new: Set<T>) -> Set<T> {
    if old.isEmpty { return new }
    if new.isEmpty { return old }
    return old.symmetricDifference(new)
  }

  static func remove<Key: Hashable>(_ path: String, from map: inout [Key: PathSet], at key: Key) {
    guard var set = map[key] else { return }
    set.remove(path)
    map[key] = set.isEmpty ? nil : set
  }

  static func insertSorted<T: Comparable>(_ value: T, into array: inout [T]) {
    let low = array.partitioningIndex { !($0 < value) }
    if low < array.count, array[low] == value { return }
    array.insert(value, at: low)
  }
}

/// The contributions of the notes a bulk load puts in place, kept flat until they are filed (`fileNewNotes`): each
/// note's sets are freed as it arrives (kept whole for ten thousand notes they held 25 MB until the end, whose holes
/// then stayed in the resident memory).
struct NewNoteContributions: Sendable {
  /// Lists of members, one after another: list `i` ends at `ends[i]`.
  struct Lists: Sendable {
    var members: [String] = []
    var ends: [Int] = []

    mutating func append(_ list: some Sequence<String>) {
      members.append(contentsOf: list)
      ends.append(members.count)
    }

    func list(_ index: Int) -> ArraySlice<String> { members[(index == 0 ? 0 : ends[index - 1])..<ends[index]] }
  }

  var paths: [String] = []
  var pathKeys: [String] = []
  var citekeys: [String?] = []
  var citedKeys = Lists()
  var labelIDs = Lists()
  var linkKeys = Lists()
  var nameKeys = Lists()
  var bibliographyPaths = Lists()
  var tags = Lists()
  var tagCounts: [Int] = []

  var isEmpty: Bool { paths.isEmpty }

  /// Adds the note at `path` with its contributions.
  mutating func append(_ path: String, _ contributions: NoteContributions) {
    paths.append(path)
    pathKeys.append(contributions.pathKey)
    citekeys.append(contributions.citekey)
    citedKeys.append(contributions.citedKeys)
    labelIDs.append(contributions.labelIDs)
    linkKeys.append(contributions.linkKeys)
    nameKeys.append(contributions.nameKeys)
    bibliographyPaths.append(contributions.bibliographyPaths)
    for (tag, count) in contributions.tagCounts {
      tags.members.append(tag)
      tagCounts.append(count)
    }
    tags.ends.append(tags.members.count)
  }
}

extension Workspace {
  /// Files the notes `new` names, just put in `notes` (the workspace held no file at their paths), in the reverse
  /// maps: what `replaceNote(at:with:collectingAffected: false, contributions:)` files for a new note, the maps split
  /// in two groups filed at once on two cores. Nothing a bulk load does in between reads the maps for these notes: a
  /// source or bibliography put in place meanwhile only drops cached quotation checks of the notes citing it, and a
  /// new note has none.
  mutating func fileNewNotes(_ new: NewNoteContributions) {
    guard !new.isEmpty else { return }
    symbolCatalogCache = SymbolCatalogCache(after: symbolCatalogCache)
    completionCache = completionCache.without([.notes, .ranking])
    var first = NoteMaps()
    var second = NoteMaps()
    // Moved out of the workspace, so that only the closures' copies hold them (a bulk load starts from empty maps).
    swap(&first.citers, &citers)
    swap(&first.labelOwners, &labelOwners)
    swap(&first.tagUses, &tagUses)
    swap(&first.citekeyNotes, &citekeyNotes)
    swap(&second.linkers, &linkers)
    swap(&second.notesByName, &notesByName)
    swap(&second.notesByPathKey, &notesByPathKey)
    swap(&second.bibliographyUsers, &bibliographyUsers)
    let filed = NoteMaps.filing(new, into: (first, second))
    citers = filed[0].citers
    labelOwners = filed[0].labelOwners
    tagUses = filed[0].tagUses
    citekeyNotes = filed[0].citekeyNotes
    linkers = filed[1].linkers
    notesByName = filed[1].notesByName
    notesByPathKey = filed[1].notesByPathKey
    bibliographyUsers = filed[1].bibliographyUsers
  }
}
