import GlossIndex
import GlossSyntax
import TestSupport
import Testing

/// Builds workspaces from multi-file fixtures: role from the path (`sources/` → source document, `.bib` or
/// `.json` → bibliography, `.md` → note, `.gloss.json` ignored, anything else → other file).
enum Fixture {
  static func role(of path: String) -> WorkspaceFile.Role? {
    if path == ".gloss.json" { return nil }
    if path.hasPrefix("sources/") { return .sourceDocument }
    if path.hasSuffix(".bib") || path.hasSuffix(".json") { return .bibliography }
    if path.hasSuffix(".md") || path.hasSuffix(".markdown") || path.hasSuffix(".qmd") || path.hasSuffix(".Rmd") {
      return .note
    }
    return nil
  }

  static func workspace(
    _ files: [String: String], config: WorkspaceConfig = WorkspaceConfig(), place: WorkspacePlace = WorkspacePlace()
  ) -> Workspace {
    var loaded: [WorkspaceFile] = []
    var others: Set<String> = []
    for (path, marked) in files.sorted(by: { $0.key < $1.key }) {
      let text = MarkedText(marked).text
      if let role = role(of: path) {
        loaded.append(WorkspaceFile(path: path, role: role, bytes: Array(text.utf8)))
      } else if path != ".gloss.json" {
        others.insert(path)
      }
    }
    return Workspace(loading: loaded, config: config, otherFiles: others, place: place)
  }

  /// Sets one file in an existing workspace, in the role its path implies.
  @discardableResult
  static func set(_ path: String, _ marked: String, in workspace: inout Workspace) -> Set<String> {
    let bytes = Array(MarkedText(marked).text.utf8)
    switch role(of: path) {
    case .note?: return workspace.setNote(path: path, bytes: bytes)
    case .sourceDocument?: return workspace.setSourceDocument(path: path, bytes: bytes)
    case .bibliography?: return workspace.setBibliography(path: path, bytes: bytes)
    case nil: return workspace.setOtherFiles(workspace.otherFiles.union([path]))
    }
  }
}

/// One line per diagnostic: `path [lower..<upper) code`.
func dump(_ workspace: Workspace) -> [String] {
  var lines: [String] = []
  for path in workspace.diagnosedPaths {
    for d in workspace.diagnostics(for: path) {
      lines.append("\(d.path) [\(d.range.lowerBound)..<\(d.range.upperBound)) \(d.code)")
    }
  }
  return lines.sorted()
}

/// Checks that the workspace built from `files` has exactly the diagnostics marked: each `⏩…⏪` range in a file
/// carries the code at the same position in `expected[path]`.
func checkDiagnostics(
  _ files: [String: String], _ expected: [String: [String]], config: WorkspaceConfig = WorkspaceConfig(),
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let workspace = Fixture.workspace(files, config: config)
  #expect(dump(workspace) == expectedDump(files, expected), sourceLocation: sourceLocation)
}

/// The dump `checkDiagnostics` expects for `files` and `expected`.
func expectedDump(_ files: [String: String], _ expected: [String: [String]]) -> [String] {
  var lines: [String] = []
  for (path, marked) in files {
    let ranges = MarkedText(marked).ranges
    let codes = expected[path] ?? []
    for (index, range) in ranges.enumerated() {
      let code = index < codes.count ? codes[index] : "<missing code>"
      lines.append("\(path) [\(range.lowerBound)..<\(range.upperBound)) \(code)")
    }
    for code in codes.dropFirst(ranges.count) { lines.append("\(path) <missing range> \(code)") }
  }
  return lines.sorted()
}
