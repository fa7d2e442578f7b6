/// The settings of SPEC §1 (`.gloss.json`, `initializationOptions`, `settings.gloss`), with defaults.
package struct WorkspaceConfig: Hashable, Sendable {
  /// Globs (relative to the root) naming the notes.
  package var notes: [String] = ["**/*.md", "**/*.markdown"]
  /// Folders (relative to the root) holding source documents; `nil` means the default (`sources` when it exists).
  package var sources: [String]? = nil
  /// Bibliography files (relative to the root); `nil` means every `.bib` and `.csl.json` file in the workspace.
  package var bibliography: [String]? = nil
  /// Folder names or globs never indexed.
  package var ignore: [String] = [".git", ".obsidian", "node_modules", "export"]
  package var newNoteDir: String = "notes"
  package var exportDir: String = "export"
  package var quoteCheck: Bool = true
  package var inlayHints: Bool = false
  /// Severity overrides by diagnostic code: `off`, `hint`, `info`, `warning` or `error`.
  package var diagnostics: [String: String] = [:]
  /// Globs naming notes that get no diagnostics.
  package var diagnosticsIgnore: [String] = []

  package init() {}
}
