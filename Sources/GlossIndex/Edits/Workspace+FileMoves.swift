import GlossSyntax

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Workspace {
  /// The edits that keep links working when files move (`workspace/willRenameFiles`): links to each moved note
  /// are rewritten in their style (wiki by name stays by name, by path gets the new path; Markdown paths stay
  /// relative or rooted), relative Markdown links inside a moved note follow its new folder, and a source
  /// document keyed by its file name gets its citations renamed, and BibTeX `file` fields naming a moved file
  /// follow it. A moved folder moves every note under it.
  /// Edits name files by their old paths (they are applied before the move); no file operation is included.
  package func renamingFiles(_ moves: [(old: String, new: String)]) -> WorkspaceChange {
    var change = linkChanges(forMoving: moves)
    for (old, new) in moves {
      guard let record = sourceDocuments[old], record.document.frontMatter?["id"] == nil else { continue }
      let oldStem = PathUtilities.stem(old)
      let newStem = PathUtilities.stem(new)
      guard record.key == oldStem, newStem != oldStem, definitions[oldStem]?.documents == [old],
        let keyChange = try? renameSourceKey(oldStem, to: newStem)
      else { continue }
      for (path, edits) in keyChange.edits { change.edits[path, default: []] += edits }
    }
    for (path, edits) in bibliographyFileChanges(forMoving: moves) { change.edits[path, default: []] += edits }
    change.normalize()
    return change
  }

  /// Edits of BibTeX `file` fields naming moved files (or files in moved folders), each path rewritten in its
  /// style: relative to the bibliography's folder stays relative, rooted stays rooted. A field written with escapes
  /// or through a macro is left as it is.
  func bibliographyFileChanges(forMoving moves: [(old: String, new: String)]) -> [String: [WorkspaceChange.Edit]] {
    func destination(of path: String) -> String? {
      for (old, new) in moves {
        if path == old { return new }
        if path.hasPrefix(old + "/") { return new + path.dropFirst(old.count) }
      }
      return nil
    }
    var edits: [String: [WorkspaceChange.Edit]] = [:]
    for (bibPath, record) in bibliographies {
      let folder = PathUtilities.folder(bibPath)
      for entry in record.bibliography.entries {
        guard let literal = entry.fileLiteral else { continue }
        var text = literal.text
        for written in entry.files {
          let candidates = LinkKeys.markdownCandidates(written, from: folder)
          guard
            let target = candidates.first(where: { fileExists($0) || sourceDocuments[$0] != nil }) ?? candidates.first,
            let moved = destination(of: target)
          else { continue }
          let rewritten: String
          if written.hasPrefix("/") {
            rewritten = "/" + moved
          } else if target == candidates.first, !folder.isEmpty {
            rewritten = NameRules.relativePath(from: folder, to: moved)
          } else {
            rewritten = moved
          }
          // Only a path written exactly once and without escapes can be replaced in the raw text.
          let pieces = text.components(separatedBy: written)
          guard pieces.count == 2 else { continue }
          text = pieces[0] + rewritten + pieces[1]
        }
        if text != literal.text {
          edits[bibPath, default: []].append(WorkspaceChange.Edit(range: literal.range, newText: text))
        }
      }
    }
    return edits
  }

  /// Link edits for moving notes (`moves` of notes or folders; root-relative paths).
  func linkChanges(forMoving moves: [(old: String, new: String)]) -> WorkspaceChange {
    var moved: [String: String] = [:]
    var movedOthers: [String: String] = [:]
    for (old, new) in moves {
      if notes[old] != nil {
        moved[old] = new
      } else if fileExists(old) {
        movedOthers[old] = new
      } else {
        // A folder: everything under it moves with it.
        let prefix = old + "/"
        for path in notes.keys where path.hasPrefix(prefix) { moved[path] = new + "/" + path.dropFirst(prefix.count) }
        for path in otherFiles where path.hasPrefix(prefix) {
          movedOthers[path] = new + "/" + path.dropFirst(prefix.count)
        }
      }
    }
    guard !moved.isEmpty || !movedOthers.isEmpty else { return WorkspaceChange() }
    var linkers = Set(moved.keys)
    for target in moved.keys { linkers.formUnion(backlinks(to: target)) }
    for target in movedOthers.keys { linkers.formUnion(linkersOfFile(target)) }

    var change = WorkspaceChange()
    for linker in linkers.sorted() {
      guard let links = notes[linker]?.note.links else { continue }
      let newLinker = moved[linker] ?? linker
      // A reference link's target is written in its definition only, which is edited; its uses stay.
      for link in links where !link.isExternal && !link.target.isEmpty && !link.isReferenceUse {
        let target: String
        switch resolveTarget(of: link, from: linker) {
        case .note(let path, _)?: target = path
        case .file(let path)? where movedOthers[path] != nil || (link.kind == .markdown && newLinker != linker):
          target = path
        default: continue
        }
        let newTarget = moved[target] ?? movedOthers[target] ?? target
        guard newTarget != target || (link.kind == .markdown && newLinker != linker) else { continue }
        let text: String?
        switch link.kind {
        case .wiki: text = wikiTarget(link.target, for: target, movedTo: newTarget)
        case .markdown:
          text = markdownTarget(link, in: linker, for: target, movedTo: newTarget, linkerMovedTo: newLinker)
        }
        if let text { change.replace(link.targetRange, in: linker, with: text) }
      }
    }
    change.normalize()
    return change
  }

  /// The new text of a wiki target that named `target` by file name or path; nil when it named it by title or
  /// alias (which a move does not change).
  private func wikiTarget(_ written: String, for target: String, movedTo newTarget: String) -> String? {
    let trimmed = written.trimmingSpaces()
    let lower = trimmed.lowercased()
    let stripped = PathUtilities.removingNoteExtension(lower)
    // Keep an extension the user wrote (`[[name.md]]`).
    let suffix = stripped == lower ? "" : String(trimmed.dropFirst(stripped.count))
    // Other files (`![[figure.png]]`) are named with their extension, by path or by file name.
    if notes[target] == nil {
      if lower == target.lowercased() { return newTarget }
      return lower == PathUtilities.fileName(target).lowercased() ? PathUtilities.fileName(newTarget) : nil
    }
    let newByPath = PathUtilities.removingNoteExtension(newTarget)
    if stripped == PathUtilities.pathKey(target) && stripped.contains("/") { return newByPath + suffix }
    guard stripped == PathUtilities.stem(target).lowercased() else { return nil }
    let newStem = PathUtilities.stem(newTarget)
    // By name unless another note already has the new name, which would make the link ambiguous.
    let others = Set(notesByName[newStem.lowercased()] ?? []).subtracting([target])
    return (others.isEmpty ? newStem : newByPath) + suffix
  }

  /// The new destination of a Markdown link: relative stays relative (to the linking note's new folder), rooted
  /// stays rooted, and a link written without extension stays without; nil when nothing changes.
  private func markdownTarget(
    _ link: Link, in linker: String, for target: String, movedTo newTarget: String, linkerMovedTo newLinker: String
  ) -> String? {
    let written = link.target
    let withoutExtension = PathUtilities.pathExtension(written).isEmpty && !PathUtilities.pathExtension(target).isEmpty
    let destination = withoutExtension ? PathUtilities.removingNoteExtension(newTarget) : newTarget
    let candidates = LinkKeys.markdownCandidates(written, from: PathUtilities.folder(linker))
    let isRelative =
      !written.hasPrefix("/")
      && candidates.first.map {
        $0 == target || PathUtilities.pathKey($0) == PathUtilities.pathKey(target)
      } ?? false
    let text: String
    if written.hasPrefix("/") {
      text = "/" + destination
    } else if isRelative {
      text = NameRules.relativePath(from: PathUtilities.folder(newLinker), to: destination)
    } else {
      text = destination
    }
    return text == written ? nil : NameRules.markdownDestination(text)
  }
}
