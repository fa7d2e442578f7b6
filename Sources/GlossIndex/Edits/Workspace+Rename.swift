import GlossSyntax

/// What a rename at a cursor renames.
package enum RenameSubject: Hashable, Sendable {
  /// A source key: its citations and its definitions (bibliography entries, CSL `id`, front-matter `id`).
  case sourceKey(String)
  /// A tag (case-insensitive), nested tags `tag/…` with it.
  case tag(String)
  /// A heading of the note at `path` (index into its headings), and the link anchors naming it.
  case heading(path: String, index: Int)
  /// The note at `path`: the file, and the links to it.
  case note(path: String)
  /// A cross-reference label as seen from the note at `path`, and the references to it.
  case label(id: String, from: String)
}

/// What `prepareRename` answers: the text the editor selects, the name it offers, and what would be renamed.
package struct RenamePlaceholder: Hashable, Sendable {
  /// The range of the name at the cursor, in the file's UTF-8 bytes.
  package var range: Range<Int>
  /// The current name offered for editing.
  package var text: String
  /// What a rename would change.
  package var subject: RenameSubject

  /// A placeholder for `subject` at `range`.
  package init(range: Range<Int>, text: String, subject: RenameSubject) {
    self.range = range
    self.text = text
    self.subject = subject
  }
}

/// Why a rename is refused; the message is for the user (lowercase start, names in quotes).
package struct RenameError: Error, Hashable, Sendable {
  /// What went wrong.
  package var message: String

  /// A refusal with `message`.
  package init(_ message: String) { self.message = message }

  /// The refusal when nothing renameable is at the cursor.
  package static let nothingToRename = RenameError("nothing to rename here")
}

extension Workspace {
  /// The renameable name at `offset` in the file at `path`: a citation key, bibliography key, CSL `id` or
  /// front-matter `id`, a tag, a heading, a link to a note (the note) or a link anchor (the heading); nil elsewhere.
  package func prepareRename(at offset: Int, in path: String) -> RenamePlaceholder? {
    func touches(_ range: Range<Int>) -> Bool { range.lowerBound <= offset && offset <= range.upperBound }
    if notes[path] != nil {
      if let (id, range) = crossrefID(at: offset, in: path) {
        let label = labels(withID: id, from: path).first
        let text =
          range == label?.label.range
          ? id
          : String(
            notes[path]?.note.citations.lazy
              .flatMap { Array($0.items) }.first { $0.keyRange == range }?.key ?? id)
        return RenamePlaceholder(range: range, text: text, subject: .label(id: id, from: path))
      }
      switch element(at: offset, in: path) {
      case .citationItem(_, _, let item)? where touches(item.keyRange.lowerBound - 1..<item.keyRange.upperBound):
        let key = citedSourceKey(item.key)
        // After a CiTO property (`@cites:key`) the key is what is renamed; the property stays.
        let range = item.keyRange.upperBound - key.utf8.count..<item.keyRange.upperBound
        return RenamePlaceholder(range: range, text: key, subject: .sourceKey(key))
      case .tag(_, let use)?:
        return RenamePlaceholder(range: use.range, text: use.name, subject: .tag(use.name))
      case .heading(let index, let heading)?:
        return RenamePlaceholder(
          range: heading.textRange, text: heading.text, subject: .heading(path: path, index: index))
      case .link(_, let link)?:
        return linkPlaceholder(link, at: offset, in: path)
      default:
        break
      }
      if let placeholder = frontMatterIDPlaceholder(notes[path]?.note.frontMatter, at: offset) { return placeholder }
      return nil
    }
    if let record = bibliographies[path] {
      guard let entry = record.bibliography.entries.first(where: { touches($0.keyRange) }) else { return nil }
      return RenamePlaceholder(range: entry.keyRange, text: entry.key, subject: .sourceKey(entry.key))
    }
    if let record = sourceDocuments[path] {
      return frontMatterIDPlaceholder(record.document.frontMatter, at: offset)
    }
    return nil
  }

