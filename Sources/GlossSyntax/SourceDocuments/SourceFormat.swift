/// The kinds of file Gloss reads as source documents (docs/sources-and-libraries.md).
package enum SourceFormat: Sendable {
  /// `.md`, `.markdown`: front matter, ATX and setext headings.
  case markdown
  /// `.txt`: the text as is, conservative numbered headings.
  case plainText
  /// `.html`, `.htm`: the visible text.
  case html

  /// The format for a file name extension (`md`, `markdown`, `txt`, `html`, `htm`; any case), nil for others.
  package init?(pathExtension: String) {
    switch pathExtension.lowercased() {
    case "md", "markdown": self = .markdown
    case "txt", "text": self = .plainText
    case "html", "htm", "xhtml": self = .html
    default: return nil
    }
  }
}
