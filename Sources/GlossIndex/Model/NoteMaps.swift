import GlossSyntax

/// The reverse maps the notes of a workspace file themselves in (cited keys, labels, tags, citekeys, link keys, names,
/// path keys, bibliographies → the notes), apart from the notes.
///
/// A bulk load files them in two groups of about equal work, each on one core (`Workspace.fileNewNotes`). Kept between
/// runs beside the notes they were filed from, they let a restarted workspace answer what needs only them, the
/// bibliographies and the sources (a citation's hover, definition and completion) before its notes are decoded
/// (`Workspace.adoptNoteMaps`).
package struct NoteMaps: Sendable, Equatable {
  var citers: [String: PathSet] = [:]
  var labelOwners: [String: PathSet] = [:]
  var tagUses: [String: PathCounts] = [:]
  var citekeyNotes: [String: PathSet] = [:]
  var linkers: [String: PathSet] = [:]
  var notesByName: [String: PathSet] = [:]
  var notesByPathKey: [String: PathSet] = [:]
  var bibliographyUsers: [String: PathSet] = [:]

  /// No note filed.
  package init() {}

  /// The maps of the notes `records`, filed as a bulk load files them (their paths must differ).
  package init(filing records: some Sequence<NoteRecord>) {
    var new = NewNoteContributions()
    for record in records { new.append(record.path, NoteContributions(record)) }
    let filed = Self.filing(new, into: (NoteMaps(), NoteMaps()))
    self = filed[0]
    linkers = filed[1].linkers
    notesByName = filed[1].notesByName
    notesByPathKey = filed[1].notesByPathKey
    bibliographyUsers = filed[1].bibliographyUsers
  }

  /// `new` filed into the two groups `groups` (citers, labels, tags and citekeys in the first; links, names, path
  /// keys and bibliographies in the second), each on one core.
  static func filing(_ new: NewNoteContributions, into groups: (NoteMaps, NoteMaps)) -> [NoteMaps] {
    let (initial, other) = groups
    return ParallelWork.map(count: 2) { group -> NoteMaps in
      if group == 0 {
        var maps = initial
        for (index, path) in new.paths.enumerated() {
          for key in new.citedKeys.list(index) { maps.citers[key, default: []].insert(path) }
          for id in new.labelIDs.list(index) { maps.labelOwners[id, default: []].insert(path) }
          let tags = new.tags.list(index)
          for (tag, count) in zip(tags, new.tagCounts[tags.indices]) {
            maps.tagUses[tag, default: PathCounts()][path] = count
          }
          if let key = new.citekeys[index] { maps.citekeyNotes[key, default: []].insert(path) }
        }
        return maps
      }
      var maps = other
      for (index, path) in new.paths.enumerated() {
        for key in new.linkKeys.list(index) { maps.linkers[key, default: []].insert(path) }
        for name in new.nameKeys.list(index) { maps.notesByName[name, default: []].insert(path) }
        maps.notesByPathKey[new.pathKeys[index], default: []].insert(path)
        for bib in new.bibliographyPaths.list(index) { maps.bibliographyUsers[bib, default: []].insert(path) }
      }
      return maps
    }
  }

  // MARK: Stored and read back

  /// Each map, by name: the maps of paths in a fixed order (their raw values are their places in `setMaps`), then the
  /// tags' uses.
  package enum Member: Int, CaseIterable, Sendable {
    case citers, labelOwners, citekeyNotes, linkers, notesByName, notesByPathKey, bibliographyUsers, tagUses
  }

  /// The maps of paths in a fixed order (the order `setMaps` gives them and `setMap(_:_:)` takes them).
  private static var setMapPaths: [WritableKeyPath<NoteMaps, [String: PathSet]>] {
    [
      \.citers, \.labelOwners, \.citekeyNotes, \.linkers, \.notesByName, \.notesByPathKey, \.bibliographyUsers,
    ]
  }

  /// These maps with only `members` kept (the others empty).
  package func keeping(_ members: Set<Member>) -> NoteMaps {
    var kept = NoteMaps()
    for (index, path) in Self.setMapPaths.enumerated() where members.contains(Member.allCases[index]) {
      kept[keyPath: path] = self[keyPath: path]
    }
    if members.contains(.tagUses) { kept.tagUses = tagUses }
    return kept
  }

  /// How many maps of paths there are.
  package static var setMapCount: Int { setMapPaths.count }

  /// The maps of paths, in a fixed order.
  package var setMaps: [[String: PathSet]] { Self.setMapPaths.map { self[keyPath: $0] } }

  /// Sets the map of paths number `index` (in the order of `setMaps`).
  package mutating func setMap(_ index: Int, _ map: [String: PathSet]) {
    self[keyPath: Self.setMapPaths[index]] = map
  }

  /// Each tag (lowercased) → each note using it → its number of uses.
  package var tagUseCounts: [String: PathCounts] {
    get { tagUses }
    set { tagUses = newValue }
  }
}

extension Workspace {
  /// The reverse maps the notes are filed in now.
  package var noteMaps: NoteMaps {
    var maps = NoteMaps()
    maps.citers = citers
    maps.labelOwners = labelOwners
    maps.tagUses = tagUses
    maps.citekeyNotes = citekeyNotes
    maps.linkers = linkers
    maps.notesByName = notesByName
    maps.notesByPathKey = notesByPathKey
    maps.bibliographyUsers = bibliographyUsers
    return maps
  }

  /// Takes `maps` as the reverse maps of notes it does not hold (their records are elsewhere: a restarted workspace
  /// kept them between runs), so that what reads only the maps, the bibliographies and the sources answers as it
  /// would with every note in. The workspace must hold no note yet; the notes it is given later are filed on top.
  package mutating func adoptNoteMaps(_ maps: NoteMaps) {
    precondition(notes.isEmpty, "note maps are adopted before any note is added")
    symbolCatalogCache = SymbolCatalogCache(after: symbolCatalogCache)
    completionCache = completionCache.without([.notes, .ranking])
    citers = maps.citers
    labelOwners = maps.labelOwners
    tagUses = maps.tagUses
    citekeyNotes = maps.citekeyNotes
    linkers = maps.linkers
    notesByName = maps.notesByName
    notesByPathKey = maps.notesByPathKey
    bibliographyUsers = maps.bibliographyUsers
  }

  /// Puts `record` in place without filing it in the reverse maps: adopted maps (`adoptNoteMaps`) hold it already.
  package mutating func placeFiledNote(_ record: NoteRecord) {
    notes[record.path] = record
  }
}
