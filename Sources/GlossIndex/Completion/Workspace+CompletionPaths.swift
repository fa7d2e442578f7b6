import GlossSyntax

extension Workspace {
  /// The notes other than the one at `path`, as Markdown link destinations relative to its folder, after `](`.
  ///
  /// The destination is percent-encoded as CommonMark needs it without angle brackets: spaces (`%20`), parentheses,
  /// `%`, `#`, `<`, `>` and controls (`NameRules.markdownDestination`, as moving a note writes them); other
  /// characters, accents and CJK included, are written as they are. A note matches when its destination (as
  /// written or decoded) starts with what was typed, or its file name does; same-folder notes come first.
  func notePathCompletions(prefix: String, replace: Range<Int>, from path: String) -> CompletionResult {
    let folder = PathUtilities.folder(path)
    let typed = prefix.lowercased()
    let decodedTyped = prefix.removingPercentEncodingIfValid.lowercased()
    var matches: [(depth: Int, relative: String, path: String)] = []
    for notePath in notes.keys where notePath != path {
      let relative = NameRules.relativePath(from: folder, to: notePath)
      if !typed.isEmpty {
        let lower = relative.lowercased()
        let fileName = PathUtilities.fileName(lower)
        let matched =
          lower.hasPrefix(decodedTyped) || NameRules.markdownDestination(lower).hasPrefix(typed)
          || (!decodedTyped.contains("/") && fileName.hasPrefix(decodedTyped))
        if !matched { continue }
      }
      matches.append((relative.utf8.count { $0 == 0x2F }, relative, notePath))
    }
    let best = matches.smallest(Self.completionLimit) { a, b in
      a.depth != b.depth ? a.depth < b.depth : a.relative.utf8Precedes(b.relative)
    }
    let items = best.map { match -> CompletionCandidate in
      let destination = NameRules.markdownDestination(match.relative)
      return CompletionCandidate(
        kind: .note, label: match.relative, detail: notes[match.path]?.title, filterText: destination,
        newText: destination, replaceRange: replace)
    }
    return CompletionResult(items: items, isIncomplete: matches.count > items.count)
  }
}
