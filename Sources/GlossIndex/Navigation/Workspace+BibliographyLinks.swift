import GlossSyntax

extension Workspace {
  /// The links of the bibliography file at `path`, in file order: each entry's `url`, its `doi` (as
  /// `https://doi.org/…`) and each path of its `file` field, spanning the value as written.
  ///
  /// A `file` path leads to the first of its candidates that exists (the server checks the disk): relative to the
  /// bibliography's folder, then to the root; `~/` and absolute paths as they are. URLs written in a `file` field
  /// are links too.
  func bibliographyLinks(in path: String) -> [DocumentLinkTarget] {
    guard let record = bibliographies[path] else { return [] }
    let folder = PathUtilities.folder(path)
    var out: [DocumentLinkTarget] = []
    for entry in record.bibliography.entries {
      for span in entry.linkSpans where !span.range.isEmpty {
        let destination: DocumentLinkTarget.Destination
        switch span.kind {
        case .url:
          destination = .url(span.text)
        case .doi:
          guard let url = Self.doiURL(span.text) else { continue }
          destination = .url(url)
        case .file:
          if span.text.contains("://") {
            destination = .url(span.text)
          } else {
            let candidates = BibliographyRecord.entryFileCandidates([span.text], from: folder, place: place)
            guard !candidates.isEmpty else { continue }
            destination = .existingFile(candidates: candidates)
          }
        }
        out.append(DocumentLinkTarget(range: span.range, destination: destination, tooltip: entry.title))
      }
    }
    return out
  }
}