  /// A front-matter `id` under the cursor when it defines a source.
  private func frontMatterIDPlaceholder(_ frontMatter: FrontMatter?, at offset: Int) -> RenamePlaceholder? {
    guard let entry = frontMatter?["id"], case .scalar(let id, let range) = entry.value, hasSource(id),
      entry.keyRange.lowerBound <= offset, offset <= range.upperBound
    else { return nil }
    return RenamePlaceholder(range: range, text: id, subject: .sourceKey(id))
  }

  /// A link's anchor renames the heading it names; the rest of a link to a note renames the note.
  private func linkPlaceholder(_ link: Link, at offset: Int, in path: String) -> RenamePlaceholder? {
    guard !link.isExternal else { return nil }
    if let anchorRange = link.anchorRange, anchorRange.lowerBound - 1 <= offset, offset <= anchorRange.upperBound {
      guard case .note(let target, let heading?) = resolve(link: link, from: path),
        let index = notes[target]?.note.headings.firstIndex(where: { $0.textRange == heading.textRange })
      else { return nil }
      return RenamePlaceholder(range: anchorRange, text: heading.text, subject: .heading(path: target, index: index))
    }
    guard !link.target.isEmpty, case .note(let target, _)? = resolveTarget(of: link, from: path) else { return nil }
    let stem = PathUtilities.removingNoteExtension(PathUtilities.fileName(target))
    return RenamePlaceholder(range: link.targetRange, text: stem, subject: .note(path: target))
  }

  /// Renames what is at `offset` in the file at `path` to `newName`.
  package func rename(at offset: Int, in path: String, to newName: String) throws(RenameError) -> WorkspaceChange {
    guard let placeholder = prepareRename(at: offset, in: path) else { throw .nothingToRename }
    return try rename(placeholder.subject, to: newName)
  }

  /// Renames `subject` to `newName`.
  package func rename(_ subject: RenameSubject, to newName: String) throws(RenameError) -> WorkspaceChange {
    switch subject {
    case .sourceKey(let key): return try renameSourceKey(key, to: newName)
    case .tag(let tag): return try renameTag(tag, to: newName)
    case .heading(let path, let index): return try renameHeading(at: index, in: path, to: newName)
    case .note(let path): return try renameNote(at: path, to: newName)
    case .label(let id, let path): return try renameLabel(id, from: path, to: Self.labelID(ofKey: newName))
    }
  }

