package import GlossIndex
package import GlossSyntax

/// One file whose text an external tool is to extract: where it is and the size and time that key its cache entry.
package struct ExtractionJob: Hashable, Sendable {
  /// The root that asked for it.
  package var root: RootID
  /// Its path in that root's index (root-relative, or absolute outside the root).
  package var path: String
  /// The absolute path on disk.
  package var absolutePath: String
  /// The size in bytes when it was looked at.
  package var size: Int
  /// The modification time when it was looked at.
  package var modificationTime: FileTime
  /// Which tool reads it.
  package var format: ExtractedFormat

  /// Makes a job.
  package init(
    root: RootID, path: String, absolutePath: String, size: Int, modificationTime: FileTime, format: ExtractedFormat
  ) {
    self.root = root
    self.path = path
    self.absolutePath = absolutePath
    self.size = size
    self.modificationTime = modificationTime
    self.format = format
  }
}

/// What an extraction gave: the text (pages separated by form feeds), or why there is none.
package enum ExtractionOutcome: Hashable, Sendable {
  /// The extracted text, UTF-8, and the page numbers a PDF prints (its page labels), when it has them.
  case text([UInt8], pageLabels: PageLabels? = nil)
  /// No text, with a user-facing reason; `isLasting` when trying again on the same file would give the same answer
  /// (encrypted, scanned), so it is cached too.
  case noText(reason: String, isLasting: Bool)
}

/// What one background extraction hands the loop: the outcome, with the text already parsed and indexed off the
/// loop, so that putting it in place is quick.
package struct ExtractedSource: Sendable {
  /// The file.
  package var job: ExtractionJob
  /// The text with its line table (for position conversions), when there is one.
  package var text: SourceText?
  /// The parsed document (or why there is no text), ready for `Workspace.setPreparedSourceDocuments`.
  package var prepared: PreparedSourceDocument

  /// Parses and indexes `outcome` as `job`'s source document for a workspace as `preparation` describes it.
  package init(_ job: ExtractionJob, outcome: ExtractionOutcome, preparation: SourcePreparation) {
    self.job = job
    switch outcome {
    case .text(let bytes, let pageLabels):
      let text = SourceText(bytes: bytes)
      self.text = text
      prepared = preparation.prepare(path: job.path, text: text.bytes, pageLabels: pageLabels)
    case .noText(let reason, _):
      text = nil
      prepared = preparation.prepare(path: job.path, text: [], problem: reason)
    }
  }
}
