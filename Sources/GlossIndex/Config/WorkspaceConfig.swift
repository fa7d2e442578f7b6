package import GlossSyntax

/// The settings of docs/configuration.md (`.gloss.json`, `initializationOptions`, `settings.gloss`), with defaults.
package struct WorkspaceConfig: Hashable, Sendable {
  /// Globs (relative to the root) naming the notes.
  package var notes: [String] = ["**/*.md", "**/*.markdown", "**/*.qmd", "**/*.Rmd", "**/*.rmd"]
  /// Folders (relative to the root) holding source documents; `nil` means the default (`sources` when it exists).
  package var sources: [String]? = nil
  /// Bibliography files (relative to the root); `nil` means every `.bib` and `.csl.json` file in the workspace.
  package var bibliography: [String]? = nil
  /// Folder names or globs never indexed.
  package var ignore: [String] = [".git", ".obsidian", "node_modules", "export"]
  /// The folder (relative to the root) where `gloss.saveAsNote` and `gloss.newNote` put new notes; nil means the
  /// default: `notes` when the workspace has notes there, else the origin note's folder, else the folder holding the
  /// most notes (`Workspace.newNoteFolder(near:)`).
  package var newNoteDir: String? = nil
  /// The folder (relative to the root) where "Create literature note" puts new literature notes; nil means where
  /// new notes go (`newNoteDir`, else its default).
  package var literatureNoteDir: String? = nil
  /// The file names (without `.md`) that make a note a source's literature note, `{key}` standing for the citation
  /// key; the first names the notes "Create literature note" makes. A front-matter `citekey:` always counts.
  package var literatureNoteNames: [String] = ["{key}", "@{key}"]
  /// The folder (relative to the root) exports are written to; never indexed.
  package var exportDir: String = "export"
  /// Whether attributed quotations are checked against the source's text.
  package var quoteCheck: Bool = true
  /// Whether "Author Year" inlay hints follow citations.
  package var inlayHints: Bool = false
  /// Severity overrides by diagnostic code: `off`, `hint`, `info`, `warning` or `error`.
  package var diagnostics: [String: String] = [:]
  /// Globs naming notes that get no diagnostics.
  package var diagnosticsIgnore: [String] = []
  /// Where a Zotero library is read from, or that none is (docs/zotero.md).
  package var zotero = ZoteroSetting()
  /// Source key → how many pages its printed page numbers run ahead of its text's (PDF) pages.
  package var pageOffsets: [String: Int] = [:]

  /// What the root's Quarto metadata (`_quarto.yml`, then `_metadata.yml`) says: bibliographies, custom
  /// cross-reference kinds, a book's chapters. Not a `.gloss.json` key: the server reads it from those files.
  package var project = ProjectMetadata()
  /// Whether the root holds `_quarto.yml` (a Quarto project).
  package var isQuartoProject = false

  /// The defaults listed in docs/configuration.md.
  package init() {}
}
