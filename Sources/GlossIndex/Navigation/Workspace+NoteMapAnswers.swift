import GlossSyntax

/// The answers that read, besides the note asked about, only the reverse maps, the bibliographies and the sources.
///
/// A restarted workspace can hold the maps of every note (`adoptNoteMaps`) and the records of only the notes asked
/// about (`placeFiledNote`) while the others are still being decoded: these answers are then what they are with every
/// note in. Everything else (links and tags, whose answers show other notes; cross-references; an unknown key, whose
/// hover looks for the key it was renamed to) must wait for the notes. A note's semantic tokens only mark what does
/// not resolve: without cross-references and links to headings, the maps tell.
///
/// Of the maps, they read all but the backlinks and the tags' uses (`NoteMaps.readByNoteMapAnswers`): a workspace
/// answering them may hold only those.
extension NoteMaps {
  /// The maps the answers below read: who cites a key, the labels, the notes named after a key or a name, the notes by
  /// path, the bibliographies' users. Not the backlinks (`linkers`: references, code lenses, what an edit affects) nor
  /// the tags' uses (a tag's hover and completion), whose answers wait for the notes.
  package static let readByNoteMapAnswers: Set<Member> = Set(Member.allCases).subtracting([.linkers, .tagUses])
}

extension Workspace {
  /// Whether the hover and the definition at `offset` in the note at `path` read only the note, the maps, the
  /// bibliographies and the sources: a citation of a key some source has, not a cross-reference.
  package func navigationReadsOnlyNoteMaps(at offset: Int, in path: String) -> Bool {
    guard isCitation(at: offset, in: path), case .citationItem(_, _, let item)? = element(at: offset, in: path) else {
      return false
    }
    return source(forKey: citedSourceKey(item.key)) != nil
  }

  /// What a completion reads besides the note, the maps, the bibliographies and the sources
  /// (`Workspace.completionNeed`).
  package enum CompletionNeed: Sendable {
    /// Nothing else: a source key being written, in a project whose cross-reference labels are the note's own.
    case nothingElse
    /// The search over the sources' text: a key being written right after a quotation, whose places are looked for.
    case textSearch
    /// Other notes (or the completion is not of a key).
    case notes
  }

  /// What the completion at `offset` in the note at `path`, whose text is `bytes`, reads besides the note, the maps,
  /// the bibliographies and the sources.
  package func completionNeed(at offset: Int, in path: String, text bytes: [UInt8]) -> CompletionNeed {
    guard let record = notes[path], !crossrefsSpanProject else { return .notes }
    let note = record.withBlocks(from: bytes).note
    guard case .sourceKey(_, let replace)? = CompletionContext.at(offset, in: bytes, note: note) else { return .notes }
    // As `withQuotationPlaces` finds the `[` before the `@` (or `-@`) being completed.
    var bracket = replace.lowerBound - 2
    if bracket >= 0, bracket < bytes.count, bytes[bracket] == UInt8(ascii: "-") { bracket -= 1 }
    guard bracket >= 0, bracket < bytes.count, bytes[bracket] == UInt8(ascii: "[") else { return .nothingElse }
    return note.quotation(beforeCitationAt: bracket, in: bytes) == nil ? .nothingElse : .textSearch
  }

  /// Whether the semantic tokens of the note at `path` read only the note, the maps, the bibliographies and the
  /// sources: it has no cross-reference (whose label is looked for in other notes) and no wiki link with a heading
  /// (looked for in the note it names). A workspace holding that note and the config alone can tell.
  package func semanticTokensReadOnlyNoteMaps(in path: String) -> Bool {
    guard let record = notes[path] else { return false }
    let note = record.note
    for citation in note.citations {
      for item in citation.items where crossrefKind(ofKey: item.key, in: record) != nil { return false }
    }
    return !note.links.contains { $0.kind == .wiki && !($0.anchor ?? "").isEmpty }
  }

  /// Whether `offset` in the note at `path` is at a citation item that is not a cross-reference: what the note and
  /// the config alone tell of a hover or definition there (whether its key is known needs the bibliographies).
  package func isCitation(at offset: Int, in path: String) -> Bool {
    guard notes[path] != nil, crossrefID(at: offset, in: path) == nil,
      case .citationItem? = element(at: offset, in: path)
    else { return false }
    return true
  }
}