  /// Renames the source key `key`: every citation's key (after a CiTO property, `@cites:key`, the key only), every
  /// bibliography entry key and CSL `id`, every BibTeX `crossref`/`xref` naming it, every front-matter `id`, the
  /// `citekey:` of its literature notes, and a source document keyed by its file name is renamed (a file operation).
  package func renameSourceKey(_ key: String, to newKey: String) throws(RenameError) -> WorkspaceChange {
    let newKey = newKey.trimmingSpaces()
    if newKey == key { return WorkspaceChange() }
    guard NameRules.isValidCitationKey(newKey) else {
      throw RenameError(
        "'\(newKey)' is not a valid citation key: use letters, digits, '_' and inner punctuation (:.#$%&-+?<>~/)")
    }
    // Two sources never merge into one key; but the citations of an unknown key may take an existing one (the key
    // was changed in the reference manager first, and the notes now cite the old one).
    guard !hasSource(newKey) || !hasSource(key) else {
      throw RenameError("a source with key '\(newKey)' already exists")
    }
    var change = WorkspaceChange()
    var edits: [String: [WorkspaceChange.Edit]] = [:]
    // Straight from the key → citers map and each note's parsed citations: no file is read again.
    for path in citers[key] ?? [] where notes[path] != nil { edits[path] = [] }
    for occurrence in citations(ofKey: key) {
      edits[occurrence.path, default: []].append(WorkspaceChange.Edit(range: occurrence.item.keyRange, newText: newKey))
    }
    for (occurrence, range) in citoCitations(ofKey: key) {
      edits[occurrence.path, default: []].append(WorkspaceChange.Edit(range: range, newText: newKey))
    }
    let defs = definitions[key] ?? SourceDefinitions()
    for location in defs.entries {
      guard let record = bibliographies[location.path], location.index < record.bibliography.entries.count else {
        continue
      }
      let entry = record.bibliography.entries[location.index]
      edits[location.path, default: []].append(WorkspaceChange.Edit(range: entry.keyRange, newText: newKey))
    }
    for location in crossReferences(to: key) {
      edits[location.path, default: []].append(WorkspaceChange.Edit(range: location.range, newText: newKey))
    }
    for (path, edit) in citekeyEdits(of: key, to: newKey) { edits[path, default: []].append(edit) }
    for path in defs.documents {
      guard let record = sourceDocuments[path] else { continue }
      if let entry = record.document.frontMatter?["id"] {
        guard case .scalar(_, let range) = entry.value else {
          throw RenameError("cannot rename '\(key)': the 'id' of '\(path)' is not a single value")
        }
        edits[path, default: []].append(WorkspaceChange.Edit(range: range, newText: newKey))
      } else {
        // docs/configuration.md: without an `id` the key is the file name, so the file follows the key.
        let ext = PathUtilities.pathExtension(path)
        let name = ext.isEmpty ? newKey : newKey + "." + ext
        guard NameRules.safeFileName(newKey) == newKey else {
          throw RenameError("cannot rename '\(path)' to '\(name)': add an 'id:' to its front matter instead")
        }
        let newPath = PathComponents.join(PathUtilities.folder(path), name)
        guard !fileExists(newPath) else { throw RenameError("cannot rename '\(path)': '\(newPath)' already exists") }
        change.operations.append(.rename(old: path, new: newPath))
      }
    }
    change.edits = edits
    change.normalize()
    return change
  }

  /// The edits that give the literature notes of `key` (front matter `citekey: key` or `citekey: "@key"`) the key
  /// `newKey`, or they would stop being the work's (docs/literature-notes.md); sorted by path. The note's file name
  /// stays as it is.
  func citekeyEdits(of key: String, to newKey: String) -> [(path: String, edit: WorkspaceChange.Edit)] {
    (citekeyNotes[key] ?? []).sorted(by: { $0.utf8Precedes($1) }).compactMap { path in
      guard case .scalar(let value, let range)? = notes[path]?.note.frontMatter?["citekey"]?.value,
        value == key || value == "@" + key
      else { return nil }
      return (path, WorkspaceChange.Edit(range: range, newText: value.hasPrefix("@") ? "@" + newKey : newKey))
    }
  }

  /// Renames the tag `tag` (case-insensitive) in every note, inline and in front matter; nested `tag/…` follow.
  package func renameTag(_ tag: String, to newTag: String) throws(RenameError) -> WorkspaceChange {
    var newTag = newTag.trimmingSpaces()
    if newTag.hasPrefix("#") { newTag.removeFirst() }
    guard NameRules.isValidTag(newTag) else {
      throw RenameError("'\(newTag)' is not a valid tag: use letters, digits, '_', '-' and '/', not only digits")
    }
    let depth = tag.split(separator: "/", omittingEmptySubsequences: false).count
    var change = WorkspaceChange()
    for occurrence in uses(ofTag: tag, includingNested: true) {
      let use = occurrence.use
      // Only the parent part of a nested tag changes; its length is taken as written (case may differ).
      let parent = use.name.split(separator: "/", omittingEmptySubsequences: false).prefix(depth).joined(separator: "/")
      let upper = min(use.range.lowerBound + parent.utf8.count, use.range.upperBound)
      change.replace(use.range.lowerBound..<upper, in: occurrence.path, with: newTag)
    }
    change.normalize()
    return change
  }

