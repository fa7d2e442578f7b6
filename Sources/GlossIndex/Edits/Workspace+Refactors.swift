import GlossSyntax

/// A refactoring offered as a code action: a title, an LSP code action kind and the command that carries it out.
package struct RefactorAction: Hashable, Sendable {
  /// What the command is given.
  package enum Target: Hashable, Sendable {
    /// The selection (UTF-8 offsets) in the file at `path`: `gloss.saveAsNote {"uri", "range"}`.
    case selection(path: String, range: Range<Int>)
    /// The file at `path`: `gloss.convertToSource {"uri"}`.
    case file(path: String)
    /// A cited source: `gloss.createLiteratureNote {"key"}`, or `gloss.openSource {"key", "target"}` with `target`.
    case source(key: String, target: String?)
  }

  /// The title shown in the editor's menu.
  package var title: String
  /// `refactor.extract` or `refactor.rewrite`.
  package var kind: String
  /// The `workspace/executeCommand` name.
  package var command: String
  /// What the command is given.
  package var target: Target
}

extension Workspace {
  /// The refactorings at `selection` of the file at `path`: "Save selection as note" for a non-blank selection in a
  /// note or a source document, and last "Convert note to source" in a note, except on a quotation or a citation
  /// (where the actions are about the quotation, and a move of the whole note is never what the key press meant).
  package func refactors(at path: String, selection: Range<Int>, bytes: [UInt8]) -> [RefactorAction] {
    var actions: [RefactorAction] = []
    let isNote = notes[path] != nil
    guard isNote || sourceDocuments[path] != nil else { return [] }
    let lower = min(max(selection.lowerBound, 0), bytes.count)
    let upper = min(max(selection.upperBound, lower), bytes.count)
    if bytes[lower..<upper].contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) {
      actions.append(
        RefactorAction(
          title: "Save selection as note", kind: "refactor.extract", command: "gloss.saveAsNote",
          target: .selection(path: path, range: lower..<upper)))
    }
    if isNote, case .citationItem(_, _, let item)? = element(at: lower, in: path) {
      let key = citedSourceKey(item.key)
      if hasSource(key) {
        // On a citation: its source's literature note, opened when there is one, else made.
        actions.append(
          literatureNote(forKey: key) == nil
            ? RefactorAction(
              title: "Create literature note for '\(key)'", kind: "refactor.extract",
              command: "gloss.createLiteratureNote", target: .source(key: key, target: nil))
            : RefactorAction(
              title: "Open literature note for '\(key)'", kind: "refactor.extract", command: "gloss.openSource",
              target: .source(key: key, target: "note")))
      }
    }
    if let record = notes[path], !isOnQuotationOrCitation(lower..<upper, in: record) {
      actions.append(
        RefactorAction(
          title: "Convert note to source", kind: "refactor.rewrite", command: "gloss.convertToSource",
          target: .file(path: path)))
    }
    return actions
  }

  /// Whether `range` touches a citation of the note `record`, or one of its quotations with its quote marks.
  private func isOnQuotationOrCitation(_ range: Range<Int>, in record: NoteRecord) -> Bool {
    func touches(_ other: Range<Int>) -> Bool {
      other.lowerBound <= range.upperBound && range.lowerBound <= other.upperBound
    }
    return record.note.citations.contains { touches($0.range) }
      || record.quotations.contains { touches(quotationReach($0, in: record)) }
  }
}
