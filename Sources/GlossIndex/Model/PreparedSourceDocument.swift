import GlossMatching
package import GlossSyntax

/// A source document parsed, and its quotation index built, away from the server loop: the text an external tool
/// extracted from a PDF (or an office file), or why it has none. `Workspace.setPreparedSourceDocuments` puts a
/// batch of them in place at once, so the loop only files them and re-checks the notes citing them.
package struct PreparedSourceDocument: Sendable {
  /// The parsed document (empty when the file has no text).
  package var record: SourceDocumentRecord
  /// Why the file has no text; nil when it has.
  package var problem: String?
  /// The text's quotation index, when quotations are checked and there is a text.
  var quoteIndex: QuoteIndex?
  /// The lexicon the index was built with: the index is used only by the workspace sharing it.
  var lexicon: QuoteLexicon?
}

/// What preparing source documents away from the loop needs of a workspace, safe to hand to another thread.
package struct SourcePreparation: Sendable {
  /// The workspace's lexicon when it checks quotations, else nil (no index is built).
  let lexicon: QuoteLexicon?

  /// Parses `text` as the source document at `path` (format from the extension; the extracted formats are read as
  /// plain text with pages at form feeds, `pageLabels` the page numbers a PDF prints) and indexes it for quotation
  /// checks; with `problem`, the file has no text.
  package func prepare(
    path: String, text: [UInt8], pageLabels: PageLabels? = nil, problem: String? = nil
  ) -> PreparedSourceDocument {
    let record = SourceDocumentRecord(path: path, bytes: text, pageLabels: pageLabels)
    let index =
      problem == nil && !text.isEmpty ? lexicon.map { QuoteIndex(text: record.document.text, lexicon: $0) } : nil
    return PreparedSourceDocument(
      record: record, problem: problem, quoteIndex: index, lexicon: index == nil ? nil : lexicon)
  }
}

extension Workspace {
  /// What preparing a source document for this workspace away from the loop needs (see `setPreparedSourceDocuments`).
  package var sourcePreparation: SourcePreparation {
    SourcePreparation(lexicon: config.quoteCheck ? quotes.lexicon : nil)
  }

  /// Puts source documents prepared away from the loop in place, all at once, and re-diagnoses the files they affect
  /// once; returns the paths whose diagnostics changed. Their quotation indexes serve the checks of this call (and
  /// stay for large texts, as `diagnoseAll` keeps them). The notes citing them are re-diagnosed only where they cite
  /// the keys whose texts changed (`KeyScope`).
  @discardableResult
  package mutating func setPreparedSourceDocuments(_ prepared: [PreparedSourceDocument]) -> Set<String> {
    let scope = keyScope(replacing: prepared.map(\.record))
    var affected: Set<String> = []
    var always: Set<String> = []
    var indexed: [String] = []
    for item in prepared {
      let path = item.record.path
      textProblems[path] = item.problem
      affected.formUnion(removeOtherRoles(path, keeping: .sourceDocument))
      affected.formUnion(replaceSourceDocument(at: path, with: item.record))
      always.insert(path)
      // Replacing the document dropped its old index; an index built with another workspace's lexicon is useless.
      if let index = item.quoteIndex, let lexicon = item.lexicon, lexicon === quotes.lexicon {
        quotes.indexes[path] = index
        indexed.append(path)
      }
    }
    pendingPaths.subtract(always)
    var changed: Set<String> = []
    if let scope, diagnosedWithSources != knowsNoSources {
      affected.subtract(scope.before.keys)
      changed = refreshDiagnostics(in: scope)
    }
    changed.formUnion(refreshDiagnostics(affected, always: always))
    for path in indexed where (quotes.indexes[path]?.textCount ?? 0) < Self.residentIndexBytes {
      quotes.indexes[path] = nil
    }
    return changed
  }
}
