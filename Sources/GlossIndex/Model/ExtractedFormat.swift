/// The kinds of source file whose text an external tool extracts (`pdftotext`, `pandoc -t plain`): the index is
/// handed that text, with form feeds between pages, and reads it as plain text.
package enum ExtractedFormat: String, Hashable, Sendable, CaseIterable {
  /// `.pdf`, through `pdftotext`.
  case pdf
  /// `.docx`, through `pandoc -t plain`.
  case docx
  /// `.epub`, through `pandoc -t plain`.
  case epub
  /// `.odt`, through `pandoc -t plain`.
  case odt

  /// The format for a file name extension (any case), nil for files read as they are.
  package init?(pathExtension: String) {
    self.init(rawValue: pathExtension.lowercased())
  }

  /// The format of the file at `path`, if its text is extracted.
  package init?(path: String) {
    self.init(pathExtension: PathUtilities.pathExtension(path))
  }
}
