import GlossIndex
import GlossSyntax
package import LanguageServerProtocol

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `workspace/executeCommand`: the commands of docs/commands.md, each a query in GlossIndex turned into file changes.
extension Server {
  /// Every command the server runs, as listed in `executeCommandProvider.commands`.
  static let commandNames = [
    "gloss.saveAsNote", "gloss.newNote", "gloss.convertToSource", "gloss.reindex", "gloss.export", "gloss.find",
    "gloss.openSource", "gloss.createLiteratureNote",
  ]

  /// Runs one of `commandNames` with its first argument (an object).
  func runCommand(_ params: ExecuteCommandRequest) throws -> JSONValue {
    let argument = params.arguments?.first ?? .object([:])
    do {
      switch params.command {
      case "gloss.saveAsNote": return try saveAsNote(argument)
      case "gloss.newNote": return try newNote(argument)
      case "gloss.convertToSource": return try convertToSource(argument)
      case "gloss.export": return try export(argument)
      case "gloss.find": return try find(argument)
      case "gloss.openSource": return try openSource(argument)
      case "gloss.createLiteratureNote": return try createLiteratureNote(argument)
      case "gloss.reindex":
        // Every folder is walked again and every file it held is read again, even when its size and time look
        // unchanged; a changed config re-indexes the whole root.
        for root in roots where root.kind == .folder {
          syncWithDisk(root.id, forcing: Set(root.files.files.map(\.path) + [WorkspaceLayout.configFileName]))
        }
        return .null
      default: throw ResponseError.invalidParams("unknown command '\(params.command)'")
      }
    } catch let error as CommandError {
      throw ResponseError.invalidParams(error.message)
    }
  }

  /// `gloss.saveAsNote`: `{"uri", "range", "title"?}` or `{"text", "title"?}`.
  private func saveAsNote(_ argument: JSONValue) throws -> JSONValue {
    let title = argument["title"]?.stringValue
    let id: RootID
    let origin: SaveAsNoteOrigin
    if let uri = argument["uri"]?.stringValue {
      let (location, text) = try currentDocument(at: uri)
      guard let rangeValue = argument["range"], let range = try? Self.decode(LSPRange.self, from: rangeValue) else {
        throw ResponseError.invalidParams("'gloss.saveAsNote' needs a 'range' with its 'uri'")
      }
      let selection = text.range(of: range, in: connection.positionEncoding)
      id = location.root
      if workspace(id)?.notes[location.path] != nil {
        origin = .note(path: location.path, bytes: text.bytes, selection: selection)
      } else if workspace(id)?.sourceDocuments[location.path] != nil {
        origin = .sourceDocument(path: location.path, selection: selection)
      } else {
        throw ResponseError.invalidParams("'\(uri)' is neither a note nor a source document")
      }
    } else if let text = argument["text"]?.stringValue {
      id = try commandRoot()
      origin = .text(text)
    } else {
      throw ResponseError.invalidParams("'gloss.saveAsNote' needs a 'uri' and 'range', or a 'text'")
    }
    guard let workspace = workspace(id) else { throw ResponseError.invalidParams("the workspace is gone") }
    let change = try workspace.saveAsNote(from: origin, title: title, created: options.now(), isTaken: isTaken(in: id))
    return try apply(change, in: id, label: "Save selection as note")
  }

  /// `gloss.newNote`: `{"title", "dir"?}`.
  private func newNote(_ argument: JSONValue) throws -> JSONValue {
    guard let title = argument["title"]?.stringValue else {
      throw ResponseError.invalidParams("'gloss.newNote' needs a 'title'")
    }
    let id = try commandRoot()
    guard let workspace = workspace(id) else { throw ResponseError.invalidParams("the workspace is gone") }
    let change = try workspace.newNote(
      title: title, dir: argument["dir"]?.stringValue, created: options.now(), isTaken: isTaken(in: id))
    return try apply(change, in: id, label: "New note")
  }

  /// `gloss.convertToSource`: `{"uri"}` of a note.
  private func convertToSource(_ argument: JSONValue) throws -> JSONValue {
    guard let uri = argument["uri"]?.stringValue else {
      throw ResponseError.invalidParams("'gloss.convertToSource' needs a 'uri'")
    }
    let (location, text) = try currentDocument(at: uri)
    guard let root = root(location.root) else { throw ResponseError.invalidParams("the workspace is gone") }
    let folder = root.files.layout.sourceFolders.first ?? root.workspace.config.sources?.first ?? "sources"
    let change = try root.workspace.convertToSource(
      path: location.path, bytes: text.bytes, sourceFolder: folder, isTaken: isTaken(in: location.root))
    // Said once it is done, with the way back: the editor undoes the move (a `RenameFile`) and the `id` line as one
    // edit, and renaming the file back makes it a note again.
    var moves: [String] = []
    for case .rename(let old, let new) in change.operations { moves.append("moved '\(old)' to '\(new)'") }
    let done =
      (moves.isEmpty ? "'\(location.path)' is" : moves.joined(separator: ", ") + ": it is") + " now a source, cited "
      + "by its front-matter id; undo the edit (or move the file back and remove the id) to make it a note again"
    return try apply(change, in: location.root, label: "Convert note to source", done: done)
  }

  // MARK: Documents and roots the commands act on

  /// The location and current text of the document at `uri`.
  func document(at uri: DocumentURI) throws -> (DocumentLocation, SourceText) {
    guard let location = locate(uri), let text = text(of: location.path, in: location.root) else {
      throw ResponseError.invalidParams("'\(uri)' is not a readable file of a workspace")
    }
    return (location, text)
  }

  /// The location and text of the document at `uri` as a command that edits it must see them: the editor's buffer
  /// when it is open, else the bytes on disk now (the index is brought up to date first when its copy is stale, so
  /// a line saved a moment ago by another program is not lost).
  func currentDocument(at uri: DocumentURI) throws -> (DocumentLocation, SourceText) {
    let (location, text) = try document(at: uri)
    guard documents[uri] == nil, let root = root(location.root), root.kind == .folder,
      let disk = try? options.reader.contents(of: root.files.absolutePath(location.path)), disk != text.bytes
    else { return (location, text) }
    syncWithDisk(location.root, forcing: [location.path])
    return try document(at: uri)
  }

  /// The root commands without a document work in: the first workspace folder, else the first root.
  func commandRoot() throws -> RootID {
    guard let root = roots.first(where: { $0.kind == .folder }) ?? roots.first else {
      throw ResponseError.invalidParams("no workspace folder is open")
    }
    return root.id
  }

  /// Whether a root-relative path of root `id` exists on disk.
  func isTaken(in id: RootID) -> (String) -> Bool {
    guard let root = root(id) else { return { _ in true } }
    let fileSystem = options.reader
    return { fileSystem.fileExists(root.files.absolutePath($0)) }
  }

  /// `value` decoded as `T` (through its JSON text).
  package static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
    try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
  }
}
