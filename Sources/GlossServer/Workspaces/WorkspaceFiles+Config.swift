package import GlossIndex
package import GlossSyntax

/// The configuration of one root, with what was wrong in the file or the editor's settings.
package struct LoadedConfig: Sendable {
  /// The settings in force: defaults, then the editor's, then the file's.
  package var config: WorkspaceConfig
  /// Problems in `.gloss.json` (byte ranges in the file), to publish as `malformed-config` on the file itself.
  package var fileProblems: [SyntaxProblem]
  /// Problems in the editor's settings, to log (`window/logMessage`): they have no file to point at.
  package var editorProblems: [String]

  /// Makes a record.
  package init(config: WorkspaceConfig, fileProblems: [SyntaxProblem] = [], editorProblems: [String] = []) {
    self.config = config
    self.fileProblems = fileProblems
    self.editorProblems = editorProblems
  }
}

extension WorkspaceFiles {
  /// Reads the root's `.gloss.json` (when there is one) and merges it over the editor's settings; the file wins.
  package static func loadConfig(
    root: String,
    editorSettings: ConfigValue?,
    fileSystem: any FileReading
  ) -> LoadedConfig {
    let path = PathComponents.join(root, WorkspaceLayout.configFileName)
    var bytes: [UInt8]?
    var readProblems: [SyntaxProblem] = []
    do {
      bytes = try fileSystem.contents(of: path)
    } catch  where error.kind == .notFound {
      bytes = nil
    } catch {
      readProblems.append(SyntaxProblem(range: 0..<0, message: "cannot read '.gloss.json': \(error.reason)"))
    }
    let resolved = WorkspaceConfig.resolved(editorSettings: editorSettings, file: bytes)
    var config = resolved.config
    // Quarto's project metadata: `_metadata.yml` over `_quarto.yml` (both optional; an unreadable one is skipped).
    for name in WorkspaceLayout.projectFileNames {
      guard let yaml = try? fileSystem.contents(of: PathComponents.join(root, name)) else { continue }
      if name == "_quarto.yml" { config.isQuartoProject = true }
      config.project = config.project.merged(
        with: ProjectMetadata(parsingYAML: String(decoding: yaml, as: UTF8.self)))
    }
    return LoadedConfig(
      config: config,
      fileProblems: readProblems + resolved.fileProblems,
      editorProblems: resolved.editorProblems
    )
  }

  /// Walks the root again with the same rules and says what changed since this walk.
  package func rescanned(fileSystem: any FileReading) -> (files: WorkspaceFiles, changes: FileChanges) {
    let next = Self.discover(
      root: root, config: layout.config, fileSystem: fileSystem, home: home, referenced: referenced)
    return (next, next.snapshot.changes(since: snapshot))
  }
}
