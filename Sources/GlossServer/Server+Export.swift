package import GlossIndex
import GlossSyntax
import LanguageServerProtocol

/// `gloss.export`: a note or a notebook written to `exportDir` (or the output given) through the file system.
extension Server {
  /// `gloss.export`: `{"uri"? | "tag"?, "format"?, "output"?}`; answers `{"uri"}` of the main file written.
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
    let output = try root.workspace.export(
      selection, format: format, output: argument["output"]?.stringValue, text: { self.text(of: $0, in: id)?.bytes })
    try Self.write(output, root: root.path, fileSystem: options.fileSystem)
    let primary = output.primaryPath
    let path =
      primary.hasPrefix("/") ? PathComponents.normalize(primary) : PathComponents.absolute(primary, in: root.path)
    return .object(["uri": .string(FileURI(filePath: path).string)])
  }

  /// Writes the files of an export atomically under `root` (absolute outputs as given), making their folders;
  /// an earlier export file is replaced.
  package static func write(_ output: ExportOutput, root: String, fileSystem: any FileSystem) throws {
    for file in output.files {
      let path =
        file.path.hasPrefix("/") ? PathComponents.normalize(file.path) : PathComponents.absolute(file.path, in: root)
      let folder = PathComponents.split(path).folder
      do {
        if !folder.isEmpty { try fileSystem.createDirectory(folder) }
        try fileSystem.write(file.bytes, to: path, overwrite: true)
      } catch {
        throw ResponseError.invalidParams("cannot write '\(path)': \(error)")
      }
    }
  }
}
