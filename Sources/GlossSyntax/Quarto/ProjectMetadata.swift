/// What Gloss reads of a Quarto project's metadata (`_quarto.yml`, `_metadata.yml`) or of a note's front matter:
/// the bibliographies, the citation style, the custom cross-reference kinds and a book's chapters.
package struct ProjectMetadata: Hashable, Sendable {
  /// `bibliography:` entries as written (a path or a list), relative to the file that names them.
  package var bibliography: [String] = []
  /// `csl:` as written.
  package var csl: String?
  /// The kinds declared under `crossref: custom:`.
  package var customCrossrefKinds: [CrossrefKind] = []
  /// A book's chapter files (`book: chapters:`, parts and appendices included), in order.
  package var chapters: [String] = []

  /// No metadata.
  package init() {}

  /// Reads the YAML text of a metadata file or front matter.
  package init(parsingYAML text: String) {
    self.init(YAMLTree(parsing: text))
  }

  /// Reads an already parsed YAML document.
  package init(_ tree: YAMLTree) {
    bibliography = tree["bibliography"]?.strings ?? []
    csl = tree["csl"]?.string.flatMap { $0.isEmpty ? nil : $0 }
    if case .list(let kinds)? = tree["crossref"]?["custom"] {
      customCrossrefKinds = kinds.compactMap(CrossrefKind.init(custom:))
    }
    if let book = tree["book"] {
      chapters = Self.chapterFiles(book["chapters"]) + Self.chapterFiles(book["appendices"])
    }
  }

  /// Whether nothing was read.
  package var isEmpty: Bool { self == ProjectMetadata() }

  /// `overlay`'s values where it has them, else these (`_metadata.yml` over `_quarto.yml`).
  package func merged(with overlay: ProjectMetadata) -> ProjectMetadata {
    var out = self
    if !overlay.bibliography.isEmpty { out.bibliography = overlay.bibliography }
    if let csl = overlay.csl { out.csl = csl }
    for kind in overlay.customCrossrefKinds where !out.customCrossrefKinds.contains(where: { $0.key == kind.key }) {
      out.customCrossrefKinds.append(kind)
    }
    if !overlay.chapters.isEmpty { out.chapters = overlay.chapters }
    return out
  }

  /// The files of a `chapters:` list: plain items, and the `chapters:` of `part:` items (with the part's own file).
  private static func chapterFiles(_ tree: YAMLTree?) -> [String] {
    guard case .list(let items)? = tree else { return [] }
    var out: [String] = []
    for item in items {
      if let file = item.string, !file.isEmpty {
        out.append(file)
      } else {
        if let part = item["part"]?.string, part.hasSuffix(".qmd") || part.hasSuffix(".md") { out.append(part) }
        out += chapterFiles(item["chapters"])
      }
    }
    return out
  }
}

/// A kind of cross-reference: its label prefix (`fig`, `thm`, a custom `dino`) and the word a reference shows.
package struct CrossrefKind: Hashable, Sendable {
  /// The prefix of its labels, before `-` (Quarto) or `:` (pandoc-crossref).
  package var key: String
  /// What Quarto writes before the number: `Figure`, `Table`, `Theorem`, ….
  package var name: String

  package init(key: String, name: String) {
    self.key = key
    self.name = name
  }

  /// A `crossref: custom:` entry: `key:` (or `ref-type:`), named by `reference-prefix:` or `caption-prefix:`.
  init?(custom tree: YAMLTree) {
    guard let key = (tree["key"] ?? tree["ref-type"])?.string, !key.isEmpty else { return nil }
    self.key = key
    name =
      (tree["reference-prefix"] ?? tree["caption-prefix"] ?? tree["name"])?.string
      ?? (key.prefix(1).uppercased() + key.dropFirst())
  }

  /// Quarto's reserved kinds, in its order.
  package static let quarto: [CrossrefKind] = [
    .init(key: "fig", name: "Figure"), .init(key: "tbl", name: "Table"), .init(key: "lst", name: "Listing"),
    .init(key: "tip", name: "Tip"), .init(key: "nte", name: "Note"), .init(key: "wrn", name: "Warning"),
    .init(key: "imp", name: "Important"), .init(key: "cau", name: "Caution"), .init(key: "thm", name: "Theorem"),
    .init(key: "lem", name: "Lemma"), .init(key: "cor", name: "Corollary"), .init(key: "prp", name: "Proposition"),
    .init(key: "cnj", name: "Conjecture"), .init(key: "def", name: "Definition"), .init(key: "exm", name: "Example"),
    .init(key: "exr", name: "Exercise"), .init(key: "sol", name: "Solution"), .init(key: "rem", name: "Remark"),
    .init(key: "alg", name: "Algorithm"), .init(key: "eq", name: "Equation"), .init(key: "sec", name: "Section"),
  ]

  /// pandoc-crossref's kinds (`@fig:x`, …).
  package static let pandocCrossref: [CrossrefKind] = [
    .init(key: "fig", name: "Figure"), .init(key: "tbl", name: "Table"), .init(key: "eq", name: "Equation"),
    .init(key: "lst", name: "Listing"), .init(key: "sec", name: "Section"),
  ]
}