  /// Renames the heading at `index` in the note at `path`, and every link anchor naming it: wiki anchors get the
  /// new text (or the new slug when written as a slug), Markdown anchors the new slug.
  package func renameHeading(at index: Int, in path: String, to newText: String) throws(RenameError)
    -> WorkspaceChange
  {
    let newText = newText.trimmingSpaces()
    guard let record = notes[path], index < record.note.headings.count else { throw .nothingToRename }
    guard NameRules.isValidHeadingText(newText) else { throw RenameError("a heading needs some text on one line") }
    let headings = record.note.headings
    let heading = headings[index]
    var texts = headings.map(\.text)
    texts[index] = newText
    let newSlug = Slug.unique(texts)[index]
    var change = WorkspaceChange()
    change.replace(heading.textRange, in: path, with: newText)
    // A note titled by this heading (no front-matter title) is also linked by it: `[[Old Title]]` follows.
    let isTitle =
      record.note.frontMatter?["title"] == nil && heading.level == 1
      && headings.first(where: { $0.level == 1 })?.textRange == heading.textRange
    let titleKey = heading.text.lowercased()
    let nameKeys: Set<String> = [PathUtilities.stem(path).lowercased(), PathUtilities.pathKey(path)]
    for linker in [path] + backlinks(to: path) {
      guard let links = notes[linker]?.note.links else { continue }
      for link in links {
        if isTitle, link.kind == .wiki, !link.target.isEmpty {
          let names = LinkKeys.wikiNames(link.target)
          if names.contains(titleKey), !names.contains(where: nameKeys.contains),
            case .note(path, _)? = resolveTarget(of: link, from: linker)
          {
            change.replace(link.targetRange, in: linker, with: newText)
          }
        }
        guard let anchor = link.anchor, var anchorRange = link.anchorRange,
          case .note(let target, let found?) = resolve(link: link, from: linker), target == path,
          found.textRange == heading.textRange
        else { continue }
        var written = anchor
        // Obsidian's `[[note#Part#Section]]` names the heading by its last part: only that part changes.
        if Self.heading(matching: anchor, in: headings)?.textRange != heading.textRange,
          let hash = anchor.utf8.lastIndex(of: UInt8(ascii: "#"))
        {
          let prefixLength = anchor.utf8.distance(from: anchor.utf8.startIndex, to: hash) + 1
          anchorRange = anchorRange.lowerBound + prefixLength..<anchorRange.upperBound
          written = String(anchor[anchor.utf8.index(after: hash)...])
        }
        let asSlug = link.kind == .markdown || written == heading.slug
        change.replace(anchorRange, in: linker, with: asSlug ? newSlug : newText)
      }
    }
    change.normalize()
    return change
  }

  /// Renames the note at `path` to `newName` (a file name without extension, or a root-relative path without
  /// extension to move it): a file rename plus every link to it, each kept in its style.
  package func renameNote(at path: String, to newName: String) throws(RenameError) -> WorkspaceChange {
    guard notes[path] != nil else { throw .nothingToRename }
    var name = newName.trimmingSpaces()
    while name.hasPrefix("/") { name.removeFirst() }
    let ext = PathUtilities.pathExtension(path)
    if !ext.isEmpty, PathUtilities.pathExtension(name) == ext { name = String(name.dropLast(ext.count + 1)) }
    let components = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard !name.isEmpty, components.allSatisfy({ !$0.isEmpty && NameRules.safeFileName($0) == $0 && $0 != ".." })
    else {
      throw RenameError("'\(newName)' is not a usable file name")
    }
    let base = name.contains("/") ? name : PathComponents.join(PathUtilities.folder(path), name)
    let newPath = ext.isEmpty ? base : base + "." + ext
    if newPath == path { return WorkspaceChange() }
    // A change of case only is a rename on case-sensitive file systems, and not a clash with itself.
    if fileExists(newPath), newPath.lowercased() != path.lowercased() {
      throw RenameError("cannot rename '\(path)': '\(newPath)' already exists")
    }
    var change = linkChanges(forMoving: [(old: path, new: newPath)])
    change.operations.append(.rename(old: path, new: newPath))
    change.normalize()
    return change
  }

  /// Whether any indexed or listed file has `path`.
  func fileExists(_ path: String) -> Bool {
    notes[path] != nil || sourceDocuments[path] != nil || bibliographies[path] != nil || otherFiles.contains(path)
  }
}
