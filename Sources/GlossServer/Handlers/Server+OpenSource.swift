import GlossIndex
import GlossSyntax
import LanguageServerProtocol

/// `gloss.openSource` and `gloss.createLiteratureNote` (docs/commands.md): a cited source opened at the page, in
/// Zotero or in the PDF viewer, for editors that do not follow document links; its literature note opened or made.
extension Server {
  /// `gloss.openSource`: `{"uri", "position"}` of a citation item, or `{"key", "locator"?}`; `"target"` is `zotero`,
  /// `pdf` or `note` (default: Zotero when the source is a Zotero attachment, else the PDF). Asks the client to open
  /// it (`window/showDocument`, `external` for the PDF and Zotero) and answers `{"uri"}`, for an editor that opens
  /// it itself.
  func openSource(_ argument: JSONValue) throws -> JSONValue {
    let id: RootID
    let opening: SourceOpening?
    let key: String
    if let uri = argument["uri"]?.stringValue {
      let (location, text) = try document(at: uri)
      guard let positionValue = argument["position"],
        let position = try? Self.decode(Position.self, from: positionValue)
      else { throw ResponseError.invalidParams("'gloss.openSource' needs a 'position' with its 'uri'") }
      let offset = text.offset(of: position, in: connection.positionEncoding)
      guard let workspace = workspace(location.root),
        case .citationItem(_, _, let item)? = workspace.element(at: offset, in: location.path)
      else { throw ResponseError.invalidParams("no citation at that position") }
      id = location.root
      key = workspace.citedSourceKey(item.key)
      opening = workspace.sourceOpening(at: offset, in: location.path)
    } else if let written = argument["key"]?.stringValue {
      id = try commandRoot()
      guard let workspace = workspace(id) else { throw ResponseError.invalidParams("the workspace is gone") }
      key = workspace.citedSourceKey(written)
      let locator = argument["locator"]?.stringValue.flatMap { Locator.first(in: $0) }
      opening = workspace.sourceOpening(forKey: key, locator: locator)
    } else {
      throw ResponseError.invalidParams("'gloss.openSource' needs a 'uri' and 'position', or a 'key'")
    }
    guard let root = root(id), root.workspace.hasSource(key) else {
      throw ResponseError.invalidParams("unknown source '\(key)'")
    }
    let target = argument["target"]?.stringValue
    let uri: DocumentURI
    switch target {
    case "note":
      guard let note = root.workspace.literatureNote(forKey: key) else {
        throw ResponseError.invalidParams("'\(key)' has no literature note")
      }
      uri = root.uri(for: note)
      if connection.capabilities.window?.showDocument?.support == true {
        sendRequest(ShowDocumentRequest(uri: uri, takeFocus: true))
      }
      return .object(["uri": .string(uri)])
    case "zotero",
      nil where opening?.zoteroURL != nil:
      guard let url = opening?.zoteroURL else {
        throw ResponseError.invalidParams("'\(key)' is not in a Zotero library")
      }
      uri = url
    case "pdf", nil:
      guard let opening, let pdf = opening.pdfPath else { throw ResponseError.invalidParams("'\(key)' has no PDF") }
      uri = root.uri(for: pdf) + opening.pageFragment
    case let other?:
      throw ResponseError.invalidParams("'gloss.openSource' opens 'zotero', 'pdf' or 'note', not '\(other)'")
    }
    if connection.capabilities.window?.showDocument?.support == true {
      sendRequest(ShowDocumentRequest(uri: uri, external: true))
    }
    return .object(["uri": .string(uri)])
  }

  /// `gloss.createLiteratureNote`: `{"key"}`; the note is written through the guarded writer (never over a file) and
  /// shown; answers `{"uri"}`.
  func createLiteratureNote(_ argument: JSONValue) throws -> JSONValue {
    guard let key = argument["key"]?.stringValue else {
      throw ResponseError.invalidParams("'gloss.createLiteratureNote' needs a 'key'")
    }
    let id = try commandRoot()
    guard let workspace = workspace(id) else { throw ResponseError.invalidParams("the workspace is gone") }
    let change = try workspace.createLiteratureNote(forKey: key, isTaken: isTaken(in: id))
    return try apply(change, in: id, label: "Create literature note")
  }
}
