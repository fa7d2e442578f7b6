import GlossIndex
import GlossSyntax
import LanguageServerProtocol

/// `gloss.export`: a note or a notebook written to `exportDir` (or the output given) through the file system.
extension Server {
  /// `gloss.export`: `{"uri"? | "tag"?, "format"?, "output"?}`; answers `{"uri"}` of the main file written, with
  /// `"unknownKeys"` (and a warning shown) when cited keys have no source, `"unknownCrossrefs"` when cross-references
  /// name no label.
  func export(_ argument: JSONValue) throws -> JSONValue {
    let formatName = argument["format"]?.stringValue ?? "markdown"
    guard let format = ExportFormat(rawValue: formatName) else {
      let known = ExportFormat.allCases.map(\.rawValue).joined(separator: ", ")
      throw ResponseError.invalidParams("unknown export format '\(formatName)' (known: \(known))")
    }
    let id: RootID
    let selection: ExportSelection
    if let uri = argument["uri"]?.stringValue {
      guard let location = locate(uri) else { throw ResponseError.invalidParams("'\(uri)' is not in a workspace") }
      id = location.root
      selection = .notes([location.path])
    } else if let tag = argument["tag"]?.stringValue {
      id = try commandRoot()
      selection = .tag(tag)
    } else {
      throw ResponseError.invalidParams("'gloss.export' needs a 'uri' or a 'tag'")
    }
    guard let root = root(id) else { throw ResponseError.invalidParams("the workspace is gone") }
    let writer = writer(for: root)
    // An output is a path inside the workspace (absolute, root-relative or a `file://` URI), checked before any work.
    let given = argument["output"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
    let output = try given.map { given throws(CommandError) in try writer.relativePath(ofGiven: given) }
    let result = try root.workspace.export(
      selection, format: format, output: output, text: { self.text(of: $0, in: id)?.bytes })
    try writer.writeExport(result)
    var answer: [String: JSONValue] = [
      "uri": .string(FileURI(filePath: root.files.absolutePath(result.primaryPath)).string)
    ]
    if !result.unknownKeys.isEmpty {
      // Written all the same, with `key?` where the citation would be: said, not left for the reader to find.
      answer["unknownKeys"] = .array(result.unknownKeys.map { .string($0) })
      let keys = result.unknownKeys.map { "'\($0)'" }.joined(separator: ", ")
      let count = result.unknownKeys.count
      send(
        ShowMessageNotification(
          type: .warning,
          message: "the export shows \(count) cited \(count == 1 ? "key" : "keys") without a source as 'key?': \(keys)")
      )
    }
    if !result.unknownCrossrefs.isEmpty {
      answer["unknownCrossrefs"] = .array(result.unknownCrossrefs.map { .string($0) })
      let keys = result.unknownCrossrefs.map { "'\($0)'" }.joined(separator: ", ")
      let count = result.unknownCrossrefs.count
      send(
        ShowMessageNotification(
          type: .warning,
          message: "the export shows \(count) \(count == 1 ? "cross-reference" : "cross-references") without a label"
            + " as Quarto does ('?@label'): \(keys)"))
    }
    return .object(answer)
  }

  /// The guarded writer of a root's files (see `WorkspaceWriter`).
  func writer(for root: WorkspaceRoot) -> WorkspaceWriter {
    options.workspaceWriter(root: root.path)
  }
}
