import GlossSyntax

/// A span of a note worth colouring, in editor terms (the server maps kinds to its legend).
package struct NoteToken: Hashable, Sendable {
  /// What the span is.
  package enum Kind: Hashable, Sendable {
    /// A cited key (without `@`).
    case citationKey
    /// The first locator of a citation item (`p. 33`).
    case locator
    /// A tag, with its `#` when inline.
    case tag
    /// The target of a wiki link (`[[target#anchor|label]]`).
    case wikiLinkTarget
    /// The heading part of a wiki link, after `#`.
    case wikiLinkAnchor
    /// A cross-reference's key (`fig-x` of `@fig-x`) or a label (`fig-x` of `{#fig-x}`, a declaration).
    case crossref
  }

  /// UTF-8 offsets; may span lines (the server splits it).
  package var range: Range<Int>
  package var kind: Kind
  /// A key no source has, a cross-reference to no label, or a wiki link to no note or heading.
  package var isUnresolved: Bool
  /// A label, where cross-references point.
  package var isDeclaration: Bool

  /// A token from its parts.
  package init(range: Range<Int>, kind: Kind, isUnresolved: Bool = false, isDeclaration: Bool = false) {
    self.range = range
    self.kind = kind
    self.isUnresolved = isUnresolved
    self.isDeclaration = isDeclaration
  }
}

extension Workspace {
  /// The tokens of the note at `path`: cited keys (unknown ones marked), cross-references (those to no label marked)
  /// and labels, locators, tags and wiki links (broken ones marked), sorted by start and never overlapping.
  package func semanticTokens(in path: String) -> [NoteToken] {
    guard let record = notes[path] else { return [] }
    let note = record.note
    var tokens: [NoteToken] = []
    tokens.reserveCapacity(note.citations.count * 2 + note.tags.count + note.links.count)
    for citation in note.citations {
      for item in citation.items {
        if crossrefKind(ofKey: item.key, in: record) != nil {
          let missing = labels(withID: Self.labelID(ofKey: item.key), from: path).isEmpty
          tokens.append(NoteToken(range: item.keyRange, kind: .crossref, isUnresolved: missing))
          continue
        }
        let missing = !hasSource(citedSourceKey(item.key))
        tokens.append(NoteToken(range: item.keyRange, kind: .citationKey, isUnresolved: missing))
      }
    }
    for label in note.labels where crossrefKind(ofKey: label.id, in: record) != nil {
      tokens.append(NoteToken(range: label.range, kind: .crossref, isDeclaration: true))
    }
    for locator in record.locators where !locator.range.isEmpty {
      tokens.append(NoteToken(range: locator.range, kind: .locator))
    }
    for tag in note.tags where !tag.range.isEmpty {
      // An inline tag's `#` sits right before its name.
      let start = tag.isInFrontMatter ? tag.range.lowerBound : max(0, tag.range.lowerBound - 1)
      tokens.append(NoteToken(range: start..<tag.range.upperBound, kind: .tag))
    }
    for link in note.links where link.kind == .wiki {
      let resolution = resolve(link: link, from: path)
      let isBroken: Bool
      let isAnchorBroken: Bool
      switch resolution {
      case .missing, .ambiguous: (isBroken, isAnchorBroken) = (true, true)
      case .missingAnchor: (isBroken, isAnchorBroken) = (false, true)
      default: (isBroken, isAnchorBroken) = (false, false)
      }
      if !link.targetRange.isEmpty {
        tokens.append(NoteToken(range: link.targetRange, kind: .wikiLinkTarget, isUnresolved: isBroken))
      }
      if let anchor = link.anchorRange, !anchor.isEmpty {
        tokens.append(NoteToken(range: anchor, kind: .wikiLinkAnchor, isUnresolved: isAnchorBroken))
      }
    }
    tokens.sort { $0.range.lowerBound < $1.range.lowerBound }
    // Clients may not accept overlapping tokens: the first one wins.
    var out: [NoteToken] = []
    out.reserveCapacity(tokens.count)
    for token in tokens where out.last.map({ $0.range.upperBound <= token.range.lowerBound }) ?? true {
      out.append(token)
    }
    return out
  }
}
